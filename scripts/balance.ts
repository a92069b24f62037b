/**
 * Balance harness for Operation Typhoon: plays many seeded games per German policy and
 * reports the outcome distribution against the design targets
 * (/work/shared/design "Balance targets"). Writes docs/balance-report.md.
 *
 *   npm run balance -- --games 1000 [--policy NAME] [--scenario historical|clenched-fist] [--workers 2]
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { type Outcome, POLICIES, playGame } from '../src/games/operation-typhoon/autoplay/index.js';
import { typhoonEngine } from '../src/games/operation-typhoon/index.js';

type Scenario = 'historical' | 'clenched-fist';

/** What one game contributes to the report (small: workers send these back). */
interface Summary {
  outcome: Outcome;
  turnReached: number;
  pocketsTurn2?: number;
  vpTurn4?: number;
  sovietWestTurn4?: number;
  gapsTurn3?: number;
}

interface Job {
  policy: string;
  scenario: Scenario;
  seeds: number[];
}

function runJob(job: Job): Summary[] {
  const engine = typhoonEngine();
  const policy = POLICIES[job.policy]!;
  return job.seeds.map((seed) => {
    const g = playGame(engine, policy, seed, job.scenario);
    const at = (t: number) => g.turns.find((x) => x.turn === t);
    return {
      outcome: g.outcome,
      turnReached: g.turnReached,
      pocketsTurn2: at(2)?.pocketTally,
      vpTurn4: at(4)?.vp,
      sovietWestTurn4: at(4)?.sovietWest,
      gapsTurn3: at(3)?.frontGaps,
    };
  });
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function runParallel(job: Job, workers: number): Promise<Summary[]> {
  if (workers <= 1) return runJob(job);
  const chunks: number[][] = Array.from({ length: workers }, () => []);
  for (const [i, s] of job.seeds.entries()) chunks[i % workers]!.push(s);
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
  return parts.flat();
}

function quartiles(xs: number[]): string {
  if (xs.length === 0) return 'n/a';
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))]!;
  return `${q(0.5)} (${q(0.25)}-${q(0.75)})`;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

interface PolicyReport {
  policy: string;
  games: number;
  seconds: number;
  rows: [string, string][];
  /** Shares of games (0-1) for the design targets. */
  rates: { wins: number; passed2: number; passed4: number };
}

function report(policy: string, games: Summary[], seconds: number): PolicyReport {
  const n = games.length;
  const count = (f: (g: Summary) => boolean) => games.filter(f).length;
  const reached = (t: number) => count((g) => g.turnReached > t || g.outcome === 'win');
  const turnHist = [1, 2, 3, 4, 5, 6, 7, 8].map((t) => `${t}: ${count((g) => g.turnReached === t)}`).join(', ');
  const defined = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  return {
    policy,
    games: n,
    seconds,
    rates: { wins: count((g) => g.outcome === 'win') / n, passed2: reached(2) / n, passed4: reached(4) / n },
    rows: [
      [
        'German wins',
        pct(
          count((g) => g.outcome === 'win'),
          n,
        ),
      ],
      ['passed turn 2 (4.2)', pct(reached(2), n)],
      ['passed turn 3 (4.3)', pct(reached(3), n)],
      ['passed turn 4 (4.4)', pct(reached(4), n)],
      [
        'lost: 4.2 pocket check',
        pct(
          count((g) => g.outcome === '4.2'),
          n,
        ),
      ],
      [
        'lost: 4.3 front integrity',
        pct(
          count((g) => g.outcome === '4.3'),
          n,
        ),
      ],
      [
        'lost: 4.4 VP / west of 29xx',
        pct(
          count((g) => g.outcome === '4.4'),
          n,
        ),
      ],
      [
        'lost: turn 8 over',
        pct(
          count((g) => g.outcome === 'turn 8'),
          n,
        ),
      ],
      ['last turn played (games)', turnHist],
      ['pocket hexes at turn 2, median (IQR)', quartiles(defined(games.map((g) => g.pocketsTurn2)))],
      ['front gaps at turn 3, median (IQR)', quartiles(defined(games.map((g) => g.gapsTurn3)))],
      ['VP at turn 4, median (IQR)', quartiles(defined(games.map((g) => g.vpTurn4)))],
      ['Soviet hexes west of 29xx at turn 4, median (IQR)', quartiles(defined(games.map((g) => g.sovietWestTurn4)))],
      ['games per second', (n / seconds).toFixed(1)],
    ],
  };
}

