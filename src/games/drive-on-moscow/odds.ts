/**
 * Odds (11.7-11.9, 11.21) and column shifts (5.2, 5.3, 10.16, 11.12-11.20, 12.2, 12.3).
 * Columns sit on one unbounded scale: 1:3 is 0, 1:2 is 1, 1:1 is 2, n:1 is n + 1, and 1:m is
 * 3 - m, so shifts apply before any capping (11.21: 20:1 with 2L is 18:1, automatic DE).
 */
import type { HexId } from '../../kernel/hex.js';
import { COLUMNS, type CrtResult } from './charts.js';
import type { Position } from './position.js';
import type { DomState, Side, Unit } from './state.js';

/** 11.7, 11.8: the raw odds position. */
export function rawPosition(attack: number, defense: number): number {
  if (attack <= 0) return -Infinity;
  if (defense <= 0) return Infinity;
  if (attack >= defense) return Math.floor(attack / defense) + 1;
  return 3 - Math.ceil(defense / attack);
}

export function positionLabel(p: number): string {
  if (p === Infinity) return '∞:1';
  if (p >= 2) return `${p - 1}:1`;
  return `1:${3 - p}`;
}

/** 11.9: above 5:1 DE with no roll, below 1:3 AL1 with no roll; else the CRT column. */
export function automatic(p: number): CrtResult | undefined {
  if (p > 6) return 'DE';
  if (p < 0) return 'AL1';
  return undefined;
}
export function columnOf(p: number): (typeof COLUMNS)[number] {
  return COLUMNS[p]!;
}

export interface Shift {
  /** Positive toward the attacker (R), negative toward the defender (L). */
  by: number;
  why: string;
  rule: string;
}

export interface OddsInput {
  kind: 'PA' | 'MA';
  attacker: Side;
  target: HexId;
  /** Attacking units with the hex each attacks from. */
  attackers: Unit[];
  /** For an MA: the launch hex. */
  launch?: HexId;
  defenders: Unit[];
  air: { attacker: number; defender: number };
}

/** 11.17, 11.18: German panzer units attack cities and fortifications with their defense factor; 8.5: out of supply attacks with 0. */
export function attackFactor(p: Position, u: Unit, target: HexId, supplied: boolean): number {
  const f = u.steps === 2 || u.maxSteps === 1 ? u.full : u.reduced;
  if (!f) return 0;
  if (u.side === 'german' && !supplied) return 0;
  if (u.side === 'german' && u.armour && (p.board.isCity(target) || p.board.isFort(target))) return f[1];
  return f[0];
}

export function defenseFactor(u: Unit): number {
  const f = u.steps === 2 || u.maxSteps === 1 ? u.full : u.reduced;
  return f ? f[1] : 0;
}

/** 11.20: from two opposite hexes, three alternate hexes, or more than three hexes. */
export function concentric(directions: readonly number[]): boolean {
  const d = new Set(directions);
  if (d.size > 3) return true;
  for (const x of d) if (d.has((x + 3) % 6)) return true;
  return (d.has(0) && d.has(2) && d.has(4)) || (d.has(1) && d.has(3) && d.has(5));
}

const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

export function shiftsFor(s: DomState, p: Position, o: OddsInput): Shift[] {
  const b = p.board;
  const out: Shift[] = [];
  const defender: Side = o.attacker === 'german' ? 'soviet' : 'german';
  if (b.isCity(o.target)) out.push({ by: -2, why: 'defender in a city', rule: '11.17' });
  if (defender === 'soviet' && b.isFort(o.target)) out.push({ by: -1, why: 'Soviet fortification', rule: '11.18' });
  if (o.kind === 'MA' && defender === 'soviet' && b.natural(o.target) === 'forest')
    out.push({ by: -1, why: 'forest against a mobile assault', rule: '11.12' });
  const fromHexes = o.kind === 'MA' ? [o.launch!] : [...new Set(o.attackers.map((u) => u.hex))];
  if (fromHexes.every((h) => b.isRiver(h, o.target)))
    out.push({ by: -1, why: 'every attacker across a river', rule: o.kind === 'MA' ? '10.16' : '11.14' });
  if (o.kind === 'PA' && !b.isCity(o.target)) {
    const dirs = fromHexes.map((h) => DIRS.indexOf(b.map.grid.directionTo(o.target, h)!));
    if (concentric(dirs)) out.push({ by: 1, why: 'concentric assault', rule: '11.20' });
  }
  if (o.air.attacker > 0) out.push({ by: o.air.attacker, why: `${o.air.attacker} aircraft with the attacker`, rule: '11.19' });
  if (o.air.defender > 0) out.push({ by: -o.air.defender, why: `${o.air.defender} aircraft with the defender`, rule: '11.19' });
  if (o.attacker === 'german') {
    // 5.2, 5.3, 12.2: fight/move, GT1 and the offensive's execution give German PA at most 1R together.
    const pa: string[] = [];
    if (s.order === 'fight-move') pa.push('fight/move');
    if (s.turn === 1) pa.push('game turn 1');
    if (s.offensive.declared !== undefined && s.offensive.declared === s.turn - 1) pa.push('November Offensive');
    if (o.kind === 'PA' && pa.length > 0)
      out.push({
        by: 1,
        why: pa.join(', '),
        rule: pa.length > 1 ? '5.3, 12.2' : pa[0] === 'fight/move' ? '5.2' : pa[0] === 'game turn 1' ? '5.3' : '12.2',
      });
    if (o.kind === 'MA' && s.turn === 1) out.push({ by: 1, why: 'game turn 1', rule: '5.3' });
    if (s.offensive.forfeited) out.push({ by: -1, why: 'no November Offensive', rule: '12.3' });
  } else if (s.offensive.forfeited) out.push({ by: 1, why: 'no November Offensive', rule: '12.3' });
  return out;
}
