/**
 * Plays a balance run's games for Operation Typhoon, spread over worker threads: used by the
 * balance harness (scripts/balance.ts) and the benchmark (bench/balance-bench.ts). Each worker
 * loads this same file and plays its share of the seeds.
 */
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type Outcome, playGame, SCENARIO_POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';
import { readChartsOverride } from '../src/games/operation-typhoon/charts/override-file.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';
import type { BattleWin } from '../src/games/operation-typhoon/state.js';

export type Scenario = 'historical' | 'clenched-fist';

/** What one game contributes to the report (small: workers send these back). */
export interface Summary {
  seed: number;
  outcome: Outcome;
  turnReached: number;
  pocketsTurn2?: number;
  vpTurn4?: number;
  sovietWestTurn4?: number;
  gapsTurn3?: number;
}

export interface Job {
  policy: string;
  scenario: Scenario;
  /** 10.7: the documented reading (default) or the rule as written. */
  battleWin?: BattleWin;
  seeds: number[];
  /** A chart override file (the owner's format, docs/typhoon-charts.md), to try other values. */
  charts?: string;
}

function runJob(job: Job): Summary[] {
  const engine = typhoonEngine(job.charts ? readChartsOverride(job.charts) : undefined);
  const policy = SCENARIO_POLICIES[job.scenario][job.policy]!;
  return job.seeds.map((seed) => {
    const g = playGame(engine, policy, seed, job.scenario, job.battleWin);
    const at = (t: number) => g.turns.find((x) => x.turn === t);
    return {
      seed,
      outcome: g.outcome,
      turnReached: g.turnReached,
      pocketsTurn2: at(2)?.pocketTally,
      vpTurn4: at(4)?.vp,
      sovietWestTurn4: at(4)?.sovietWest,
      gapsTurn3: at(3)?.frontGaps,
    };
  });
}

/**
 * The job's games on `workers` threads, seed i going to thread i mod `workers`; the answers
 * come back in the order of `job.seeds`, so the report is the one a single thread writes.
 */
export async function runParallel(job: Job, workers: number): Promise<Summary[]> {
  const threads = Math.min(workers, job.seeds.length);
  if (threads <= 1) return runJob(job);
  const chunks: number[][] = Array.from({ length: threads }, () => []);
  for (const [i, s] of job.seeds.entries()) chunks[i % threads]!.push(s);
  const self = pathToFileURL(new URL(import.meta.url).pathname).href;
  const parts = await Promise.all(
    chunks.map(
      (seeds) =>
        new Promise<Summary[]>((resolve, reject) => {
          // Workers load this same TypeScript file: register tsx's loader in the worker first.
          const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(self)}); });`;
          const w = new Worker(boot, { eval: true, workerData: { ...job, seeds } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  return inSeedOrder(parts);
}

/** Undoes the dealing of runParallel: element i of the whole list is element i div n of part i mod n. */
export function inSeedOrder<T>(parts: readonly (readonly T[])[]): T[] {
  const total = parts.reduce((n, p) => n + p.length, 0);
  return Array.from({ length: total }, (_, i) => parts[i % parts.length]![Math.floor(i / parts.length)]!);
}

// Last, so that every declaration above is initialised before use.
if (!isMainThread && (workerData as Job | undefined)?.policy) parentPort!.postMessage(runJob(workerData as Job));
