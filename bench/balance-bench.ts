import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { runParallel } from '../scripts/balance-runner.js';
import { POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';

export interface BalanceFigures {
  /** Games played of each policy per run (seeds 1..games). */
  games: number;
  /** Runs on one thread and on `workers` threads, taken in turns (serial, parallel, serial, ...). */
  rounds: number;
  workers: number;
  /** Games per second, every policy together (median over the rounds). */
  serialGamesPerSecond: number;
  parallelGamesPerSecond: number;
  /** parallel / serial, from the medians. */
  speedup: number;
  /** 1,000 games of each policy (the balance report's size) at the parallel median. */
  secondsPer1000: number;
  /** Per policy on the worker threads (median over the rounds). */
  gamesPerSecond: Record<string, number>;
  /** One-minute load average before and after the runs, and the core count. */
  load: { before: number; after: number; cores: number };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/**
 * The balance harness's own work (scripts/balance.ts): every auto-play policy over the same
 * seeds, on one thread and then on `workers` threads, back to back so both see the same load
 * from whatever else the machine runs. Wall time from start to the last result, worker start-up
 * included.
 */
export async function benchBalanceRun(games: number, workers: number, rounds = 3): Promise<BalanceFigures> {
  const seeds = Array.from({ length: games }, (_, i) => i + 1);
  const names = Object.keys(POLICIES);
  const rates = { serial: [] as number[], parallel: [] as number[] };
  const perPolicy: Record<string, number[]> = Object.fromEntries(names.map((p) => [p, []]));
  const before = loadavg()[0]!;
  for (let r = 0; r < rounds; r++) {
    for (const mode of ['serial', 'parallel'] as const) {
      const t0 = performance.now();
      for (const policy of names) {
        const p0 = performance.now();
        await runParallel({ policy, scenario: 'historical', seeds }, mode === 'serial' ? 1 : workers);
        if (mode === 'parallel') perPolicy[policy]!.push(games / ((performance.now() - p0) / 1000));
      }
      rates[mode].push((games * names.length) / ((performance.now() - t0) / 1000));
    }
  }
  const serialGamesPerSecond = median(rates.serial);
  const parallelGamesPerSecond = median(rates.parallel);
  return {
    games,
    rounds,
    workers,
    serialGamesPerSecond,
    parallelGamesPerSecond,
    speedup: parallelGamesPerSecond / serialGamesPerSecond,
    secondsPer1000: (1000 * names.length) / parallelGamesPerSecond,
    gamesPerSecond: Object.fromEntries(names.map((p) => [p, median(perPolicy[p]!)])),
    load: { before, after: loadavg()[0]!, cores: availableParallelism() },
  };
}

/** One line for the console and the report. */
export function balanceLine(b: BalanceFigures): string {
  const f = (n: number) => n.toFixed(1);
  return `${f(b.secondsPer1000)} s projected for 1,000 games of each policy on ${b.workers} worker threads: ${f(b.parallelGamesPerSecond)} games/s against ${f(b.serialGamesPerSecond)} on one thread (${b.speedup.toFixed(2)}x; ${Object.entries(
    b.gamesPerSecond,
  )
    .map(([p, g]) => `${p} ${f(g)}`)
    .join(
      ', ',
    )} games/s; medians of ${b.rounds} runs of ${b.games} games each, back to back; load average ${f(b.load.before)} before, ${f(b.load.after)} after, ${b.load.cores} cores)`;
}
