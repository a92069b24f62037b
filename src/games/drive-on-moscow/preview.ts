/**
 * /odds: the exact chance of each result of a battle as it stands, before anything is
 * revealed. Untried units count with every veteran face still hidden for their type, each
 * with its exact probability (draws without replacement, 2.13), so the preview gives away
 * nothing the players may not know (11.6).
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Board } from './board.js';
import { type CrtResult, type DomCharts, SHIPPED_CHARTS } from './charts.js';
import { attackFactor, automatic, defenseFactor, positionLabel, rawPosition, shiftsFor } from './odds.js';
import { other, Position } from './position.js';
import type { DomState, Unit } from './state.js';

export interface OddsPreview {
  lines: string[];
  /** Probability of each result (after the city conversions of 11.17 and 11.28). */
  chances: Record<string, number>;
}

/**
 * The look-ups of a state the odds are asked about many times (the bot weighs every attack
 * of a position): states handed to the preview are never changed afterwards, so one
 * Position, with its supply map, serves them all.
 */
const positions = new WeakMap<DomState, Position>();
function positionOf(board: Board, charts: DomCharts, s: DomState): Position {
  let p = positions.get(s);
  if (!p || p.board !== board || p.charts !== charts) {
    p = new Position(board, charts, s);
    positions.set(s, p);
  }
  return p;
}

export function oddsPreview(
  board: Board,
  s: DomState,
  target: HexId,
  ids: readonly string[],
  kind: 'PA' | 'MA' = 'PA',
  air = 0,
  charts: DomCharts = SHIPPED_CHARTS,
): OddsPreview {
  const p = positionOf(board, charts, s);
  const attackers = ids.map((id) => {
    const u = s.units[id];
    if (!u) throw new RuleError('11.0', `no unit ${id} on the map`);
    return u;
  });
  if (attackers.length === 0) throw new RuleError('11.2', 'name at least one attacker');
  const side = attackers[0]!.side;
  const defenders = p.unitsAt(target, other(side)).filter((u) => kind === 'MA' || !s.defended.includes(u.id));
  if (defenders.length === 0) throw new RuleError('11.2', `no enemy units to attack in ${target}`);
  const launch = kind === 'MA' ? attackers[0]!.hex : undefined;
  const shifts = shiftsFor(s, p, { kind, attacker: side, target, attackers, launch, defenders, air: { attacker: air, defender: 0 } });
  const shift = shifts.reduce((n, x) => n + x.by, 0);
  const reach = p.supplyDistances(side);
  const supplied = new Map(attackers.map((u) => [u.id, u.side === 'soviet' || p.supplied(u, reach)]));
  const hidden = [...attackers, ...defenders].filter((u) => u.untried);
  const city = board.isCity(target);
  const attackerIds = new Set(ids);
  const convert = (r: CrtResult): string => {
    if (side === 'soviet' && city && (r === 'AS' || r === 'DR')) return 'AL1';
    if (side === 'german' && city && r === 'DR') return 'DR (AS or Bloodbath)';
    return r;
  };
  let a0 = 0;
  let d0 = 0;
  for (const u of attackers) if (!u.untried) a0 += attackFactor(p, u, target, supplied.get(u.id)!);
  for (const u of defenders) if (!u.untried) d0 += defenseFactor(u);
  const roles = hidden.map((u) => (attackerIds.has(u.id) ? 'a' : 'd'));
  const key = `${kind}|${side}|${city}|${shift}|${a0}|${d0}|${hidden.map((u, i) => `${u.type}${roles[i]}`).join(',')}|${[
    ...new Set(hidden.map((u) => u.type)),
  ]
    .map((t) => `${t}:${s.faces[t]!.join(',')}`)
    .join(';')}`;
  const memo = memoOf(charts);
  let weighed = memo.get(key);
  if (!weighed) {
    weighed = { chances: {}, columns: new Map() };
    const { chances, columns } = weighed;
    const add = (r: string, pr: number) => {
      chances[r] = (chances[r] ?? 0) + pr;
    };
    for (const n of faceDistribution(charts, s, hidden, roles, a0, d0)) {
      const final = rawPosition(n.a, n.d) + shift;
      const label = positionLabel(final);
      columns.set(label, (columns.get(label) ?? 0) + n.pr);
      const auto = automatic(final);
      if (auto) add(convert(auto), n.pr);
      else for (const row of charts.crt.rows) add(convert(row[final] as CrtResult), n.pr / 6);
    }
    if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(key, weighed);
  }
  const chances = { ...weighed.chances };
  const columns = weighed.columns;
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const known = hidden.length === 0;
  const lines = [
    `${kind === 'MA' ? 'Mobile assault' : 'Prepared assault'} on ${target} by ${ids.join(', ')}${known ? '' : ` (${hidden.length} untried unit${hidden.length === 1 ? '' : 's'}: every hidden face weighed)`}`,
    `Odds: ${[...columns].map(([c, x]) => (columns.size === 1 ? c : `${c} ${pct(x)}`)).join(', ')}${shifts.length ? `; shifts ${shifts.map((x) => `${x.by > 0 ? `${x.by}R` : `${-x.by}L`} ${x.why} (${x.rule})`).join(', ')}` : ''}`,
    `Results: ${Object.entries(chances)
      .sort((x, y) => y[1] - x[1])
      .map(([r, x]) => `${r} ${pct(x)}`)
      .join(', ')}`,
  ];
  return { lines, chances };
}

