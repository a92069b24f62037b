import type { Scene, StackView } from '../src/../src/contracts/scene.js';
import type { LoadedMap } from '../src/maps/game-map.js';
import { printedScene } from '../src/session/map-views.js';

/**
 * A busy mid-game picture for timing: printed control, a counter in every third German
 * front hex (stacks of one to three), a move arrow and a battle.
 */
export function sampleScene(map: LoadedMap): Scene {
  const scene = printedScene(map);
  const control = scene.control?.hexes ?? {};
  const stacks: StackView[] = [];
  const ids = map.ids.filter((id) => control[id] === 'german' || map.hex(id)!.setup === 'german');
  ids.forEach((hex, i) => {
    if (i % 3 !== 0) return;
    const n = 1 + (i % 3);
    stacks.push({
      hex,
      counters: Array.from({ length: n }, (_, k) => ({
        label: `${i + k}`,
        colour: '#5a5f66',
        text: '#ffffff',
        symbol: k === 0 ? 'panzer' : 'infantry',
        strength: String(3 + ((i + k) % 5)),
        reduced: (i + k) % 4 === 0,
      })),
    });
  });
  const first = stacks[0]?.hex ?? map.ids[0]!;
  const path = [first, ...map.neighbours(first).slice(0, 1)];
  scene.stacks = stacks;
  scene.highlights = { path, pathLabel: '4 MP', combat: [path[path.length - 1]!] };
  scene.panel = { title: map.data.title, lines: ['Turn 3 of 8', 'Phase: German movement & combat'], score: [['VP', '7 / 16']] };
  return scene;
}

export function busiestHex(scene: Scene, map: LoadedMap): string {
  return scene.stacks?.[Math.floor((scene.stacks.length - 1) / 2)]?.hex ?? map.ids[Math.floor(map.ids.length / 2)]!;
}
