/**
 * Drive on Moscow bot arena: the heuristic and search bots against each other on the same
 * seeds, with the rule that decided each game tabulated.
 *
 *   npx tsx scripts/dom-arena.ts --pairings search/search,heuristic/heuristic --games 500 --dir /tmp/dom-arena
 *   npx tsx scripts/dom-arena.ts --report --dir /tmp/dom-arena --out docs/drive-on-moscow-arena.md
 *
 * A pairing is `german/soviet` (heuristic or search for each side). Every finished game is
 * appended as one JSON line to `<dir>/<german>-<soviet>.jsonl`, so a long arena runs in parts
 * (`--minutes` stops it after the game under way) and resumes where it stopped (`--checkpoint`
 * is another name for `--dir`); `--report`
 * writes the tables from those files without playing. Each line carries a digest of the
 * game's orders, so two runs on the same seed can be checked to have played the same game.
 * `--charts override.json` plays on charts changed as DOM_CHARTS_OVERRIDE would (a proposed
 * reading of a number the rulebook leaves open), its games kept apart under `--tag`.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { botStep } from '../src/games/drive-on-moscow/bot.js';
import { chartsWithOverride, SHIPPED_CHARTS } from '../src/games/drive-on-moscow/charts.js';
import { domEngine } from '../src/games/drive-on-moscow/engine.js';
import { searchStep } from '../src/games/drive-on-moscow/search-bot.js';
import type { DomAction, DomState, Side } from '../src/games/drive-on-moscow/state.js';
import type { Applied } from '../src/games/engine.js';
import { median, wilson } from './arena-stats.js';

const { values } = parseArgs({
  options: {
    pairings: { type: 'string', default: 'heuristic/heuristic' },
    games: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    dir: { type: 'string', default: '/tmp/dom-arena' },
    /** The same as --dir: the directory of finished games a stopped run resumes from. */
    checkpoint: { type: 'string' },
    minutes: { type: 'string' },
    report: { type: 'boolean', default: false },
    out: { type: 'string', default: '' },
    note: { type: 'string', default: '' },
    charts: { type: 'string' },
    tag: { type: 'string', default: '' },
  },
});

if (values.checkpoint) values.dir = values.checkpoint;

type Level = 'heuristic' | 'search';
type Step = { action: DomAction; applied?: Applied<DomState> } | undefined;
const engine = domEngine(values.charts ? chartsWithOverride(JSON.parse(readFileSync(values.charts, 'utf8'))) : SHIPPED_CHARTS);
const BOTS: Record<Level, (s: DomState, side: Side) => Step> = {
  heuristic: (s, side) => botStep(engine, s, side),
  search: (s, side) => searchStep(engine, s, side),
};

export interface GameRow {
  seed: number;
  winner: Side | 'none';
  turn: number;
  rule: string;
  reason: string;
  orders: number;
  /** CPU time of the game (this process's, so a busy machine does not inflate it), seconds. */
  seconds: number;
  /** Median CPU time of one order (the bot's choice and the engine's apply), milliseconds. */
  medianMs: number;
  /** sha256 of the orders played, first 16 hex digits. */
  digest: string;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function play(seed: number, german: Level, soviet: Level): GameRow {
  const t0 = cpuMs();
  let s = engine.setup({ seed });
  const orders: DomAction[] = [];
  const times: number[] = [];
  while (!s.result && orders.length < 20000) {
    const t = cpuMs();
    const side = engine.prompt(s).side ?? s.side;
    const step = BOTS[side === 'german' ? german : soviet](s, side);
    if (!step) break;
    try {
      s = (step.applied ?? engine.apply(s, step.action)).state;
    } catch (e) {
      // A bot with nothing legal to play: the game is recorded as stuck, with the rule that refused.
      return { ...row(seed, s, orders, times, t0), rule: 'stuck', reason: `stuck: ${(e as Error).message}` };
    }
    orders.push(step.action);
    times.push(cpuMs() - t);
  }
  return row(seed, s, orders, times, t0);
}

function row(seed: number, s: DomState, orders: DomAction[], times: number[], t0: number): GameRow {
  const reason = s.result?.reason ?? 'no result';
  return {
    seed,
    winner: s.result?.winner ?? 'none',
    turn: s.turn,
    rule: reason.match(/\((4\.\d)(, 9\.3)?\)\s*$/)?.[1] ?? 'unfinished',
    reason,
    orders: orders.length,
    seconds: Number(((cpuMs() - t0) / 1000).toFixed(2)),
    medianMs: Number(median(times).toFixed(3)),
    digest: createHash('sha256').update(JSON.stringify(orders)).digest('hex').slice(0, 16),
  };
}

const fileOf = (pairing: string) => join(values.dir, `${pairing.replace('/', '-')}${values.tag ? `-${values.tag}` : ''}.jsonl`);
function rowsOf(pairing: string): GameRow[] {
  const f = fileOf(pairing);
  if (!existsSync(f)) return [];
  return readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as GameRow);
}

