/**
 * 10.3 and 14.1-14.2: the strengths in a battle, its column on the CRT and the shifts from terrain and
 * weather.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Ctx } from './context.js';
import type { Side, Unit } from './state.js';

/** 14.2: a Soviet defender in a defensive position adds 4 to the defence (once per hex). */
export const POSITION_BONUS = 4;

export interface Odds {
  attack: number;
  defence: number;
  /** Column index before shifts (may lie above the last column or below the first). */
  base: number;
  /** Net shifts: negative toward the defender (left), positive toward the attacker. */
  shifts: number;
  /** Final column index; below 0 the attack is not allowed (10.3(4)). */
  column: number;
  label: string;
  why: string[];
}

/**
 * 10.3(1) with 1.0(2): units attacking across a river or major river are halved; the total is
 * rounded down once, or each unit under the other reading.
 */
export function attackStrength(c: Ctx, target: HexId, units: readonly Unit[]): number {
  let whole = 0;
  let halved = 0;
  let each = 0;
  for (const u of units) {
    const a = c.values(u)[0];
    if (c.board.river(u.hex!, target)) {
      halved += a;
      each += Math.floor(a / 2);
    } else whole += a;
  }
  return c.s.options.halving === 'total' ? Math.floor(whole + halved / 2) : whole + each;
}

/** 10.3(1): defenders' defence (mech) or combat strength; units that retreated in add nothing (A-10); 14.2 positions. */
export function defenceStrength(c: Ctx, target: HexId): number {
  const units = c.at(target);
  let d = 0;
  for (const u of units) if (!c.s.chit?.retreatedInto.includes(u.id)) d += c.values(u)[1];
  if (c.board.isPosition(target) && units.some((u) => u.side === 'soviet')) d += POSITION_BONUS;
  return d;
}

/** 10.3(2): the ratio rounded down to a column; above 10-1 a whole ratio (index past the last column). */
export function baseColumn(ratios: readonly number[], ratio: number): number {
  const last = ratios.length - 1;
  if (ratio >= ratios[last]! + 1) return last + 1;
  for (let i = last; i >= 0; i--) if (ratio >= ratios[i]!) return i;
  // Below 1-1: 1-2 and worse, only a right shift could lift them.
  return ratio >= 0.5 ? -1 : ratio >= 1 / 3 ? -2 : -3;
}

/** 10.3(3) and 14.1: terrain and weather shifts, positive toward the attacker. */
export function shiftsOf(c: Ctx, target: HexId, attacker: Side): { shifts: number; why: string[] } {
  const why: string[] = [];
  const w = c.weather();
  let t = c.board.terrain(target);
  if (t === 'clear' && w !== 'clear') t = 'light';
  const TERRAIN: Record<string, number> = { clear: 0, light: 1, deep: 2, swamp: 1, major: 2, lake: 0 };
  let left = TERRAIN[t]!;
  if (left) why.push(`${t === 'major' ? 'major city' : t === 'light' ? 'light forest' : t === 'deep' ? 'deep forest' : 'swamp'} ${left}L`);
  if (c.board.isTown(target)) {
    left += 1;
    why.push('town 1L');
  }
  let right = 0;
  if (w === 'mud' || w === 'frost') {
    left += 1;
    why.push(`${w} 1L`);
  } else if (w === 'snow') {
    // 14.1.3(4), A-27: two columns in the Soviet favour, attacking or defending.
    if (attacker === 'soviet') right += 2;
    else left += 2;
    why.push(attacker === 'soviet' ? 'snow 2R' : 'snow 2L');
  }
  return { shifts: right - left, why };
}

export function oddsOf(c: Ctx, target: HexId, units: readonly Unit[]): Odds {
  const { columns, ratios } = c.charts.crt;
  const last = columns.length - 1;
  const attack = attackStrength(c, target, units);
  const defence = defenceStrength(c, target);
  const attacker = units[0]!.side;
  const { shifts, why } = shiftsOf(c, target, attacker);
  let ratio = defence === 0 ? Number.POSITIVE_INFINITY : attack / defence;
  if (ratio > ratios[last]!) ratio = Math.floor(ratio);
  let left = Math.max(0, -shifts);
  // under the "minus 2" reading each left shift above 10-1 takes two ratio points off.
  if (c.s.options.above10 === 'minus2' && Number.isFinite(ratio)) {
    while (left > 0 && ratio > ratios[last]!) {
      ratio -= 2;
      left--;
    }
  }
  // 10.3(3): defence 0 (only retreated units) is treated as 10-1+.
  const base = Number.isFinite(ratio) ? baseColumn(ratios, ratio) : last + 1;
  const net = shifts < 0 ? -left : shifts;
  const column = Math.min(last, base + net);
  const label = column < 0 ? 'below 1-1' : columns[column]!;
  return { attack, defence, base, shifts, column, label, why };
}