function table(reports: PolicyReport[]): string {
  const head = `| measure | ${reports.map((r) => r.policy).join(' | ')} |`;
  const sep = `|---|${reports.map(() => '---').join('|')}|`;
  const lines = reports[0]!.rows.map(([label], i) => `| ${label} | ${reports.map((r) => r.rows[i]![1]).join(' | ')} |`);
  return [head, sep, ...lines].join('\n');
}

/** The targets of the design file, each checked against this run's figures. */
function targets(reports: PolicyReport[]): string {
  const of = (name: string) => reports.find((r) => r.policy === name)?.rates;
  const rush = of('rush-moscow');
  const seek = of('seek-pockets');
  const within = (x: number | undefined, lo: number, hi: number) =>
    x === undefined ? 'not run' : x >= lo && x <= hi ? `**met** (${pct(x * 1000, 1000)})` : `**not met** (${pct(x * 1000, 1000)})`;
  return [
    '## Design targets',
    '',
    '| target | this run |',
    '|---|---|',
    `| rush-moscow fails the turn 2 pocket check (4.2, 200 hexes) in at least 90% of games | ${rush ? within(1 - rush.passed2, 0.9, 1) : 'not run'} |`,
    `| a competent pocket-seeking policy passes turn 2 in about 55-80% of games | ${within(seek?.passed2, 0.55, 0.8)} |`,
    `| ... passes turn 4 in about 40-65% | ${within(seek?.passed4, 0.4, 0.65)} |`,
    `| ... and wins in about 25-50% | ${within(seek?.wins, 0.25, 0.5)} |`,
  ].join('\n');
}

async function main(): Promise<void> {
  const games = Number(arg('games') ?? 200);
  const scenario = (arg('scenario') ?? 'historical') as Scenario;
  const only = arg('policy');
  const workers = Number(arg('workers') ?? Math.min(2, availableParallelism()));
  const names = only ? [only] : Object.keys(POLICIES);
  for (const name of names) if (!POLICIES[name]) throw new Error(`no policy "${name}" (have: ${Object.keys(POLICIES).join(', ')})`);
  const seeds = Array.from({ length: games }, (_, i) => i + 1);
  const reports: PolicyReport[] = [];
  for (const policy of names) {
    const t0 = performance.now();
    const results = await runParallel({ policy, scenario, seeds }, workers);
    const seconds = (performance.now() - t0) / 1000;
    reports.push(report(policy, results, seconds));
    console.log(`${policy}: ${games} games in ${seconds.toFixed(1)} s`);
  }
  const md = table(reports);
  console.log(`\nOperation Typhoon balance, ${scenario}, ${games} games per policy, seeds 1-${games}, ${workers} worker(s)\n`);
  console.log(md);
  const doc = `# Operation Typhoon: balance report

Generated by \`npm run balance -- --games ${games}${only ? ` --policy ${only}` : ''} --scenario ${scenario}\`
(scripts/balance.ts): each policy plays the same seeds 1-${games} through the rules engine with the
shipped charts. Policies are in src/games/operation-typhoon/autoplay/.

Scenario: ${scenario}. Passing a turn's check counts games that went on past it (or won earlier).

${table(reports)}

${targets(reports)}
`;
  if (!only || arg('write') === 'yes') writeFileSync(new URL('../docs/balance-report.md', import.meta.url), doc);
}

// Last, so that every declaration above is initialised before use.
if (!isMainThread) {
  parentPort!.postMessage(runJob(workerData as Job));
} else {
  await main();
}
