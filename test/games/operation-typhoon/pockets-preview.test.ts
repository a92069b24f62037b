import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { destinationChoices } from '../../../src/games/operation-typhoon/orders.js';
import { pocketPreview, pocketText } from '../../../src/games/operation-typhoon/pocket-preview.js';
import { describeProposal } from '../../../src/games/operation-typhoon/proposals.js';
import { typhoonScene } from '../../../src/games/operation-typhoon/scene.js';
import type { TyphoonState } from '../../../src/games/operation-typhoon/state.js';
import { loadMap, mapPath } from '../../../src/maps/game-map.js';
import { renderMap } from '../../../src/render/render-map.js';

/**
 * Goals and risks in sight (11.1-11.3): a capture that would cut off a pocket says so before
 * anything is rolled, in autocomplete, the battle prompt, a vote proposal and on the map.
 */
const engine = typhoonEngine();
const index = engine.index;

/**
 * A position where taking `gap` cuts `pocket` off: every other neighbour of `pocket` is taken,
 * and a panzer division stands next to `gap`.
 */
function nearlyCut(): { s: TyphoonState; gap: string; pocket: string; from: string } {
  let s = engine.setup({ seed: 3 });
  s = engine.apply(s, { type: 'setup-done' }).state;
  for (const pocket of index.initiallySoviet) {
    if (index.moscow.includes(pocket) || index.supplyEdge.includes(pocket)) continue;
    const around = index.map.neighbours(pocket);
    if (around.length < 6 || !around.every((n) => index.initiallySoviet.has(n) && !index.supplyEdge.includes(n))) continue;
    const gap = around[0]!;
    const from = around[1]!;
    const taken = around.filter((n) => n !== gap);
    const [unit] = Object.keys(s.units).filter((id) => index.unit(id).mobility === 'mechanized');
    const next: TyphoonState = {
      ...s,
      taken: [...new Set([...s.taken, ...taken])].sort(),
      units: { ...s.units, [unit!]: { hex: from, steps: 2 } },
    };
    if (index.map.neighbours(gap).includes(from) && pocketPreview(index, next, gap)) return { s: next, gap, pocket, from };
  }
  throw new Error('no position found');
}

describe('pockets in sight before the dice', () => {
  it('names the pocket a capture would cut off, its breakout roll and what a breakout costs (11.3)', () => {
    const { s, gap, pocket, from } = nearlyCut();
    const p = pocketPreview(index, s, gap)!;
    expect(p.pockets[0]).toContain(pocket);
    expect(p.sizes[0]).toBe(p.pockets[0]!.length);
    expect(p.units.min).toBeLessThanOrEqual(p.units.max);
    const text = pocketText(p, s, from);
    expect(text).toMatch(new RegExp(`cuts off a pocket of ${p.sizes[0]} hex(es)? \\(11\\.1\\)`));
    expect(text).toMatch(new RegExp(`falls back to ${from} with one step and ends its move, pocket tally −${5 * p.sizes[0]!}`));
    // Before the ring was drawn, the same capture cut nothing off.
    expect(pocketPreview(index, engine.apply(engine.setup({ seed: 3 }), { type: 'setup-done' }).state, gap)).toBeUndefined();
  });

  it('says it in autocomplete, in a vote proposal, in the battle prompt and on the map', () => {
    const { s, gap, from } = nearlyCut();
    const p = pocketPreview(index, s, gap)!;
    const choices = destinationChoices(index, s, from, undefined, gap);
    expect(choices.find((c) => c.value === gap)!.name).toMatch(
      new RegExp(`Soviet: battle · closes a pocket of ${p.sizes[0]} \\(breakout ${p.units.min}-${p.units.max} units\\)`),
    );
    expect(describeProposal(index, s, { type: 'move', from, path: [gap] }).text).toMatch(
      new RegExp(`taking it closes a pocket of ${p.sizes[0]} \\(11\\.1\\)`),
    );
    // A battle waiting in the gap: the prompt and the picture show what winning would cut off.
    const battle: TyphoonState = {
      ...s,
      active: {
        units: Object.keys(s.units).filter((u) => s.units[u]!.hex === from),
        hex: gap,
        mp: 5,
        trail: [from, gap],
        air: false,
        mudBound: false,
      },
      battle: { kind: 'regular', hex: gap, from, riverCrossed: false, round: 1, soviet: [{ id: s.pool[0]!, steps: 2 }], germanOut: [] },
    };
    expect(engine.prompt(battle).text).toMatch(new RegExp(`If you win, taking it cuts off a pocket of ${p.sizes[0]}`));
    const scene = typhoonScene(index, battle);
    expect(scene.regions).toEqual([{ hexes: p.pockets[0], label: `Pocket if ${gap} falls` }]);
    const canvas = renderMap(loadMap(mapPath('operation-typhoon')), scene, { kind: 'zoom', center: gap, radius: 3 });
    expect(canvas.width).toBeGreaterThan(300);
    if (process.env.PICTURES_OUT) writeFileSync(`${process.env.PICTURES_OUT}/pocket-preview.png`, canvas.toBuffer('image/png'));
  });

  it('outlines the pocket an order cut off, and not the force’s own hex', () => {
    const { s, gap, from } = nearlyCut();
    const p = pocketPreview(index, s, gap)!;
    const scene = typhoonScene(index, s, [{ kind: 'pocket', text: 'cut off', hexes: [gap, from, ...p.pockets[0]!] }]);
    expect(scene.regions).toEqual([{ hexes: p.pockets[0], label: 'Pocket cut off' }]);
  });
});
