/**
 * The German Replacement & Withdrawal Phase (9.2, 9.3, 12.2): units withdrawn and steps replaced.
 */
import { RuleError } from '../engine.js';
import type { Ctx } from './context.js';
import type { Unit } from './state.js';

export function withdrawable(c: Ctx, kind: 'infantry' | 'cavalry'): Unit[] {
  const p = c.pos();
  const reach = p.supplyDistances('german');
  const germans = Object.values(c.s.units).filter((u) => u.side === 'german' && p.supplied(u, reach)); // 9.3: in supply
  if (kind === 'infantry') {
    const big = germans.filter((u) => u.type === 'infantry' && u.full?.[0] === 4);
    return big.length > 0 ? big : germans.filter((u) => u.type === 'infantry');
  }
  const cav = germans.filter((u) => u.type === 'cavalry');
  return cav.length > 0 ? cav : germans.filter((u) => u.mech && u.size === 'XX'); // a KG may not substitute
}

export function withdraw(c: Ctx, id: string): void {
  const s = c.s;
  if (s.phase !== 'replacement' || s.side !== 'german')
    throw new RuleError('9.3', 'withdrawals are made in the German Replacement & Withdrawal Phase');
  const kind = s.withdrawals.cavalry > 0 && withdrawable(c, 'cavalry').some((u) => u.id === id) ? 'cavalry' : 'infantry';
  if (s.withdrawals[kind] <= 0) throw new RuleError('9.3', 'no withdrawal of that kind is due this turn');
  const ok = withdrawable(c, kind);
  if (!ok.some((u) => u.id === id))
    throw new RuleError(
      '9.3',
      `${id} may not be withdrawn now: due is ${kind === 'cavalry' ? 'the cavalry division (or another mech division)' : 'a 4-8 infantry division (a 3-7 one only when no 4-8 is left)'} in supply (${ok
        .slice(0, 4)
        .map((u) => u.id)
        .join(', ')}${ok.length > 4 ? '...' : ''})`,
    );
  const u = s.units[id]!;
  delete s.units[id];
  s.withdrawn = [...s.withdrawn, id];
  s.withdrawals = { ...s.withdrawals, [kind]: s.withdrawals[kind] - 1 };
  c.changed();
  c.event('withdrawn', `${id} withdrawn from the map`, { rule: '9.3', hexes: [u.hex] });
}

export function replace(c: Ctx, id: string): void {
  const s = c.s;
  if (s.phase !== 'replacement' || s.side !== 'german')
    throw new RuleError('12.2', 'replacements come in the German Replacement Phase of the execution turn');
  const u = s.units[id];
  if (u?.side !== 'german') throw new RuleError('12.2', `no German unit ${id}`);
  if (u.noReplacement || u.size !== 'XX' || u.type === 'cavalry')
    throw new RuleError('12.2', `${id} may not receive replacements (KG, L, GD and the cavalry are excluded)`);
  if (u.steps !== 1 || u.maxSteps !== 2) throw new RuleError('12.2', `${id} is not reduced`);
  const kind = u.mech ? 'mech' : 'nonmech';
  if (s.replacements[kind] <= 0)
    throw new RuleError('12.2', `no ${kind === 'mech' ? 'mechanized' : 'non-mechanized'} replacement steps left`);
  if (!c.pos().supplied(u)) throw new RuleError('12.2', `${id} is out of supply`);
  s.units[id] = { ...u, steps: 2 };
  s.replacements = { ...s.replacements, [kind]: s.replacements[kind] - 1 };
  c.changed();
  c.event('replaced', `${id} restored to full strength`, { rule: '12.2', hexes: [u.hex] });
}

// ---- 9.1 reinforcements ----
