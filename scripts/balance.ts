/**
 * Balance harness for Operation Typhoon: plays many seeded games per German policy and
 * reports the outcome distribution against the design targets
 * (/work/shared/design "Balance targets"). Writes docs/balance-report.md.
 *
 *   npm run balance -- --games 1000 [--policy NAME] [--scenario historical|clenched-fist] [--literal yes|no] [--workers 2] [--charts FILE] [--also-charts FILE [--also-policy NAMES]]
 *
 * `--charts FILE` plays with a chart override file (docs/typhoon-charts.md) to try other
 * values; such a run prints its table and writes the report only with `--write yes`.
 * `--also-charts FILE` plays the same games again with such a file, for a second table
 * (`--also-policy A,B` for only some of the policies).
 * `--literal yes` (the default) runs the same games again with 10.7 read as written.
 * Each scenario has its own part of the report: a run rewrites its scenario's part and
 * keeps the other's.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { SCENARIO_POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';
import { BalancePool, type Job, runParallel, type Scenario, type Summary } from './balance-runner.js';
import { withInterval } from './balance-stats.js';

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
  rates: { wins: number; passed2: number; passed3: number; passed4: number };
}

function report(policy: string, games: Summary[], seconds: number, scenario: Scenario): PolicyReport {
  const n = games.length;
  const count = (f: (g: Summary) => boolean) => games.filter(f).length;
  const reached = (t: number) => count((g) => g.turnReached > t || g.outcome === 'win');
  const share = (f: (g: Summary) => boolean) => pct(count(f), n);
  // 13.2: the Clenched Fist starts on turn 2.
  const turns = scenario === 'clenched-fist' ? [2, 3, 4, 5, 6, 7, 8] : [1, 2, 3, 4, 5, 6, 7, 8];
  const turnHist = turns.map((t) => `${t}: ${count((g) => g.turnReached === t)}`).join(', ');
  const wonHist = turns.map((t) => `${t}: ${count((g) => g.outcome === 'win' && g.turnReached === t)}`).join(', ');
  const defined = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
  const wins = count((g) => g.outcome === 'win');
  const rates = { wins: wins / n, passed2: reached(2) / n, passed3: reached(3) / n, passed4: reached(4) / n };
  const speed: [string, string] = ['games per second', (n / seconds).toFixed(1)];
  if (scenario === 'clenched-fist') {
    // 13.4: no pocket check (4.2) and no VP check (4.4); the front check of turn 3 (4.3) stays.
    return {
      policy,
      games: n,
      seconds,
      rates,
      rows: [
        ['German wins', withInterval(wins, n)],
        ['passed turn 3 (4.3)', withInterval(reached(3), n)],
        ['lost: 4.3 front integrity', share((g) => g.outcome === '4.3')],
        ['lost: turn 8 over', share((g) => g.outcome === 'turn 8')],
        ['turn of the win (games)', wonHist],
        ['last turn played (games)', turnHist],
        ['front gaps at turn 3, median (IQR)', quartiles(defined(games.map((g) => g.gapsTurn3)))],
        speed,
      ],
    };
  }
  return {
    policy,
    games: n,
    seconds,
    rates,
    rows: [
      ['German wins', withInterval(wins, n)],
      ['passed turn 2 (4.2)', pct(reached(2), n)],
      ['passed turn 3 (4.3)', pct(reached(3), n)],
      ['passed turn 4 (4.4)', pct(reached(4), n)],
      ['lost: 4.2 pocket check', share((g) => g.outcome === '4.2')],
      ['lost: 4.3 front integrity', share((g) => g.outcome === '4.3')],
      ['lost: 4.4 VP / west of 29xx', share((g) => g.outcome === '4.4')],
      ['lost: turn 8 over', share((g) => g.outcome === 'turn 8')],
      ['last turn played (games)', turnHist],
      ['pocket hexes at turn 2, median (IQR)', quartiles(defined(games.map((g) => g.pocketsTurn2)))],
      ['front gaps at turn 3, median (IQR)', quartiles(defined(games.map((g) => g.gapsTurn3)))],
      ['VP at turn 4, median (IQR)', quartiles(defined(games.map((g) => g.vpTurn4)))],
      ['Soviet hexes west of 29xx at turn 4, median (IQR)', quartiles(defined(games.map((g) => g.sovietWestTurn4)))],
      speed,
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
function targets(reports: PolicyReport[], heading = '## Design targets'): string {
  const of = (name: string) => reports.find((r) => r.policy === name)?.rates;
  const rush = of('rush-moscow');
  const seek = of('seek-pockets');
  const within = (x: number | undefined, lo: number, hi: number) =>
    x === undefined ? 'not run' : x >= lo && x <= hi ? `**met** (${pct(x * 1000, 1000)})` : `**not met** (${pct(x * 1000, 1000)})`;
  return [
    heading,
    '',
    '| target | this run |',
    '|---|---|',
    `| rush-moscow fails the turn 2 pocket check (4.2, 200 hexes) in at least 90% of games | ${rush ? within(1 - rush.passed2, 0.9, 1) : 'not run'} |`,
    `| a competent pocket-seeking policy passes turn 2 in about 55-80% of games | ${within(seek?.passed2, 0.55, 0.8)} |`,
    `| ... passes turn 4 in about 40-65% | ${within(seek?.passed4, 0.4, 0.65)} |`,
    `| ... and wins in about 25-50% | ${within(seek?.wins, 0.25, 0.5)} |`,
  ].join('\n');
}

/**
 * The Clenched Fist's own target, from 13.0's text: the fist is the plan the high command
 * weighed and rejected for its cost (a turn lost to the redeployment, 13.2; Soviet defences
 * strengthened meanwhile, 13.5), so it should win less often than the plan it chose (the
 * historical target, 25-50%), but often enough that the gamble is worth playing.
 */
