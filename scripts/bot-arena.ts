import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs, promisify } from 'node:util';
import type { Board } from '../src/games/battle-for-moscow/board.js';
import { botActionOn } from '../src/games/battle-for-moscow/bot.js';
import { bfmEngine } from '../src/games/battle-for-moscow/index.js';
import { legalActionsOn } from '../src/games/battle-for-moscow/legal.js';
import { score, searchActionOn } from '../src/games/battle-for-moscow/search-bot.js';
import { type BfmAction, phaseSide } from '../src/games/battle-for-moscow/state.js';
import type { SideId } from '../src/games/engine.js';
import { histogramQuantile, meanAndSd, meanDifference, median, quantile, timeStep, twoProportions, wilson } from './arena-stats.js';

/**
 * `npm run bot-arena [-- --games 500]`: Battle for Moscow bots against each other on the same
 * seeds, every pairing for both sides: random (a legal action drawn from the game's dice
 * state), the heuristic, and the search bot. Writes docs/bot-arena.md (or `--out`): German win
 * rates with 95% intervals, battles announced per game, time per decision, and whether one
 * bot beats another on a side by more than the dice explain. `--bots heuristic,search` plays
 * only those bots. The pairings run in `--jobs` child processes at once (default: one per
 * core); `--cell german/soviet` plays one pairing and prints it as JSON (what each child does),
 * over seeds `--first`..`--games`, rewriting `--checkpoint` after every game; `--saved dir`
 * reports from such files instead of playing (the runs of a pairing merged), so a long arena
 * can run in parts and stop at any time.
 */
const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '20' },
    minutes: { type: 'string' },
    jobs: { type: 'string' },
    cell: { type: 'string' },
    bots: { type: 'string' },
    out: { type: 'string', default: 'docs/bot-arena.md' },
    saved: { type: 'string' },
    first: { type: 'string', default: '1' },
    checkpoint: { type: 'string' },
  },
});
const gameCount = Number(values.games);
const engine = bfmEngine();

const BOTS: Record<string, (b: Board) => BfmAction> = {
  random: (b) => {
    const legal = legalActionsOn(b);
    return legal[(('state' in b.s.dice ? b.s.dice.state : 0) + b.s.dice.rolls * 7919 + b.s.moved.length * 104729) % legal.length]!;
  },
  heuristic: (b) => botActionOn(b),
  search: (b) => searchActionOn(engine.bm, b),
};
const NAMES = values.bots ? values.bots.split(',') : Object.keys(BOTS);
for (const n of NAMES) if (!BOTS[n]) throw new Error(`unknown bot ${n}: choose among ${Object.keys(BOTS).join(', ')}`);

interface Timing {
  medianMs: number;
  p95Ms: number;
  count: number;
}

/**
 * One pairing's games, kept raw enough that runs over different seeds merge exactly (the
 * decision times as a histogram in 5% steps: millions of decisions would not fit as a list).
 */
interface Cell {
  german: string;
  soviet: string;
  /** Seeds played (a run may cover part of 1..games; runs on other seeds add to it). */
  seeds: number[];
  germanWins: number;
  /** Battles each side announced, over all games. */
  attacks: Record<SideId, number>;
  /** The final position of each game from the German side (search-bot.ts `score`: Moscow, cities, strength, distance): a margin that still tells games apart when one side wins them all. */
  margins: number[];
  /** Time each side's bot took per decision: count per step of 5% (key round(20 ln ms)). */
  decisionHistogram: Record<SideId, Record<string, number>>;
  /** Time each side's bot took over each whole turn of its own (all its phases): what a player waits for. */
  turnMs: Record<SideId, number[]>;
  /** Wall time spent playing. */
  ms: number;
  /** The machine's one-minute load average after each game (other work slows the times above; absent in older runs). */
  load?: number[];
}

const games = (c: Cell) => c.seeds.length;

/** A pairing stops after this long even short of its seeds (its table entries then say how many it played). */
const budgetMs = values.minutes ? Number(values.minutes) * 60_000 : Infinity;

