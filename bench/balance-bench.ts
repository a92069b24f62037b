import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { BalancePool, runParallel } from '../scripts/balance-runner.js';
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
  /** 1,000 games of each policy (the balance report's size) at the parallel median, worker start-up included. */
  secondsPer1000: number;
  /** Starting the worker threads and their first game (loading and compiling the engine). */
  startupSeconds: number;
  /** Per policy on the worker threads (median over the rounds). */
  gamesPerSecond: Record<string, number>;
  /**
   * CPU time per game of each policy, ms (median over the rounds of the one-thread runs, where
   * the process's CPU is that thread's): what the games cost whatever else the machine runs.
   */
  cpuMsPerGame: Record<string, number>;
  /** 1,000 games of each policy on `workers` idle cores, from the CPU per game, worker start-up included. */
  idleSecondsPer1000: number;
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
 * from whatever else the machine runs. Wall time from start to the last result; the worker
 * threads start once (as in a balance run) and their start-up is added to the projection.
 */
export async function benchBalanceRun(games: number, workers: number, rounds = 3): Promise<BalanceFigures> {
  const seeds = Array.from({ length: games }, (_, i) => i + 1);
  const names = Object.keys(POLICIES);
  const rates = { serial: [] as number[], parallel: [] as number[] };
  const perPolicy: Record<string, number[]> = Object.fromEntries(names.map((p) => [p, []]));
  const cpuPerPolicy: Record<string, number[]> = Object.fromEntries(names.map((p) => [p, []]));
  const before = loadavg()[0]!;
  // The workers start once, as in a balance run; their start-up is timed on its own.
  const s0 = performance.now();
  const pool = new BalancePool(workers);
  await pool.run({ policy: names[0]!, scenario: 'historical', seeds: seeds.slice(0, workers) });
  const startupSeconds = (performance.now() - s0) / 1000;
  try {
    for (let r = 0; r < rounds; r++) {
      for (const mode of ['serial', 'parallel'] as const) {
        const t0 = performance.now();
        for (const policy of names) {
          const p0 = performance.now();
          const c0 = process.cpuUsage();
          const job = { policy, scenario: 'historical' as const, seeds };
          await (mode === 'serial' ? runParallel(job, 1) : pool.run(job));
          if (mode === 'parallel') perPolicy[policy]!.push(games / ((performance.now() - p0) / 1000));
          else {
            const c = process.cpuUsage(c0);
            cpuPerPolicy[policy]!.push((c.user + c.system) / 1000 / games);
          }
        }
        rates[mode].push((games * names.length) / ((performance.now() - t0) / 1000));
      }
    }
  } finally {
    await pool.close();
  }
  const cpuMsPerGame = Object.fromEntries(names.map((p) => [p, median(cpuPerPolicy[p]!)]));
  const cpuMsPerRound = names.reduce((n, p) => n + cpuMsPerGame[p]!, 0);
  const serialGamesPerSecond = median(rates.serial);
  const parallelGamesPerSecond = median(rates.parallel);
  return {
    games,
    rounds,
    workers,
    serialGamesPerSecond,
    parallelGamesPerSecond,
    speedup: parallelGamesPerSecond / serialGamesPerSecond,
    secondsPer1000: startupSeconds + (1000 * names.length) / parallelGamesPerSecond,
    startupSeconds,
    gamesPerSecond: Object.fromEntries(names.map((p) => [p, median(perPolicy[p]!)])),
    cpuMsPerGame,
    idleSecondsPer1000: startupSeconds + (1000 * cpuMsPerRound) / 1000 / workers,
    load: { before, after: loadavg()[0]!, cores: availableParallelism() },
  };
}

/** One line for the console and the report. */
export function balanceLine(b: BalanceFigures): string {
  const f = (n: number) => n.toFixed(1);
  const cpu = Object.entries(b.cpuMsPerGame)
    .map(([p, ms]) => `${p} ${ms.toFixed(0)} ms`)
    .join(', ');
  return `${f(b.idleSecondsPer1000)} s projected on ${b.workers} idle cores from the CPU per game (${cpu}; one thread, medians of ${b.rounds} runs); wall time under this load: ${f(b.secondsPer1000)} s projected for 1,000 games of each policy on ${b.workers} worker threads: ${f(b.parallelGamesPerSecond)} games/s against ${f(b.serialGamesPerSecond)} on one thread (${b.speedup.toFixed(2)}x; ${Object.entries(
    b.gamesPerSecond,
  )
    .map(([p, g]) => `${p} ${f(g)}`)
    .join(
      ', ',
    )} games/s; medians of ${b.rounds} runs of ${b.games} games each, back to back, the threads started once (${f(b.startupSeconds)} s); load average ${f(b.load.before)} before, ${f(b.load.after)} after, ${b.load.cores} cores)`;
}
