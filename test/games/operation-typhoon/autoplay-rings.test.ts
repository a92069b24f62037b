import { describe, expect, it } from 'vitest';
import { closingMove, mayCut, pocketHexesIf, ringGaps } from '../../../src/games/operation-typhoon/autoplay/closing-move.js';
import { currentCostField } from '../../../src/games/operation-typhoon/autoplay/fields.js';
import { seekPockets } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { View } from '../../../src/games/operation-typhoon/autoplay/view.js';
import { CHARTS } from '../../../src/games/operation-typhoon/charts/index.js';
import { createTyphoonEngine, type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';
import { loadMap } from '../../../src/maps/game-map.js';

/**
 * The pieces of the pocket-seeking policy's rings: the capture that closes a ring (11.1),
 * and the cost field on today's control, kept up to date capture by capture.
 */
const engine = typhoonEngine();

/** A position in the movement phase of turn 1. */
function movementPosition(seed: number): TyphoonState {
  let s = engine.setup({ seed, scenario: 'historical' });
  while (s.phase === 'setup') s = engine.apply(s, seekPockets.decide(engine, s)).state;
  return s;
}

/**
 * Around Sukhinichi, deep in Soviet country: every hex two away taken but one, the gap, and
 * a German division that has not moved standing just outside the gap.
 */
function ringWithGap(): { s: TyphoonState; gap: string; outside: string; unit: string } {
  const base = movementPosition(3);
  const grid = engine.index.map.grid;
  const centre = '3025';
  const ring = grid.ring(centre, 2);
  const gap = ring[0]!;
  const outside = grid.ring(centre, 3).find((h) => grid.distance(h, gap) === 1 && engine.index.map.has(h))!;
  const unit = Object.keys(base.units).find((id) => engine.index.unit(id).mobility === 'mechanized' && !base.done.includes(id))!;
  const taken = [...new Set([...base.taken, ...ring.filter((h) => h !== gap), outside])].sort();
  const s: TyphoonState = { ...base, taken, units: { ...base.units, [unit]: { ...base.units[unit]!, hex: outside } } };
  return { s, gap, outside, unit };
}

describe('closing a ring', () => {
  it('knows the gap: taking it cuts off the seven hexes inside, nothing else does', () => {
    const { s, gap } = ringWithGap();
    const v = new View(engine, s);
    expect(mayCut(v, gap)).toBe(true);
    expect(pocketHexesIf(v, gap)).toBe(7);
    // A hex in open Soviet country, all six neighbours Soviet, can cut nothing off.
    expect(mayCut(v, '3535')).toBe(false);
    expect(ringGaps(v, 5).get(gap)?.now).toBe(7);
    expect(ringGaps(v, 8).has(gap)).toBe(false);
  });

  it('sends a force with the MP for it into the gap, and none into a pocket smaller than asked', () => {
    const { s, gap, outside, unit } = ringWithGap();
    const v = new View(engine, s);
    const move = closingMove(v, [unit], outside, 12, false, 5);
    expect(move?.hex).toBe(gap);
    expect(move?.soviet).toBe(true);
    expect(closingMove(v, [unit], outside, 12, false, 8)).toBeUndefined();
  });

  it('sees a ring two captures from closing, and takes the first of them', () => {
    const { s, gap, outside, unit } = ringWithGap();
    // Reopen the ring by one more hex next to the gap (also two from the centre).
    const second = engine.index.map.grid.ring('3025', 2).find((h) => engine.index.map.grid.distance(h, gap) === 1)!;
    const wider: TyphoonState = { ...s, taken: s.taken.filter((h) => h !== second) };
    const v = new View(engine, wider);
    expect(pocketHexesIf(v, gap)).toBe(0);
    expect(pocketHexesIf(v, gap, second)).toBe(7);
    expect(closingMove(v, [unit], outside, 12, false, 5)?.hex).toBe(gap);
    // With no MP left after the first capture, there is no second.
    expect(closingMove(v, [unit], outside, 1, false, 5)).toBeUndefined();
  });
});

describe("cost fields on today's control", () => {
  it('brought up to date capture by capture, equal the field built afresh for each position', () => {
    let s = movementPosition(5);
    const target = '2616';
    let checked = 0;
    for (let i = 0; i < 400 && s.turn <= 2 && s.phase !== 'over'; i++) {
      if (i % 10 === 0) {
        const kept = currentCostField(new View(engine, s), target, true);
        // A separate engine has its own caches: its field is built from nothing.
        const fresh = currentCostField(
          new View(createTyphoonEngine({ map: loadMap('operation-typhoon'), charts: CHARTS }), s),
          target,
          true,
        );
        expect(new Map(kept)).toEqual(new Map(fresh));
        checked += 1;
      }
      s = engine.apply(s, seekPockets.decide(engine, s)).state;
    }
    expect(checked).toBeGreaterThan(5);
  });
});