/**
 * Battles already weighed, by everything their chances depend on (the force's known factors,
 * the shifts, the hidden units' types and roles, the faces still hidden of those types): the
 * bot weighs the same battles again after every order of a combat phase.
 */
const memos = new WeakMap<DomCharts, Map<string, { chances: Record<string, number>; columns: Map<string, number> }>>();
const MEMO_LIMIT = 512;
function memoOf(charts: DomCharts) {
  let m = memos.get(charts);
  if (!m) {
    m = new Map();
    memos.set(charts, m);
  }
  return m;
}

/**
 * The exact distribution of (attack, defense) over the hidden faces (2.13: draws without
 * replacement from each type's faces still hidden), one untried unit after another, merging
 * the states that drew the same faces as it goes. A state is the count drawn of each face of
 * each type involved (the rest of the pools never change), so its key is a number; the states
 * and their probabilities come in the order, and from the arithmetic, of drawing one unit at
 * a time.
 */
export function faceDistribution(
  charts: DomCharts,
  s: DomState,
  hidden: readonly Unit[],
  roles: readonly string[],
  a0: number,
  d0: number,
  stepwiseMost = STEPWISE_MOST,
): Iterable<{ a: number; d: number; pr: number }> {
  const types = [...new Set(hidden.map((u) => u.type))];
  const offset = new Map<string, number>();
  const initial: number[] = [];
  for (const t of types) {
    offset.set(t, initial.length);
    initial.push(...s.faces[t]!);
  }
  // Mixed-radix weights of the drawn counts; a string key when they would not fit a double exactly.
  const weight: number[] = [];
  let radix = 1;
  for (const n of initial) {
    weight.push(radix);
    radix *= n + 1;
  }
  const uniform = new Set(roles).size <= 1;
  if (uniform && hidden.length > stepwiseMost) return sumDistribution(charts, s, hidden, roles[0] === 'a', a0, d0);
  if (uniform && radix <= DENSE_LIMIT) return denseDistribution(charts, s, hidden, roles, a0, d0, offset, initial, weight, radix);
  const numeric = radix < Number.MAX_SAFE_INTEGER && uniform;
  type Node = { a: number; d: number; drawn: number[]; code: number; pr: number };
  let nodes = new Map<number | string, Node>([[0, { a: a0, d: d0, drawn: initial.map(() => 0), code: 0, pr: 1 }]]);
  hidden.forEach((u, i) => {
    const next = new Map<number | string, Node>();
    const spec = charts.soviet.types[u.type as keyof typeof charts.soviet.types];
    const at = offset.get(u.type)!;
    const faces = s.faces[u.type]!.length;
    const attacking = roles[i] === 'a';
    for (const n of nodes.values()) {
      let total = 0;
      for (let j = 0; j < faces; j++) total += initial[at + j]! - n.drawn[at + j]!;
      for (let j = 0; j < faces; j++) {
        const k = initial[at + j]! - n.drawn[at + j]!;
        if (k === 0) continue;
        const face = spec.faces[j]![0];
        const a = n.a + (attacking ? face[0] : 0);
        const d = n.d + (attacking ? 0 : face[1]);
        const code = n.code + weight[at + j]!;
        const key = numeric ? code : `${a}|${d}|${code}`;
        const seen = next.get(key);
        if (seen) seen.pr += (n.pr * k) / total;
        else {
          const drawn = n.drawn.slice();
          drawn[at + j]! += 1;
          next.set(key, { a, d, drawn, code, pr: (n.pr * k) / total });
        }
      }
    }
    nodes = next;
  });
  return nodes.values();
}

/** Most states the dense tables of `denseDistribution` hold (8 MB of probabilities). */
const DENSE_LIMIT = 1 << 20;

/**
 * `faceDistribution` when every hidden unit is on the same side of the battle (always, as only
 * Soviet units are untried): a state's attack and defense follow from its drawn counts, so
 * states live in tables indexed by their key, visited in the same order with the same sums.
 * A state of one step never shares its key with one of another step (one more face drawn), so
 * one table serves every step.
 */
