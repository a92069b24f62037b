/**
 * Balance harness for Operation Typhoon: plays many seeded games per German policy and
 * reports the outcome distribution against the design targets
 * (/work/shared/design "Balance targets"). Writes docs/balance-report.md.
 *
 *   npm run balance -- --games 1000 [--policy NAME] [--scenario historical|clenched-fist] [--literal yes|no] [--workers 2] [--charts FILE]
 *
 * `--charts FILE` plays with a chart override file (docs/typhoon-charts.md) to try other
 * values; such a run prints its table and writes the report only with `--write yes`.
 * `--literal yes` (the default) runs the same games again with 10.7 read as written.
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';
import { type Job, runParallel, type Scenario, type Summary } from './balance-runner.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
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

async function runPolicies(names: string[], job: Omit<Job, 'policy'>, workers: number): Promise<PolicyReport[]> {
  const reports: PolicyReport[] = [];
  for (const policy of names) {
    const t0 = performance.now();
    const results = await runParallel({ ...job, policy }, workers);
    const seconds = (performance.now() - t0) / 1000;
    reports.push(report(policy, results, seconds));
    console.log(
      `${policy}${job.battleWin === 'all-eliminated' ? ' (10.7 as written)' : ''}: ${job.seeds.length} games in ${seconds.toFixed(1)} s`,
    );
  }
  return reports;
}

async function main(): Promise<void> {
  const games = Number(arg('games') ?? 200);
  const scenario = (arg('scenario') ?? 'historical') as Scenario;
  const only = arg('policy');
  // 10.7: both readings by default, so the report shows what the game option changes.
  const literal = (arg('literal') ?? 'yes') === 'yes';
  const workers = Number(arg('workers') ?? Math.min(2, availableParallelism()));
  const charts = arg('charts');
  const names = only ? [only] : Object.keys(POLICIES);
  for (const name of names) if (!POLICIES[name]) throw new Error(`no policy "${name}" (have: ${Object.keys(POLICIES).join(', ')})`);
  const seeds = Array.from({ length: games }, (_, i) => i + 1);
  const t0 = performance.now();
  const reports = await runPolicies(names, { scenario, seeds, ...(charts ? { charts } : {}) }, workers);
  const asWritten = literal
    ? await runPolicies(names, { scenario, seeds, battleWin: 'all-eliminated', ...(charts ? { charts } : {}) }, workers)
    : [];
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\nOperation Typhoon balance, ${scenario}${charts ? `, charts ${charts}` : ''}, ${games} games per policy, seeds 1-${games}, ${workers} worker(s)\n`,
  );
  console.log(table(reports));
  if (asWritten.length) console.log(`\n10.7 as written:\n\n${table(asWritten)}`);
  const literalSection = asWritten.length
    ? `
## 10.7 as written (game option \`battle-win:all-eliminated\`)

The same seeds with set-aside brigades and artillery counted as surviving defenders: a battle
is won only when they are gone too, which no later round can do (they never fight again,
10.4), so such a battle is lost. The design targets are for the documented reading above.

${table(asWritten)}

${targets(asWritten)}
`
    : '';
  const doc = `# Operation Typhoon: balance report

Generated by \`npm run balance -- --games ${games}${only ? ` --policy ${only}` : ''} --scenario ${scenario}\`
(scripts/balance.ts): each policy plays the same seeds 1-${games} through the rules engine with the
${charts ? `charts of ${charts}` : 'shipped charts'}. Policies are in src/games/operation-typhoon/autoplay/.

Scenario: ${scenario}. Passing a turn's check counts games that went on past it (or won earlier).
Run time: ${seconds.toFixed(0)} s for ${games} games of each policy${asWritten.length ? ' under each reading of 10.7' : ''} on ${workers} worker thread(s).

## The documented reading of 10.7 (default)

${table(reports)}

${targets(reports)}
${literalSection}`;
  if ((!only && !charts) || arg('write') === 'yes') writeFileSync(new URL('../docs/balance-report.md', import.meta.url), doc);
}

await main();