const FIST_TARGET = { lo: 0.1, hi: 0.3 };

function fistTargets(reports: PolicyReport[]): string {
  const fist = reports.find((r) => r.policy === 'clenched-fist')?.rates;
  const ok = fist && fist.wins >= FIST_TARGET.lo && fist.wins <= FIST_TARGET.hi;
  return [
    '| target | this run |',
    '|---|---|',
    `| the clenched-fist German wins in about ${FIST_TARGET.lo * 100}-${FIST_TARGET.hi * 100}% of games | ${fist ? `**${ok ? 'met' : 'not met'}** (${pct(fist.wins * 1000, 1000)})` : 'not run'} |`,
  ].join('\n');
}

const FIST_WHY = `Why this target. 13.0 gives the fist's case and its price. The case: mass the armour and
"drive straight to Moscow ... as quickly as possible"; the designer's note under 4.2 says a
player with hindsight would do just that, which is why the historical game holds him to the
pocket check. The price: "historically that approach was rejected for two reasons", the time
the redeployment would take (13.2: play starts on turn 2, a turn lost) and the Soviets
strengthening their defences meanwhile (13.5: +1 to every Soviet force roll). 13.4 lifts the
checks of the plan the high command chose; the turn 3 front check (4.3) and the win at Moscow
(4.5) stay. So a competent fist should win less often than a competent German on the
historical plan (25-50%), or the rejected plan would have been the better one, but not
rarely: a gamble that almost never pays leaves nothing to play. Hence wins in about 10-30% of
games. Re-read against the text, the target stands: 13.x names no rate, and nothing in it says
the two costs weigh less than the two checks they replace.

Why the fist wins (\`npx tsx scripts/balance-moscow.ts --games 1000\`, seeds 1-1000). Every rule
of 13.x is played as written: turn 2 first (13.2), set-up anywhere in the three rows and no
inter-army stacking (13.3), no 4.2 or 4.4 check but the 4.3 check on turn 3 (13.4, 13.1), +1 on
every force roll and every breakout roll (13.5). The fist breaks through on turn 2, holds and
watches the front on turn 3 (4.3), and on turn 4 drives east: it begins turn 6 7 hexes from
Moscow (median and quartiles alike; 3 with the first edition's 18 MP on turns 2-4), after the
mud of turn 5 (12.1) and its regroup (10.10). On turn 6 it attacks at full strength with +1 on
its first-round fire (12.3); the force with the Luftwaffe unit (9.1), whose dice fall before
Moscow's guards and artillery fire (10.4 steps 2-3), takes a Moscow hex in 60% of its attacks,
the others in 19%: 639 of its 883 wins come on turn 6. The historical German reaches turn 6 in
450 games, 8 hexes from Moscow (median), and wins 408 of them, mostly on turn 7 (229), its
Luftwaffe now also with the armour nearest Moscow. What was tried (docs/typhoon-charts.md,
Clenched Fist round): the one cell of the force table only the fist reaches in Moscow (City
roll 12: +1 of 13.5 on turns 5-8) now holds Moscow's full defences (turn 6 attacks there: 6
won of 266), a few points of wins; and the fist's own Luftwaffe now flies with the armour
before Moscow, a better German: the two together took it from 81.4% to 90.5% on the first
edition, 88.3% on the second (below). Levers the historical game shares cut both Germans by
about the same share, so the historical German falls below its 25% long before the fist
nears 30% (seeds 1-1000, second edition): no Luftwaffe on turns 6-8, fist 52.0%, historical
seek-pockets 23.8% (and against the history of VIII Fliegerkorps); tanks at -2 in Moscow,
fist 79.9%, historical 36.6%. The target is not met by any sourced means found.`;

const FIST_MARK = '<!-- clenched-fist: npm run balance -- --scenario clenched-fist rewrites from here on -->';

type Runner = (job: Job) => Promise<Summary[]>;

