/**
 * Aircraft (11.19, 12.2): each side's aircraft for the turn, at most two battles supported a
 * turn, and what a battle spends.
 */
import { RuleError } from '../engine.js';
import { turnSpec } from './charts.js';
import type { Ctx } from './context.js';
import type { DomState, Side } from './state.js';

/** Aircraft the side has left this game turn (11.19; 12.2 adds one in the execution turn). */
export function airLeft(s: DomState, side: Side): number {
  return side === 'german' ? s.air.german : s.air.soviet;
}

export function checkAir(s: DomState, side: Side, n: number): void {
  if (n === 0) return;
  if (n > airLeft(s, side)) throw new RuleError('11.19', `only ${airLeft(s, side)} aircraft left this turn`);
  if (s.air.battles >= 2) throw new RuleError('11.19', 'aircraft support at most two battles a turn');
}

export function spendAir(s: DomState, side: Side, n: number): void {
  if (n === 0) return;
  s.air = {
    ...s.air,
    battles: s.air.battles + 1,
    german: side === 'german' ? s.air.german - n : s.air.german,
    soviet: side === 'soviet' ? s.air.soviet - n : s.air.soviet,
  };
}

export function turnAir(s: DomState, c: Ctx): void {
  const spec = turnSpec(c.charts, s.turn);
  const bonus = s.offensive.declared !== undefined && s.offensive.declared === s.turn - 1 ? 1 : 0; // 12.2
  s.air = { german: spec.air[0] + bonus, soviet: spec.air[1], battles: 0 };
}
