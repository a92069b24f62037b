import { describe, expect, it } from 'vitest';
import { fuzzGames } from '../../scripts/fuzz/fuzz-games.js';
import { RuleError } from '../../src/games/engine.js';
import { typhoonEngine } from '../../src/games/operation-typhoon/index.js';
import { sized } from '../helpers/test-size.js';

/** A small run of `npm run fuzz` in CI: both games, invariants after every order. */
describe('fuzzing whole games', () => {
  it('keeps every invariant over whole games of sensible, random and illegal orders', () => {
    // CI plays 12 games; TEST_SCALE sizes the run.
    const games = sized(12);
    const stats = fuzzGames(games, 2026);
    expect(stats.violations).toEqual([]);
    expect(stats.games).toBe(games);
    // At CI size: over 500 orders and 20 refusals in 12 games.
    expect(stats.actions).toBeGreaterThan((500 / 12) * games);
    expect(stats.refused).toBeGreaterThan((20 / 12) * games);
  });

  it('refuses an order the engine does not know with a rule, instead of failing', () => {
    const engine = typhoonEngine();
    const s = engine.setup({ seed: 3 });
    expect(() => engine.apply(s, { type: 'take-loss', unit: 'x' } as never)).toThrow(RuleError);
    expect(() => engine.apply(s, { type: 'move', from: '12', path: [] } as never)).toThrow(/not an Operation Typhoon order/);
  });
});