/** One pairing over seeds first..games (fewer when the time budget runs out); `checkpoint` gets the cell after every game. */
function play(german: string, soviet: string, first: number, checkpoint?: string): Cell {
  const cell: Cell = {
    german,
    soviet,
    seeds: [],
    germanWins: 0,
    attacks: { german: 0, soviet: 0 },
    margins: [],
    decisionHistogram: { german: {}, soviet: {} },
    turnMs: { german: [], soviet: [] },
    ms: 0,
  };
  const t0 = performance.now();
  for (let seed = first; seed <= gameCount && performance.now() - t0 < budgetMs; seed++) {
    let s = engine.setup({ seed });
    // The side and turn whose thinking time is being summed.
    let turn = { side: '' as SideId | '', number: 0, ms: 0 };
    for (let n = 0; n < 20_000 && !engine.result(s); n++) {
      const b = engine.board(s);
      const side = phaseSide(s.phase)!;
      if (turn.side !== side || turn.number !== s.turn) {
        if (turn.side) cell.turnMs[turn.side].push(turn.ms);
        turn = { side, number: s.turn, ms: 0 };
      }
      const t = performance.now();
      const action = BOTS[side === 'german' ? german : soviet]!(b);
      const spent = performance.now() - t;
      const h = cell.decisionHistogram[side];
      h[timeStep(spent)] = (h[timeStep(spent)] ?? 0) + 1;
      turn.ms += spent;
      if (action.type === 'declare') cell.attacks[side] += 1;
      s = engine.apply(s, action).state;
    }
    if (turn.side) cell.turnMs[turn.side].push(turn.ms);
    if (engine.result(s)?.winner === 'german') cell.germanWins += 1;
    cell.margins.push(Math.round(score(engine.board(s), 'german') * 100) / 100);
    cell.seeds.push(seed);
    cell.ms = performance.now() - t0;
    (cell.load ??= []).push(Math.round(loadavg()[0]! * 10) / 10);
    if (checkpoint) writeFileSync(checkpoint, JSON.stringify(cell));
  }
  return cell;
}

/** Runs of one pairing over different seeds, as one. */
function merge(parts: Cell[]): Cell {
  const [head, ...rest] = parts;
  const out: Cell = structuredClone(head!);
  for (const c of rest) {
    const overlap = c.seeds.filter((x) => out.seeds.includes(x));
    if (overlap.length > 0) throw new Error(`${c.german}/${c.soviet}: seeds ${overlap.slice(0, 5).join(', ')} played twice`);
    out.seeds.push(...c.seeds);
    out.germanWins += c.germanWins;
    out.margins.push(...c.margins);
    out.ms += c.ms;
    if (c.load) (out.load ??= []).push(...c.load);
    for (const side of ['german', 'soviet'] as const) {
      out.attacks[side] += c.attacks[side];
      out.turnMs[side].push(...c.turnMs[side]);
      for (const [k, n] of Object.entries(c.decisionHistogram[side]))
        out.decisionHistogram[side][k] = (out.decisionHistogram[side][k] ?? 0) + n;
    }
  }
  return out;
}

/** Median and 95th percentile of a histogram of decision times. */
function histogramTiming(h: Record<string, number>): Timing {
  const count = Object.values(h).reduce((t, n) => t + n, 0);
  return { medianMs: histogramQuantile(h, 0.5), p95Ms: histogramQuantile(h, 0.95), count };
}

const listTiming = (xs: number[]): Timing => ({ medianMs: median(xs), p95Ms: quantile(xs, 0.95), count: xs.length });

if (values.cell) {
  const [german, soviet] = values.cell.split('/');
  if (!german || !soviet || !BOTS[german] || !BOTS[soviet])
    throw new Error(`--cell wants german/soviet among ${Object.keys(BOTS).join(', ')}`);
  console.log(JSON.stringify(play(german, soviet, Number(values.first), values.checkpoint)));
  process.exit(0);
}

