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
 * Worker threads that stay up between jobs: each loads the engine and warms up once, however
 * many policies and runs follow (start-up is seconds of a loaded machine's time, a run's games
 * a fraction of a second each).
 */
export class BalancePool {
  private readonly workers: Worker[];
  private next = 0;

  constructor(readonly size: number) {
    const self = pathToFileURL(new URL(import.meta.url).pathname).href;
    // Workers load this same TypeScript file: register tsx's loader in the worker first.
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(self)}); });`;
    this.workers = Array.from({ length: size }, () => new Worker(boot, { eval: true, workerData: { balancePool: true } }));
  }

  /**
   * The job's games, seed i going to thread i mod size; the answers come back in the order of
   * `job.seeds`, so the report is the one a single thread writes.
   */
  async run(job: Job): Promise<Summary[]> {
    const threads = Math.min(this.size, job.seeds.length);
    const chunks: number[][] = Array.from({ length: threads }, () => []);
    for (const [i, s] of job.seeds.entries()) chunks[i % threads]!.push(s);
    const parts = await Promise.all(chunks.map((seeds, i) => this.ask(this.workers[i]!, { ...job, seeds })));
    return inSeedOrder(parts);
  }

  private ask(w: Worker, job: Job): Promise<Summary[]> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      const onMessage = (m: { id: number; results: Summary[] }) => {
        if (m.id !== id) return;
        w.off('message', onMessage);
        w.off('error', reject);
        resolve(m.results);
      };
      w.on('message', onMessage);
      w.once('error', reject);
      w.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** One job on `workers` threads started for it (or on this thread for one), in seed order. */
export async function runParallel(job: Job, workers: number): Promise<Summary[]> {
  if (Math.min(workers, job.seeds.length) <= 1) return runJob(job);
  const pool = new BalancePool(workers);
  try {
    return await pool.run(job);
  } finally {
    await pool.close();
  }
}

/** Undoes the dealing of BalancePool.run: element i of the whole list is element i div n of part i mod n. */
export function inSeedOrder<T>(parts: readonly (readonly T[])[]): T[] {
  const total = parts.reduce((n, p) => n + p.length, 0);
  return Array.from({ length: total }, (_, i) => parts[i % parts.length]![Math.floor(i / parts.length)]!);
}

// Last, so that every declaration above is initialised before use.
if (!isMainThread && (workerData as { balancePool?: boolean } | undefined)?.balancePool)
  parentPort!.on('message', ({ id, job }: { id: number; job: Job }) => parentPort!.postMessage({ id, results: runJob(job) }));
