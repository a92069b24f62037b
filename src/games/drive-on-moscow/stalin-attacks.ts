/**
 * 12.1: how many Soviet units could attack, on which the November Offensive's declaration and
 * the end of the Soviet phase depend.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Ctx } from './context.js';
import { movingGroup, reach } from './movement.js';
import { barredFromMarsh, Position } from './position.js';
import type { DomState } from './state.js';

/**
 * 12.1: Soviet units that could take part in an attack if they moved first: those next to a
 * German unit now and those that can reach a hex next to one this turn (each unit on its own).
 */
export function attackersAfterMoving(c: Ctx): number {
  const s: DomState = { ...c.s, phase: 'movement' };
  const p = new Position(c.board, c.charts, s);
  const nextToGerman = (h: HexId) => c.board.neighbours(h).some((n) => !c.board.isReservoir(h, n) && p.unitsAt(n, 'german').length > 0);
  let count = 0;
  for (const u of Object.values(s.units)) {
    if (u.side !== 'soviet') continue;
    if (nextToGerman(u.hex)) count++;
    else {
      try {
        if ([...reach(p, movingGroup(s, p, [u.id])).cost.keys()].some(nextToGerman)) count++;
      } catch {
        // a unit that cannot move (no MP) attacks only from where it is
      }
    }
  }
  return count;
}

export function possibleSovietAttackers(c: Ctx): number {
  const s = c.s;
  const p = c.pos();
  return Object.values(s.units).filter(
    (u) =>
      u.side === 'soviet' &&
      !s.attacked.includes(u.id) &&
      c.board.neighbours(u.hex).some(
        (n) =>
          !c.board.isReservoir(u.hex, n) &&
          // 11.13: a mechanized unit (not cavalry) cannot attack into marsh, so it cannot meet Stalin's demand there.
          !(c.board.natural(n) === 'marsh' && barredFromMarsh(u)) &&
          p.unitsAt(n, 'german').some((g) => !s.defended.includes(g.id)),
      ),
  ).length;
}
