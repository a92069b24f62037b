import { describe, expect, it } from 'vitest';
import { fuzzGames } from '../../scripts/fuzz/fuzz-games.js';
import { RuleError } from '../../src/games/engine.js';
import { typhoonEngine } from '../../src/games/operation-typhoon/index.js';

/** A small run of `npm run fuzz` in CI: both games, invariants after every order. */
describe('fuzzing whole games', () => {
  it('keeps every invariant over whole games of sensible, random and illegal orders', () => {
    const stats = fuzzGames(12, 2026);
    expect(stats.violations).toEqual([]);
    expect(stats.games).toBe(12);
    expect(stats.actions).toBeGreaterThan(500);
    expect(stats.refused).toBeGreaterThan(20);
  });

  it('refuses an order the engine does not know with a rule, instead of failing', () => {
    const engine = typhoonEngine();
    const s = engine.setup({ seed: 3 });
    expect(() => engine.apply(s, { type: 'take-loss', unit: 'x' } as never)).toThrow(RuleError);
    expect(() => engine.apply(s, { type: 'move', from: '12', path: [] } as never)).toThrow(/not an Operation Typhoon order/);
  });
});
