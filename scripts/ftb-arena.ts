/**
 * Fight! Typhoon Blitz bot arena: bot pairings (heuristic or search for each side) over the
 * same seeds, the Axis win rate with its 95% interval (Wilson), the causes of each result
 * tabulated, and the bots' time per decision.
 *
 *   npx tsx scripts/ftb-arena.ts --pairings search/search,heuristic/heuristic --games 500 \
 *     [--first 1] [--minutes 60] [--checkpoint dir] [--out docs/fight-typhoon-blitz-arena.md]
 *
 * A pairing is axis/soviet. With `--checkpoint dir` every game is appended to
 * dir/<axis>-<soviet>.jsonl as it ends and seeds already there are not played again, so a long
 * arena can stop and go on; `--report` writes the document from those files without playing.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { botAction } from '../src/games/fight-typhoon-blitz/bot.js';
import { Ctx, weatherOf } from '../src/games/fight-typhoon-blitz/context.js';
import { ftbEngine } from '../src/games/fight-typhoon-blitz/engine.js';
import { searchAction } from '../src/games/fight-typhoon-blitz/search-bot.js';
import type { FtbAction, FtbState, Side } from '../src/games/fight-typhoon-blitz/state.js';
import { axisCities } from '../src/games/fight-typhoon-blitz/turns.js';
import { histogramQuantile, meanAndSd, timeStep, wilson } from './arena-stats.js';

const { values } = parseArgs({
  options: {
    pairings: { type: 'string', default: 'heuristic/heuristic' },
    games: { type: 'string', default: '20' },
    first: { type: 'string', default: '1' },
    minutes: { type: 'string' },
    checkpoint: { type: 'string' },
    report: { type: 'boolean', default: false },
    out: { type: 'string', default: '' },
  },
});
const engine = ftbEngine();
type Level = 'heuristic' | 'search';
const BOTS: Record<Level, (s: FtbState) => FtbAction | undefined> = {
  heuristic: (s) => botAction(engine.board, engine.charts, s),
  search: (s) => searchAction(engine.board, engine.charts, s),
};

/** One game, with what explains its result. */
interface Game {
  seed: number;
  winner: Side | 'none';
  rule: string;
  /** Axis major-city hexes with a line at the end of each turn (14.4). */
  cities: number[];
  /** Turn the Axis first took Tula, and first held two Moscow hexes (0: never). */
  tula: number;
  moscow: number;
  /** Turn Moscow and Tula were first held together (14.4(2)); 0: never. */
  held: number;
  /** Steps each side lost to the supply check (11.1), and in all. */
  supplySteps: Record<Side, number>;
  stepsLost: Record<Side, number>;
  attacks: Record<Side, number>;
  guderian: number;
  actions: number;
  ms: number;
  /** Decision times of each side's bot, counted per 5% step (arena-stats timeStep). */
  decisions: Record<Side, Record<string, number>>;
  load: number;
}

const steps = (s: FtbState, side: Side) =>
  Object.values(s.units)
    .filter((u) => u.side === side && u.where === 'map')
    .reduce((t, u) => t + u.steps, 0);

function play(axis: Level, soviet: Level, seed: number): Game {
  const t0 = performance.now();
  let s = engine.setup({ seed });
  const g: Game = {
    seed,
    winner: 'none',
    rule: 'unfinished',
    cities: [],
    tula: 0,
    moscow: 0,
    held: 0,
    supplySteps: { german: 0, soviet: 0 },
    stepsLost: { german: 0, soviet: 0 },
    attacks: { german: 0, soviet: 0 },
    guderian: 0,
    actions: 0,
    ms: 0,
    decisions: { german: {}, soviet: {} },
    load: 0,
  };
  const board = engine.board;
  for (let n = 0; n < 20_000 && !s.result; n++) {
    const side = engine.prompt(s).side as Side;
    const t = performance.now();
    const a = BOTS[side === 'german' ? axis : soviet](s)!;
    const h = g.decisions[side];
    h[timeStep(performance.now() - t)] = (h[timeStep(performance.now() - t)] ?? 0) + 1;
    const before = { german: steps(s, 'german'), soviet: steps(s, 'soviet') };
    const r = engine.apply(s, a);
    for (const e of r.events) {
      if (e.kind === 'supply') {
        const lost = (e.text.match(/reduced|eliminated/g) ?? []).length;
        g.supplySteps[e.text.includes('Axis') ? 'german' : 'soviet'] += lost;
      }
      if (e.kind === 'guderian' && !e.text.startsWith('The cup')) g.guderian += 1;
    }
    if (a.type === 'attack') g.attacks[side] += 1;
    const turn = s.turn;
    s = r.state;
    for (const x of ['german', 'soviet'] as const) g.stepsLost[x] += Math.max(0, before[x] - steps(s, x));
    const c = new Ctx(board, engine.charts, s);
    if (!g.tula && c.control(board.tula) === 'german') g.tula = s.turn;
    if (!g.moscow && board.moscow.every((m) => c.control(m) === 'german')) g.moscow = s.turn;
    if (!g.held && s.heldMoscowTula) g.held = s.turn;
    if (s.turn !== turn || s.result) g.cities.push(axisCities(c).length);
    g.actions = n + 1;
  }
  g.winner = s.result?.winner ?? 'none';
  g.rule = s.result?.reason.match(/^(14\.4\(\d\))/)?.[1] ?? 'unfinished';
  g.ms = performance.now() - t0;
  g.load = Math.round(loadavg()[0]! * 10) / 10;
  return g;
}