async function runPolicies(names: string[], job: Omit<Job, 'policy'>, play: Runner): Promise<PolicyReport[]> {
  const reports: PolicyReport[] = [];
  for (const policy of names) {
    const t0 = performance.now();
    const results = await play({ ...job, policy });
    const seconds = (performance.now() - t0) / 1000;
    reports.push(report(policy, results, seconds, job.scenario));
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
  const alsoCharts = arg('also-charts');
  const policies = SCENARIO_POLICIES[scenario];
  if (!policies) throw new Error(`no scenario "${scenario}" (have: ${Object.keys(SCENARIO_POLICIES).join(', ')})`);
  const names = only ? [only] : Object.keys(policies);
  for (const name of names) if (!policies[name]) throw new Error(`no policy "${name}" (have: ${Object.keys(policies).join(', ')})`);
  const seeds = Array.from({ length: games }, (_, i) => i + 1);
  const t0 = performance.now();
  // One set of worker threads for every run of this command (they start once).
  const pool = workers > 1 ? new BalancePool(workers) : undefined;
  const play: Runner = (job) => (pool ? pool.run(job) : runParallel(job, 1));
  const reports = await runPolicies(names, { scenario, seeds, ...(charts ? { charts } : {}) }, play);
  const asWritten = literal
    ? await runPolicies(names, { scenario, seeds, battleWin: 'all-eliminated', ...(charts ? { charts } : {}) }, play)
    : [];
  const alsoNames = arg('also-policy')?.split(',') ?? names;
  const other = alsoCharts ? await runPolicies(alsoNames, { scenario, seeds, charts: alsoCharts }, play) : [];
  await pool?.close();
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `\nOperation Typhoon balance, ${scenario}${charts ? `, charts ${charts}` : ''}, ${games} games per policy, seeds 1-${games}, ${workers} worker(s)\n`,
  );
  console.log(table(reports));
  if (asWritten.length) console.log(`\n10.7 as written:\n\n${table(asWritten)}`);
  if (other.length) console.log(`\nCharts of ${alsoCharts}:\n\n${table(other)}`);
  const command = `npm run balance -- --games ${games}${only ? ` --policy ${only}` : ''} --scenario ${scenario}${literal ? '' : ' --literal no'}${charts ? ` --charts ${charts}` : ''}${alsoCharts ? ` --also-charts ${alsoCharts}${arg('also-policy') ? ` --also-policy ${arg('also-policy')}` : ''}` : ''}`;
  const runTime = `Run time: ${seconds.toFixed(0)} s for ${games} games of each policy${asWritten.length ? ' under each reading of 10.7' : ''}${other.length ? ' with each chart' : ''} on ${workers} worker thread(s).`;
  const chartsName = charts ? `charts of ${charts}` : 'shipped charts';
  const file = new URL('../docs/balance-report.md', import.meta.url);
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const mark = old.indexOf(FIST_MARK);
  let doc: string;
  const otherSection = (check: (r: PolicyReport[]) => string) =>
    other.length
      ? `
### With the charts of ${alsoCharts}

The same seeds with that chart override file (docs/typhoon-charts.md's format).

${table(other)}

${check(other)}
`
      : '';
  if (scenario === 'clenched-fist') {
    const part = `${FIST_MARK}
## Clenched Fist (13.x)

Generated by \`${command}\`: each policy plays seeds 1-${games} of the Clenched Fist
scenario with the ${chartsName}. clenched-fist is this scenario's own German
(src/games/operation-typhoon/autoplay/clenched-fist.ts)${names.length > 1 ? "; the historical policies play it too, to show what the fist's own plan changes" : ''}. There is no pocket check (4.2) and no VP check
(4.4) (13.4); passing turn 3 counts games that went on past the front check (4.3) or won earlier.
German wins are shown with their 95% (Wilson) interval. ${runTime}

${FIST_WHY}

${table(reports)}

${fistTargets(reports)}
${otherSection(fistTargets)}`;
    doc = `${mark >= 0 ? old.slice(0, mark).trimEnd() : old.trimEnd() || '# Operation Typhoon: balance report'}\n\n${part}`;
  } else {
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
    doc = `# Operation Typhoon: balance report

Generated by \`${command}\`
(scripts/balance.ts): each policy plays the same seeds 1-${games} through the rules engine with the
${chartsName}. Policies are in src/games/operation-typhoon/autoplay/.

Scenario: ${scenario}. Passing a turn's check counts games that went on past it (or won earlier).
German wins are shown with their 95% (Wilson) interval. ${runTime}

## The documented reading of 10.7 (default)

${table(reports)}

${targets(reports)}
${otherSection((r) => targets(r, '#### Design targets with these charts'))}${literalSection}${mark >= 0 ? `\n${old.slice(mark)}` : ''}`;
  }
  if ((!only && !charts) || arg('write') === 'yes') writeFileSync(file, doc.endsWith('\n') ? doc : `${doc}\n`);
}

await main();
