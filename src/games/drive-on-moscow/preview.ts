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
import type { DomState } from './state.js';

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
  const chances: Record<string, number> = {};
  const columns = new Map<string, number>();
  const add = (r: string, pr: number) => {
    chances[r] = (chances[r] ?? 0) + pr;
  };
  const city = board.isCity(target);
  const convert = (r: CrtResult): string => {
    if (side === 'soviet' && city && (r === 'AS' || r === 'DR')) return 'AL1';
    if (side === 'german' && city && r === 'DR') return 'DR (AS or Bloodbath)';
    return r;
  };
  // Exact distribution of (attack, defense) over the hidden faces, merging equal states as it goes.
  const attackerIds = new Set(ids);
  let a0 = 0;
  let d0 = 0;
  for (const u of attackers) if (!u.untried) a0 += attackFactor(p, u, target, supplied.get(u.id)!);
  for (const u of defenders) if (!u.untried) d0 += defenseFactor(u);
  type Node = { a: number; d: number; pools: Record<string, number[]>; pr: number };
  let nodes = new Map<string, Node>([['', { a: a0, d: d0, pools: s.faces, pr: 1 }]]);
  for (const u of hidden) {
    const next = new Map<string, Node>();
    const spec = charts.soviet.types[u.type as keyof typeof charts.soviet.types];
    for (const n of nodes.values()) {
      const left = n.pools[u.type]!;
      const total = left.reduce((x, y) => x + y, 0);
      left.forEach((k, j) => {
        if (k === 0) return;
        const face = spec.faces[j]![0];
        const a = n.a + (attackerIds.has(u.id) ? face[0] : 0);
        const d = n.d + (attackerIds.has(u.id) ? 0 : face[1]);
        const pools = { ...n.pools, [u.type]: left.map((v, m) => (m === j ? v - 1 : v)) };
        const key = `${a}|${d}|${JSON.stringify(pools[u.type])}|${Object.keys(pools)
          .map((t) => pools[t]!.join(','))
          .join(';')}`;
        const seen = next.get(key);
        if (seen) seen.pr += (n.pr * k) / total;
        else next.set(key, { a, d, pools, pr: (n.pr * k) / total });
      });
    }
    nodes = next;
  }
  for (const n of nodes.values()) {
    const final = rawPosition(n.a, n.d) + shift;
    const label = positionLabel(final);
    columns.set(label, (columns.get(label) ?? 0) + n.pr);
    const auto = automatic(final);
    if (auto) add(convert(auto), n.pr);
    else for (const row of charts.crt.rows) add(convert(row[final] as CrtResult), n.pr / 6);
  }
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
