import { performance } from 'node:perf_hooks';
import { runParallel } from '../scripts/balance-runner.js';
import { POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';

export interface BalanceFigures {
  /** Games played of each policy (seeds 1..games). */
  games: number;
  workers: number;
  /** Wall time of the whole run, every policy. */
  seconds: number;
  /** The same run scaled to 1,000 games of each policy (the size of the balance report). */
  secondsPer1000: number;
  gamesPerSecond: Record<string, number>;
}

/**
 * The balance harness's own work (scripts/balance.ts): every auto-play policy over the same
 * seeds on worker threads, timed from start to the last result.
 */
export async function benchBalanceRun(games: number, workers: number): Promise<BalanceFigures> {
  const seeds = Array.from({ length: games }, (_, i) => i + 1);
  const gamesPerSecond: Record<string, number> = {};
  const t0 = performance.now();
  for (const policy of Object.keys(POLICIES)) {
    const p0 = performance.now();
    await runParallel({ policy, scenario: 'historical', seeds }, workers);
    gamesPerSecond[policy] = games / ((performance.now() - p0) / 1000);
  }
  const seconds = (performance.now() - t0) / 1000;
  return { games, workers, seconds, secondsPer1000: (seconds * 1000) / games, gamesPerSecond };
}
