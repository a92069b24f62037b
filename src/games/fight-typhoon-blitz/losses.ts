/**
 * 10.5, 12.3 and 13.0: step losses, taken where they cost least, and where an eliminated unit goes.
 */
import type { Ctx } from './context.js';
import type { Unit } from './state.js';

/** The unit the bot takes a step from for its owner: a full two-step unit before any is removed, HQs last, then the weakest. */
export function cheapestLoss(c: Ctx, ids: readonly string[]): Unit | undefined {
  const live = ids.map((id) => c.unit(id)!).filter((u) => u?.where === 'map');
  const rank = (u: Unit) => (u.steps === 2 ? 0 : 1) * 100 + (c.isHq(u) ? 50 : 0) + c.values(u)[0];
  return live.sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1))[0];
}

/** 10.5: the owner's steps, taken where they cost least: a full two-step unit flips before any unit is removed, HQs last. */
export function takeLosses(c: Ctx, ids: readonly string[], steps: number, inCombat: boolean): string[] {
  const lines: string[] = [];
  for (let i = 0; i < steps; i++) {
    const u = cheapestLoss(c, ids);
    if (!u) break;
    if (u.steps === 2) {
      c.s.units[u.id] = { ...u, steps: 1 };
      lines.push(`${u.id} reduced`);
    } else {
      eliminate(c, u, inCombat);
      lines.push(`${u.id} eliminated`);
    }
  }
  return lines;
}

/**
 * 12.3 and 13.0: a Soviet non-mechanized unit (HQs too) destroyed in combat goes to the
 * Available Box; any HQ destroyed in combat does under the default reading; all other
 * losses, and every unit lost to the supply check, are gone for good.
 */
export function eliminate(c: Ctx, u: Unit, inCombat: boolean): void {
  const hq = c.isHq(u);
  const back = inCombat && ((u.side === 'soviet' && !c.isMech(u)) || (hq && (u.side === 'soviet' || c.s.options.axisHqReturns)));
  c.remove(u, back ? 'available' : 'gone', true);
}