const pairings = values.pairings.split(',').map((p) => {
  const [axis, soviet] = p.split('/') as [Level, Level];
  if (!BOTS[axis] || !BOTS[soviet]) throw new Error(`--pairings wants axis/soviet among ${Object.keys(BOTS).join(', ')}`);
  return { axis, soviet };
});
const count = Number(values.games);
const first = Number(values.first);
const budgetMs = values.minutes ? Number(values.minutes) * 60_000 : Number.POSITIVE_INFINITY;
const file = (p: { axis: string; soviet: string }) => (values.checkpoint ? join(values.checkpoint, `${p.axis}-${p.soviet}.jsonl`) : '');
const saved = (p: { axis: string; soviet: string }): Game[] =>
  file(p) && existsSync(file(p))
    ? readFileSync(file(p), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Game)
    : [];

const results = new Map<string, Game[]>();
const started = performance.now();
if (values.checkpoint) mkdirSync(values.checkpoint, { recursive: true });
for (const p of pairings) {
  const games = saved(p);
  const done = new Set(games.map((g) => g.seed));
  for (let seed = first; seed < first + count && !values.report; seed++) {
    if (done.has(seed)) continue;
    if (performance.now() - started > budgetMs) break;
    const g = play(p.axis, p.soviet, seed);
    games.push(g);
    if (values.checkpoint) appendFileSync(file(p), `${JSON.stringify(g)}\n`);
    console.log(`${p.axis}/${p.soviet} seed ${seed}: ${g.winner} ${g.rule}, cities ${g.cities.join(' ')}, ${(g.ms / 1000).toFixed(1)} s`);
  }
  results.set(`${p.axis}/${p.soviet}`, games);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const mean = (xs: number[]) => (xs.length ? meanAndSd(xs).mean : Number.NaN);
const f1 = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(1));
const merged = (gs: Game[], side: Side) => {
  const h: Record<string, number> = {};
  for (const g of gs) for (const [k, n] of Object.entries(g.decisions[side])) h[k] = (h[k] ?? 0) + n;
  return h;
};
const decisionsOf = (gs: Game[], side: Side) => Object.values(merged(gs, side)).reduce((t, n) => t + n, 0);
const timing = (gs: Game[], side: Side) => {
  const h = merged(gs, side);
  return `${histogramQuantile(h, 0.5).toFixed(2)} / ${histogramQuantile(h, 0.95).toFixed(1)} / ${histogramQuantile(h, 0.999).toFixed(0)}`;
};

/** The cause of a result: the rule and, for a Soviet win, what the Axis lacked. */
function cause(g: Game): string {
  if (g.winner === 'german')
    return `Axis ${g.rule}: ${g.rule === '14.4(1)' ? '10+ cities with Moscow and Tula at turn 10' : 'held Moscow and Tula, 8+ cities at turn 12'}`;
  if (!g.held) return `Soviet ${g.rule}: the Axis never held two Moscow hexes and Tula together`;
  return `Soviet ${g.rule}: Moscow and Tula held once, fewer than 8 cities at turn 12`;
}