const run = promisify(execFile);
/** Rough cost of a bot's games, so the longest pairings start first and the processes finish together. */
const COST: Record<string, number> = { search: 10, random: 1, heuristic: 0.1 };
const pairings = NAMES.flatMap((german) => NAMES.map((soviet) => ({ german, soviet }))).sort(
  (x, y) => (COST[y.german] ?? 1) + (COST[y.soviet] ?? 1) - (COST[x.german] ?? 1) - (COST[x.soviet] ?? 1),
);
const jobs = Math.max(1, Number(values.jobs ?? availableParallelism()));
const cells: Cell[] = [];
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Math.min(jobs, pairings.length) }, async () => {
    while (next < pairings.length) {
      const { german, soviet } = pairings[next++]!;
      // Pairings played earlier (`--cell g/s --first n --checkpoint dir/g-s.n.json`), merged, not played again.
      const saved = values.saved
        ? readdirSync(values.saved)
            .filter((f) => f.startsWith(`${german}-${soviet}.`) && f.endsWith('.json'))
            .map((f) => JSON.parse(readFileSync(join(values.saved!, f), 'utf8')) as Cell)
        : [];
      if (saved.length > 0) {
        cells.push(merge(saved));
        continue;
      }
      // The same tsx loader as this process: the child runs this script for one pairing.
      const { stdout } = await run(
        process.execPath,
        [
          ...process.execArgv,
          process.argv[1]!,
          '--games',
          String(gameCount),
          ...(values.minutes ? ['--minutes', values.minutes] : []),
          '--cell',
          `${german}/${soviet}`,
        ],
        { maxBuffer: 1 << 26 },
      );
      const cell = JSON.parse(stdout.trim().split('\n').at(-1)!) as Cell;
      cells.push(cell);
      console.log(
        `German ${german.padEnd(9)} vs Soviet ${soviet.padEnd(9)}: German wins ${cell.germanWins}/${games(cell)}, Soviet battles ${(cell.attacks.soviet / games(cell)).toFixed(1)} a game (${(cell.ms / games(cell)).toFixed(0)} ms a game)`,
      );
    }
  }),
);
const minutes = (performance.now() - started) / 60_000;
const cellOf = (german: string, soviet: string) => cells.find((c) => c.german === german && c.soviet === soviet)!;

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const winCell = (c: Cell) => {
  const ci = wilson(c.germanWins, games(c));
  const short = games(c) < gameCount ? `, ${games(c)} games` : '';
  return `${pct(c.germanWins / games(c))} (${(100 * ci.low).toFixed(1)}-${(100 * ci.high).toFixed(1)}${short})`;
};
const table = (head: string, cell: (c: Cell) => string) => [
  `| ${head} | ${NAMES.join(' | ')} |`,
  `|---|${NAMES.map(() => '---').join('|')}|`,
  ...NAMES.map((german) => `| **${german}** | ${NAMES.map((soviet) => cell(cellOf(german, soviet))).join(' | ')} |`),
];

/** One bot against another on a side, each against the same opponents: the difference in German win rate. */
function comparisons(side: SideId): string[] {
  const lines: string[] = [];
  for (const [i, a] of NAMES.entries())
    for (const b of NAMES.slice(i + 1))
      for (const opponent of NAMES) {
        const ca = side === 'soviet' ? cellOf(opponent, a) : cellOf(a, opponent);
        const cb = side === 'soviet' ? cellOf(opponent, b) : cellOf(b, opponent);
        const t = twoProportions(cb.germanWins, games(cb), ca.germanWins, games(ca));
        const better = side === 'soviet' ? (t.high < 0 ? b : t.low > 0 ? a : 'neither') : t.low > 0 ? b : t.high < 0 ? a : 'neither';
        const m = meanDifference(cb.margins, ca.margins);
        const marginBetter = side === 'soviet' ? (m.high < 0 ? b : m.low > 0 ? a : 'neither') : m.low > 0 ? b : m.high < 0 ? a : 'neither';
        lines.push(
          `| ${side === 'soviet' ? 'Soviet' : 'German'} ${b} vs ${a} | ${opponent} | ${pct(cb.germanWins / games(cb))} vs ${pct(ca.germanWins / games(ca))} | ${(100 * t.difference).toFixed(1)} (${(100 * t.low).toFixed(1)} to ${(100 * t.high).toFixed(1)}) | ${pValue(t.p)} | ${better} | ${m.difference.toFixed(1)} (${m.low.toFixed(1)} to ${m.high.toFixed(1)}) | ${pValue(m.p)} | ${marginBetter} |`,
        );
      }
  return lines;
}

