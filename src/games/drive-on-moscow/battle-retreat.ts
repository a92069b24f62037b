/**
 * Retreat after combat (11.25, 11.26, 10.22): where the whole defending force may go, the
 * owner's choice among equally good hexes, and the retreat itself.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { finish } from './battle-end.js';
import { defendersNow } from './battle-losses.js';
import type { Ctx } from './context.js';
import { barredFromMarsh, other, STACK_LIMIT } from './position.js';
import type { Unit } from './state.js';

const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

/**
 * 11.25, 11.26, 10.22: where the whole defending force may retreat one hex: the hexes open to
 * it, best first (PA toward the nearest supply source, MA straight away from the assault), and
 * `ties`: the hexes that take the whole force and are as good as the best of them (PA only:
 * the owner's choice among them; one hex or none when there is nothing to choose).
 */
export function retreatPlan(c: Ctx): { force: Unit[]; eligible: HexId[]; room: (h: HexId) => number; ties: HexId[] } {
  const b = c.s.battle!;
  const side = other(b.attacker);
  const force = defendersNow(c);
  const p = c.pos();
  const zoc = side === 'soviet' ? p.germanZoc(b.kind === 'MA' ? new Set(b.units) : undefined) : new Set<HexId>();
  const ok = (h: HexId) => {
    if (!c.board.map.has(h) || c.board.isReservoir(b.target, h)) return false;
    if (p.unitsAt(h, other(side)).length > 0) return false;
    if (c.board.isCity(h) && p.control(h) !== side) return false;
    if (side === 'soviet' && zoc.has(h)) return false;
    if (c.board.natural(h) === 'marsh' && force.some(barredFromMarsh)) return false;
    if (b.kind === 'MA' && h === b.launch) return false;
    return true;
  };
  let order: HexId[];
  let rank: (h: HexId) => number = (h) => order.indexOf(h);
  if (b.kind === 'MA') {
    const entry = DIRS.indexOf(c.board.map.grid.directionTo(b.target, b.launch!)!);
    order = [3, 2, 4, 1, 5].map((k) => c.board.map.grid.step(b.target, DIRS[(entry + k) % 6]!)!).filter((h) => h !== undefined);
  } else {
    const dist = p.supplyDistances(side);
    const d = (h: HexId) => dist.get(h) ?? Math.min(...c.board.neighbours(h).map((n) => (dist.get(n) ?? 1e6) + 1));
    order = [...c.board.neighbours(b.target)].sort((x, y) => d(x) - d(y));
    rank = d;
  }
  const eligible = order.filter(ok);
  const room = (h: HexId) => STACK_LIMIT - p.unitsAt(h, side).length;
  const whole = eligible.filter((h) => room(h) >= force.length);
  const ties = whole.length && b.kind === 'PA' ? whole.filter((h) => rank(h) === rank(whole[0]!)) : whole.slice(0, 1);
  return { force, eligible, room, ties };
}

/**
 * 11.25, 11.26, 10.22: the whole defending force retreats one hex (to `to`, one of the ties
 * the owner chose; else the best), split only if stacking demands.
 */
export function retreat(c: Ctx, to?: HexId): boolean {
  const b = c.s.battle!;
  const { force, eligible, room, ties } = retreatPlan(c);
  const whole = to ?? ties[0];
  const plan: [Unit, HexId][] = [];
  if (whole) for (const u of force) plan.push([u, whole]);
  else {
    let i = 0;
    for (const h of eligible) for (let k = room(h); k > 0 && i < force.length; k--) plan.push([force[i++]!, h]);
    if (i < force.length) return false;
  }
  for (const [u, h] of plan) {
    c.place(u, h);
    c.event('retreat', `${u.id} retreats to ${h}`, { rule: b.kind === 'MA' ? '10.22' : '11.25', hexes: [b.target, h] });
  }
  if (b.kind === 'PA') c.s.defended = [...new Set([...c.s.defended, ...force.map((u) => u.id)])];
  return true;
}

/** The owner's retreat hex among equally good ones ("retreat:<hex>"), or the bot's ("retreat"). */
export function chooseRetreat(c: Ctx, option: string): void {
  const b = c.s.battle!;
  const ties = b.retreatTo ?? [];
  const [answer, hex] = option.split(':') as [string, string | undefined];
  if (answer !== 'retreat')
    throw new RuleError('11.25', `name the hex to retreat to (retreat:<hex>, one of ${ties.join(', ')}), or retreat to let the bot choose`);
  if (hex !== undefined && !ties.includes(hex))
    throw new RuleError('11.25', `${hex} is not one of the hexes equally close to supply: ${ties.join(', ')}`);
  c.s.battle = { ...b, retreatTo: undefined };
  retreat(c, hex ?? ties[0]);
  finish(c, defendersNow(c).length === 0);
}