function denseDistribution(
  charts: DomCharts,
  s: DomState,
  hidden: readonly Unit[],
  roles: readonly string[],
  a0: number,
  d0: number,
  offset: ReadonlyMap<string, number>,
  initial: readonly number[],
  weight: readonly number[],
  radix: number,
): { a: number; d: number; pr: number }[] {
  const pr = new Float64Array(radix);
  const seen = new Uint8Array(radix);
  const as = new Float64Array(radix);
  const ds = new Float64Array(radix);
  as[0] = a0;
  ds[0] = d0;
  pr[0] = 1;
  let order = [0];
  hidden.forEach((u, i) => {
    const next: number[] = [];
    const spec = charts.soviet.types[u.type as keyof typeof charts.soviet.types];
    const at = offset.get(u.type)!;
    const faces = s.faces[u.type]!.length;
    const attacking = roles[i] === 'a';
    const left = new Array<number>(faces);
    for (const code of order) {
      let total = 0;
      for (let j = 0; j < faces; j++) {
        const k = initial[at + j]! - (Math.floor(code / weight[at + j]!) % (initial[at + j]! + 1));
        left[j] = k;
        total += k;
      }
      const p = pr[code]!;
      for (let j = 0; j < faces; j++) {
        const k = left[j]!;
        if (k === 0) continue;
        const child = code + weight[at + j]!;
        if (seen[child]) pr[child] = pr[child]! + (p * k) / total;
        else {
          const face = spec.faces[j]![0];
          seen[child] = 1;
          as[child] = as[code]! + (attacking ? face[0] : 0);
          ds[child] = ds[code]! + (attacking ? 0 : face[1]);
          pr[child] = (p * k) / total;
          next.push(child);
        }
      }
    }
    order = next;
  });
  return order.map((code) => ({ a: as[code]!, d: ds[code]!, pr: pr[code]! }));
}

/**
 * Up to this many untried units the faces are drawn one unit after another (the states grow
 * as the multisets of faces drawn: about 3,000 for eight rifle divisions); beyond it
 * `sumDistribution` gives the same distribution in closed form (a Soviet spoiling attack may
 * name 30 untried units: 23 million steps drawn one by one).
 */
const STEPWISE_MOST = 8;

/**
 * The distribution of the hidden units' total factor in closed form: for each type, the k
 * faces drawn without replacement from the n_j still hidden of each face come out as
 * counts c_j with probability prod C(n_j, c_j) / C(N, k) (multivariate hypergeometric), summed
 * by total factor; the types are independent of each other and their totals add up. Every
 * hidden unit is on one side (only Soviet units are untried), so its attack (attacking) or
 * defense (defending) is what counts.
 */
export function sumDistribution(
  charts: DomCharts,
  s: DomState,
  hidden: readonly Unit[],
  attacking: boolean,
  a0: number,
  d0: number,
): { a: number; d: number; pr: number }[] {
  let total = new Map<number, number>([[0, 1]]);
  const counts = new Map<string, number>();
  for (const u of hidden) counts.set(u.type, (counts.get(u.type) ?? 0) + 1);
  for (const [type, k] of counts) {
    const spec = charts.soviet.types[type as keyof typeof charts.soviet.types];
    const pool = s.faces[type]!;
    const n = pool.reduce((x, y) => x + y, 0);
    // ways[m] maps a total factor to the number of ways (as a double) to draw m faces so far.
    let ways: Map<number, number>[] = [new Map([[0, 1]])];
    pool.forEach((nj, j) => {
      const factor = spec.faces[j]![0][attacking ? 0 : 1];
      const next = Array.from({ length: k + 1 }, () => new Map<number, number>());
      for (let m = 0; m < ways.length; m++) {
        for (const [sum, w] of ways[m]!) {
          for (let c = 0; c <= Math.min(nj, k - m); c++) {
            const at = next[m + c]!;
            at.set(sum + c * factor, (at.get(sum + c * factor) ?? 0) + w * choose(nj, c));
          }
        }
      }
      ways = next;
    });
    const all = choose(n, k);
    const next = new Map<number, number>();
    for (const [sum, w] of ways[k] ?? []) {
      for (const [before, pr] of total) next.set(before + sum, (next.get(before + sum) ?? 0) + (pr * w) / all);
    }
    total = next;
  }
  return [...total].sort((x, y) => x[0] - y[0]).map(([sum, pr]) => ({ a: a0 + (attacking ? sum : 0), d: d0 + (attacking ? 0 : sum), pr }));
}

/** n choose k as a double (exact up to 2^53, then to double precision). */
function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) r = (r * (n - Math.min(k, n - k) + i)) / i;
  return r;
}