const pValue = (p: number) => (p < 0.0001 ? '< 0.0001' : p.toFixed(4));
const marginCell = (c: Cell) => {
  const { mean, sd } = meanAndSd(c.margins);
  return `${mean.toFixed(1)} ± ${((1.96 * sd) / Math.sqrt(c.margins.length)).toFixed(1)}`;
};
const ms = (t: Timing) => `${t.medianMs.toFixed(2)} / ${t.p95Ms.toFixed(1)}`;
const decisionMs = (c: Cell, side: SideId) => ms(histogramTiming(c.decisionHistogram[side]));
const turnMs = (c: Cell, side: SideId) => {
  const t = listTiming(c.turnMs[side]);
  return `${(t.medianMs / 1000).toFixed(2)} / ${(t.p95Ms / 1000).toFixed(2)}`;
};
const doc = [
  '# Battle for Moscow: bot arena',
  '',
  `Generated by \`npm run bot-arena -- --games ${gameCount}${values.bots ? ` --bots ${values.bots}` : ''}${values.minutes ? ` --minutes ${values.minutes}` : ''}${values.saved ? ' --saved <dir>' : ''}\` (scripts/bot-arena.ts); do not edit by hand. Each pairing plays the same seeds 1-${gameCount}${values.minutes ? `, or as many of them as it finished in ${values.minutes} minutes` : ''}${values.saved ? ', merged from runs over parts of them (`--cell`, `--first`, `--checkpoint`), where a run stopped early' : ''} (the count is given where it fell short)${values.saved ? '' : `; ${minutes.toFixed(0)} minutes on ${jobs} processes`}.`,
  '',
  'German win rate with its 95% interval (Wilson), German bot by row, Soviet bot by column:',
  '',
  ...table('German \\ Soviet', winCell),
  '',
  'A bot is stronger than another on a side when, against the same opponent, its side wins more often: compare rows for the German side, and columns (lower German win rate is better) for the Soviet side.',
  '',
  "Final margin from the German side, mean with its 95% interval: the search bot's `score` of the last position (Moscow 100, each city held 6 and each city lost 2, strength on the map against the enemy's, the German unit nearest Moscow); lower is better for the Soviets. It tells bots apart even where one side wins every game:",
  '',
  ...table('German \\ Soviet', marginCell),
  '',
  'Is the difference more than the dice explain? Two-proportion z-test on the German win rates (difference in points with its 95% interval) and Welch\'s test on the margins; "better" names the stronger bot for that side when the 95% interval excludes 0:',
  '',
  '| comparison | opponent | German wins | difference | p | better | margin difference | p | better |',
  '|---|---|---|---|---|---|---|---|---|',
  ...comparisons('soviet'),
  ...comparisons('german'),
  '',
  'Battles announced per game, Soviet / German:',
  '',
  ...table('German \\ Soviet', (c) => `${(c.attacks.soviet / games(c)).toFixed(1)} / ${(c.attacks.german / games(c)).toFixed(1)}`),
  '',
  'Time per decision in ms, median / 95th percentile, of the Soviet bot and then the German bot (the search bot thinks at the start of a movement or combat phase and answers the rest of the phase at once):',
  '',
  ...table('German \\ Soviet', (c) => `${decisionMs(c, 'soviet')}; ${decisionMs(c, 'german')}`),
  '',
  'Thinking time per turn in seconds (all the decisions of one side in one turn: what a player waits for), median / 95th percentile, Soviet bot and then German bot:',
  '',
  ...table('German \\ Soviet', (c) => `${turnMs(c, 'soviet')}; ${turnMs(c, 'german')}`),
  '',
  `Time per game: ${cells.map((c) => `${c.german}/${c.soviet} ${(c.ms / games(c)).toFixed(0)} ms`).join(', ')}.`,
  '',
  `Times are wall-clock on ${cpus().length} cores shared with other work: the mean one-minute load average after each game (of those that recorded it) was ${cells
    .map(
      (c) => `${c.german}/${c.soviet} ${c.load?.length ? (c.load.reduce((t, x) => t + x, 0) / c.load.length).toFixed(1) : 'not recorded'}`,
    )
    .join(', ')}; on an idle machine they are shorter.`,
  '',
  "- random: a legal action chosen from the game's dice state (so a game is reproducible).",
  '- heuristic: src/games/battle-for-moscow/bot.ts, readable rules of thumb.',
  '- search: src/games/battle-for-moscow/search-bot.ts, Monte Carlo over styles of the heuristic with the dice drawn afresh for each play-out; the Soviets weigh replacement, counterattack and line plans (among them holding every hex next to Moscow) through the German combat that answers them, on common dice.',
  '',
].join('\n');
writeFileSync(values.out, doc);
console.log(`Written to ${values.out}`);