const lines: string[] = [
  '# Fight! Typhoon Blitz: bot arena',
  '',
  `Generated by \`npx tsx scripts/ftb-arena.ts --pairings ${values.pairings} --games ${count}\` (scripts/ftb-arena.ts, with \`--checkpoint\` runs merged); do not edit by hand. Each pairing plays seeds ${first}-${first + count - 1}, or as many as it finished (the count is given). Target: Axis wins 35-65% with the search bots on both sides.`,
  '',
  '## Axis win rate',
  '',
  '| Axis bot | Soviet bot | games | Axis wins | rate (95% Wilson interval) |',
  '|---|---|---|---|---|',
];
for (const [k, gs] of results) {
  const [a, so] = k.split('/');
  const wins = gs.filter((g) => g.winner === 'german').length;
  const ci = wilson(wins, gs.length);
  lines.push(`| ${a} | ${so} | ${gs.length} | ${wins} | ${pct(wins / Math.max(1, gs.length))} (${pct(ci.low)}-${pct(ci.high)}) |`);
}
lines.push('', '## Causes', '');
for (const [k, gs] of results) {
  if (!gs.length) continue;
  lines.push(
    `### ${k.replace('/', ' (Axis) against ')} (Soviet), ${gs.length} games`,
    '',
    '| result and what decided it | games | share |',
    '|---|---|---|',
  );
  const causes = new Map<string, number>();
  for (const g of gs) causes.set(cause(g), (causes.get(cause(g)) ?? 0) + 1);
  for (const [c, n] of [...causes].sort((x, y) => y[1] - x[1])) lines.push(`| ${c} | ${n} | ${pct(n / gs.length)} |`);
  const by = (pred: (g: Game) => boolean) => gs.filter(pred);
  const won = by((g) => g.winner === 'german');
  const lost = by((g) => g.winner !== 'german');
  const turnOf = (xs: Game[], f: (g: Game) => number) => {
    const t = xs.map(f).filter((x) => x > 0);
    return `${f1(mean(t))} (${t.length} of ${xs.length})`;
  };
  const peakTurn = (g: Game) => g.cities.indexOf(Math.max(...g.cities)) + 1;
  lines.push(
    '',
    '| measure (mean) | Axis wins | Soviet wins |',
    '|---|---|---|',
    `| Axis cities with a line at the end of turn 4 / 7 / 10 / 12 (a game won on turn 10 counts its turn-10 cities for 12) | ${[3, 6, 9, 11].map((i) => f1(mean(won.map((g) => g.cities[i] ?? g.cities.at(-1)!)))).join(' / ')} | ${[3, 6, 9, 11].map((i) => f1(mean(lost.map((g) => g.cities[i] ?? g.cities.at(-1)!)))).join(' / ')} |`,
    `| turn the Axis city count peaked (where the advance stalled) | ${f1(mean(won.map(peakTurn)))} | ${f1(mean(lost.map(peakTurn)))} |`,
    `| turn Tula first taken (games where it was) | ${turnOf(won, (g) => g.tula)} | ${turnOf(lost, (g) => g.tula)} |`,
    `| turn both Moscow hexes first taken | ${turnOf(won, (g) => g.moscow)} | ${turnOf(lost, (g) => g.moscow)} |`,
    `| turn Moscow and Tula first held together (14.4(2)) | ${turnOf(won, (g) => g.held)} | ${turnOf(lost, (g) => g.held)} |`,
    `| Axis steps lost to the supply check (11.1) / in all | ${f1(mean(won.map((g) => g.supplySteps.german)))} / ${f1(mean(won.map((g) => g.stepsLost.german)))} | ${f1(mean(lost.map((g) => g.supplySteps.german)))} / ${f1(mean(lost.map((g) => g.stepsLost.german)))} |`,
    `| Soviet steps lost to the supply check / in all | ${f1(mean(won.map((g) => g.supplySteps.soviet)))} / ${f1(mean(won.map((g) => g.stepsLost.soviet)))} | ${f1(mean(lost.map((g) => g.supplySteps.soviet)))} / ${f1(mean(lost.map((g) => g.stepsLost.soviet)))} |`,
    `| attacks declared, Axis / Soviet | ${f1(mean(won.map((g) => g.attacks.german)))} / ${f1(mean(won.map((g) => g.attacks.soviet)))} | ${f1(mean(lost.map((g) => g.attacks.german)))} / ${f1(mean(lost.map((g) => g.attacks.soviet)))} |`,
    `| Guderian interrupts (7.3) | ${f1(mean(won.map((g) => g.guderian)))} | ${f1(mean(lost.map((g) => g.guderian)))} |`,
    '',
    `Weather of the turn the count peaked (14.1): ${['clear', 'mud', 'frost', 'snow']
      .map((w) => `${w} ${gs.filter((g) => weatherOf({ turn: peakTurn(g), options: { snow: 'from8' } } as FtbState) === w).length}`)
      .join(', ')}.`,
    '',
  );
}
lines.push(
  '## Time',
  '',
  'Time per decision in ms of each side’s bot, median / 95th / 99.9th percentile (the search bot thinks when a chit’s combat opens with enemy units next to its units, and answers every other decision from the heuristic’s plan for the chit), and per game:',
  '',
  '| Axis bot | Soviet bot | Axis decisions | Axis ms | Soviet decisions | Soviet ms | seconds a game | mean load |',
  '|---|---|---|---|---|---|---|---|',
);
for (const [k, gs] of results) {
  if (!gs.length) continue;
  const [a, so] = k.split('/');
  lines.push(
    `| ${a} | ${so} | ${decisionsOf(gs, 'german')} | ${timing(gs, 'german')} | ${decisionsOf(gs, 'soviet')} | ${timing(gs, 'soviet')} | ${f1(mean(gs.map((g) => g.ms / 1000)))} | ${f1(mean(gs.map((g) => g.load)))} |`,
  );
}
lines.push(
  '',
  `Wall-clock times on ${cpus().length} cores shared with other work (the one-minute load average after each game is in the last column); on an idle machine they are shorter.`,
  '',
  '- heuristic: src/games/fight-typhoon-blitz/bot.ts.',
  '- search: src/games/fight-typhoon-blitz/search-bot.ts, the heuristic’s moves; at each chit’s combat the rest of the chit played out in a few attack styles on forked dice, the best by its evaluation.',
  '',
);
const doc = lines.join('\n');
if (values.out) writeFileSync(values.out, doc);
console.log(
  doc
    .split('\n')
    .slice(4, 8 + results.size)
    .join('\n'),
);
