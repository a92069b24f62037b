/**
 * The balance harness spreads its games over worker threads (scripts/balance-runner.ts): the
 * answers must come back in seed order and be the games one thread plays, so the balance
 * report does not depend on how many threads wrote it.
 */
import { describe, expect, it } from 'vitest';
import { BalancePool, inSeedOrder, runParallel } from '../../../scripts/balance-runner.js';
import { withInterval } from '../../../scripts/balance-stats.js';

describe('Operation Typhoon balance runs on worker threads', () => {
  it('deal seeds to the threads in turn and put the answers back in seed order', () => {
    // Seeds 1-7 on three threads: thread 0 had 1, 4, 7; thread 1 had 2, 5; thread 2 had 3, 6.
    expect(
      inSeedOrder([
        [1, 4, 7],
        [2, 5],
        [3, 6],
      ]),
    ).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(inSeedOrder([[1], []])).toEqual([1]);
  });

  it('give the same summaries, seed by seed, on two threads as on one, job after job', async () => {
    const job = { policy: 'rush-moscow', scenario: 'historical' as const, seeds: [5, 1, 3] };
    const serial = await runParallel(job, 1);
    expect(serial.map((g) => g.seed)).toEqual([5, 1, 3]);
    // The games differ from seed to seed, so an order mix-up would show.
    expect(new Set(serial.map((g) => JSON.stringify(g))).size).toBe(3);
    const pool = new BalancePool(2);
    try {
      expect(await pool.run(job)).toEqual(serial);
      // The threads stay up: a second job on them gives its own games, as one thread does.
      const next = { ...job, seeds: [2, 4] };
      expect(await pool.run(next)).toEqual(await runParallel(next, 1));
    } finally {
      await pool.close();
    }
  });
});

describe('Operation Typhoon balance report figures', () => {
  it('give a share with its 95% Wilson interval', () => {
    // 313 wins in 1,000: p = 0.313, interval 0.2852-0.3425 by the Wilson score formula.
    expect(withInterval(313, 1000)).toBe('31.3% (95%: 28.5-34.2)');
    // No wins in 20 games still leaves room for a few percent, never below 0.
    expect(withInterval(0, 20)).toBe('0.0% (95%: 0.0-16.1)');
    expect(withInterval(0, 0)).toBe('n/a');
  });
});
