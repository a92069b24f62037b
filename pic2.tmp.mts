import { writeFileSync } from 'node:fs';
import { typhoonEngine } from './src/games/operation-typhoon/index.ts';
import { typhoonScene, focusHexes } from './src/games/operation-typhoon/scene.ts';
import { loadMap, mapPath } from './src/maps/game-map.ts';
import { renderMap, encodeImage } from './src/render/render-map.ts';
import { frame } from './src/session/replies.ts';
const e = typhoonEngine();
const ix = e.index;
const map = loadMap(mapPath('operation-typhoon'));
async function shot(name, s, events) {
  const hexes = focusHexes(s, events);
  const f = frame(map, hexes);
  const canvas = renderMap(map, typhoonScene(ix, s, events), { kind: 'zoom', center: f.center, radius: f.radius });
  writeFileSync(`/tmp/oc/${name}.png`, await encodeImage(canvas, 'png'));
}
outer: for (let seed = 1; seed < 60; seed++) {
  let s = e.apply(e.setup({ seed }), { type: 'setup-done' }).state;
  for (const [id, u] of Object.entries(s.units)) {
    const sov = ix.map.neighbours(u.hex).find((n) => ix.initiallySoviet.has(n));
    if (!sov) continue;
    const here = Object.keys(s.units).filter((x) => s.units[x].hex === u.hex);
    let r;
    try { r = e.apply(s, { type: 'move', from: u.hex, units: here.filter(x=>ix.unit(x).mobility===ix.unit(id).mobility), path: [sov] }); } catch { continue; }
    if (r.state.battle && r.state.battle.soviet.filter(x=>!x.out && x.steps>0).length >= 2) {
      console.log('seed', seed, u.hex, '->', sov, r.state.battle.soviet);
      await shot('battle-open', r.state, r.events);
      const back = e.apply(r.state, { type: 'retreat' });
      console.log(back.events.map((x) => x.text));
      await shot('battle-retreat', back.state, back.events);
      break outer;
    }
  }
}