const pairings = values.pairings.split(',').map((p) => p.trim());
for (const p of pairings) {
  const [g, v] = p.split('/');
  if (!(g! in BOTS) || !(v! in BOTS)) throw new Error(`a pairing is german/soviet, each heuristic or search: ${p}`);
}

if (!values.report) {
  mkdirSync(values.dir, { recursive: true });
  const stopAt = values.minutes ? Date.now() + Number(values.minutes) * 60_000 : Infinity;
  const first = Number(values.seed);
  // Round-robin over the pairings, one seed at a time, so a stopped run leaves them level.
  for (let seed = first; seed < first + Number(values.games) && Date.now() < stopAt; seed++) {
    for (const p of pairings) {
      if (Date.now() >= stopAt) break;
      if (rowsOf(p).some((r) => r.seed === seed)) continue;
      const [g, v] = p.split('/') as [Level, Level];
      const row = play(seed, g, v);
      appendFileSync(fileOf(p), `${JSON.stringify(row)}\n`);
      console.log(`${p} seed ${seed}: ${row.winner} GT${row.turn} (${row.reason}), ${row.orders} orders, ${row.seconds} s`);
    }
  }
}

/** The decisive rule in words, grouped: which cities were missing, which place was retaken. */
function cause(r: GameRow): string {
  if (r.rule === '4.5') {
    const held = r.reason.match(/hold (\d) of/)?.[1];
    const missing = r.reason.match(/missing ([^)]*)\)/)?.[1];
    return `Soviet: the Germans hold ${held} of 5 cities at the end of GT9 (missing ${missing})`;
  }
  if (r.rule === '4.3') return 'German: all five cities held at the end of GT9';
  if (r.rule === '4.1') return 'German: a Moscow hex taken';
  if (r.rule === '4.2') return 'German: Moscow cut off from supply';
  if (r.rule === '4.4' && r.reason.includes('withdrawal')) return 'Soviet: a German withdrawal could not be made';
  if (r.rule === '4.4') return `Soviet: ${r.reason.replace(/^the Soviets control /, 'retook ').replace(/ \(4\.4\)$/, '')}`;
  return `${r.winner}: ${r.reason}`;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const lines: string[] = [];
for (const p of pairings) {
  const rows = rowsOf(p).sort((a, b) => a.seed - b.seed);
  if (rows.length === 0) continue;
  const wins = rows.filter((r) => r.winner === 'german').length;
  const w = wilson(wins, rows.length);
  const causes = new Map<string, { rule: string; n: number }>();
  for (const r of rows) {
    const k = cause(r);
    causes.set(k, { rule: r.rule, n: (causes.get(k)?.n ?? 0) + 1 });
  }
  const byRule = new Map<string, number>();
  for (const r of rows) byRule.set(`${r.winner} ${r.rule}`, (byRule.get(`${r.winner} ${r.rule}`) ?? 0) + 1);
  const lacked = new Map<string, number>();
  for (const r of rows.filter((x) => x.rule === '4.5'))
    for (const c of (r.reason.match(/missing ([^)]*)\)/)?.[1] ?? '').split(', ').filter(Boolean)) lacked.set(c, (lacked.get(c) ?? 0) + 1);
  const turns = new Map<number, number>();
  for (const r of rows.filter((x) => x.winner === 'german')) turns.set(r.turn, (turns.get(r.turn) ?? 0) + 1);
  lines.push(
    `## German ${p.split('/')[0]} against Soviet ${p.split('/')[1]}${values.tag ? ` (${values.tag})` : ''}`,
    '',
    `${rows.length} games (seeds ${rows[0]!.seed}-${rows[rows.length - 1]!.seed}). **German wins: ${wins} of ${rows.length} (${pct(wins / rows.length)}; 95% Wilson interval ${pct(w.low)}-${pct(w.high)})**.` +
      (turns.size
        ? ` German wins by game turn: ${[...turns]
            .sort((a, b) => a[0] - b[0])
            .map(([t, n]) => `GT${t} ${n}`)
            .join(', ')}.`
        : ''),
    `A game: median ${median(rows.map((r) => r.seconds)).toFixed(1)} s of CPU (longest ${Math.max(...rows.map((r) => r.seconds)).toFixed(0)} s), ${median(rows.map((r) => r.orders))} orders, ${median(rows.map((r) => r.medianMs)).toFixed(2)} ms of CPU per order (median of the games' medians).`,
    `By rule: ${[...byRule]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}.` +
      (lacked.size
        ? ` Cities the Germans lacked at the end of the games decided by 4.5: ${[...lacked]
            .sort((a, b) => b[1] - a[1])
            .map(([c, n]) => `${c} ${n}`)
            .join(', ')}.`
        : ''),
    '',
    '| result | rule | games | share |',
    '|---|---|---|---|',
    ...[...causes].sort((a, b) => b[1].n - a[1].n).map(([k, c]) => `| ${k} | ${c.rule} | ${c.n} | ${pct(c.n / rows.length)} |`),
    '',
  );
}
const report = lines.join('\n');
console.log(report);
if (values.out) writeFileSync(values.out, `${values.note}${values.note ? '\n' : ''}${report}`);
