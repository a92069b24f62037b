import { describe, expect, it } from 'vitest';
import { typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { typhoonScene } from '../../../src/games/operation-typhoon/scene.js';
import type { TyphoonState } from '../../../src/games/operation-typhoon/state.js';
import { loadMap, mapPath } from '../../../src/maps/game-map.js';
import { clearOf } from '../../../src/render/dynamic-layers.js';
import { stackViewBoxes } from '../../../src/render/placement.js';
import { ZOOM_HEX_SIZE } from '../../../src/render/render-map.js';
import { staticLayer } from '../../../src/render/static-layer.js';

/** Battle pictures show both sides (10.5, 10.7): attackers and defenders, and those who held. */
const engine = typhoonEngine();
const index = engine.index;

/** A battle with at least two surviving defenders waiting for the commander's decision. */
function battleWaiting(): { s: TyphoonState; hex: string } {
  for (let seed = 1; seed < 80; seed++) {
    const s = engine.apply(engine.setup({ seed }), { type: 'setup-done' }).state;
    for (const [id, u] of Object.entries(s.units)) {
      const sov = index.map.neighbours(u.hex).find((n) => index.initiallySoviet.has(n));
      if (!sov) continue;
      const here = Object.keys(s.units).filter((x) => s.units[x]!.hex === u.hex && index.unit(x).mobility === index.unit(id).mobility);
      try {
        const r = engine.apply(s, { type: 'move', from: u.hex, units: here, path: [sov] });
        if (r.state.battle && r.state.battle.soviet.filter((x) => !x.out && x.steps > 0).length >= 2) return { s: r.state, hex: sov };
      } catch {}
    }
  }
  throw new Error('no battle found');
}

describe('battle pictures', () => {
  it('draw the attackers and the surviving defenders side by side in the battle hex', () => {
    const { s, hex } = battleWaiting();
    const stack = typhoonScene(index, s).stacks!.find((st) => st.hex === hex)!;
    const attackers = s.active!.units.map((u) => index.unit(u).label);
    expect(stack.counters.map((c) => c.label).sort()).toEqual([...attackers].sort());
    const survivors = s.battle!.soviet.filter((u) => !u.out && u.steps > 0).map((u) => index.sovietUnit(u.id).label);
    expect(stack.opposing!.map((c) => c.label)).toEqual(survivors);
  });

  it('after a failed attack, draw the defenders who held, for that order only', () => {
    const { s, hex } = battleWaiting();
    const survivors = s.battle!.soviet.filter((u) => !u.out && u.steps > 0).map((u) => index.sovietUnit(u.id).label);
    const back = engine.apply(s, { type: 'retreat' });
    expect(back.events.some((e) => e.kind === 'battle-lost')).toBe(true);
    const held = typhoonScene(index, back.state, back.events).stacks!.find((st) => st.hex === hex)!;
    expect(held.counters.map((c) => c.label)).toEqual(survivors);
    expect(held.opposing).toBeUndefined();
    // The next order's picture no longer shows them: they are back in the pool (10.9).
    const next = engine.apply(back.state, { type: 'end-phase' });
    expect(typhoonScene(index, next.state, next.events).stacks!.some((st) => st.hex === hex)).toBe(false);
  });

  it('keep the move label off every counter, the split battle hex included', () => {
    const { s, hex } = battleWaiting();
    const map = loadMap(mapPath('operation-typhoon'));
    const layout = staticLayer(map, ZOOM_HEX_SIZE).layout;
    const counters = typhoonScene(index, s).stacks!.flatMap((st) => stackViewBoxes(layout, st));
    const head = layout.center(hex);
    const size = layout.size;
    // The usual place of the label (above right of the head) covers a counter here; the chosen one does not.
    const usual = { x: head.x + size * 0.35, y: head.y - size * 0.95, w: size * 2.4, h: size * 0.48 };
    expect(counters.some((b) => overlap(b, usual))).toBe(true);
    const at = clearOf(usual, head, size, counters);
    for (const b of counters) expect(overlap(b, { ...usual, ...at })).toBe(false);
  });
});

function overlap(a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
