/**
 * Movement (10.0-10.13): movement factors from the Turn Record Track with the German
 * adjustments (5.3, 8.5, 12.1, 12.2), stacks that began the phase together (10.4), one stack
 * at a time (10.5), terrain (10.8-10.12), stacking at every instant (6.1) and the GZOC limits
 * on Soviet units (7.2).
 */
import type { HexId } from '../../kernel/hex.js';
import { pathTo, reachable } from '../../kernel/pathfinding.js';
import { RuleError } from '../engine.js';
import { turnSpec } from './charts.js';
import { barredFromMarsh, other, type Position, STACK_LIMIT } from './position.js';
import type { DomState, Side, Unit } from './state.js';

export const GUDERIAN_MF = 14; // 5.3

/** The TRT movement factor of a unit this turn, before supply (2.10, 12.1, 12.2). */
export function trtFactor(s: DomState, p: Position, u: Unit): number {
  const spec = turnSpec(p.charts, s.turn);
  let mf = u.mech ? spec.mf[0] : spec.mf[1];
  if (u.side === 'german' && s.offensive.declared !== undefined) {
    // 12.1: the declaration turn costs 2 (mech) or 1 (non-mech); clamped at 0 (digest ambiguity 9).
    if (s.offensive.declared === s.turn) mf = Math.max(0, mf - (u.mech ? 2 : 1));
    // 12.2: the execution turn adds 2 or 1.
    if (s.offensive.declared === s.turn - 1) mf += u.mech ? 2 : 1;
  }
  return mf;
}

export interface Group {
  units: Unit[];
  side: Side;
  from: HexId;
  /** MP left to the group: its slowest unit (10.6). */
  budget: number;
  /** True when the 14 MP of 5.3 are counted and the group must stay on the south sheet. */
  southOnly: boolean;
  /** How much of the budget the group may spend on the north sheet (5.3): the budget less the Guderian bonus. */
  northBudget: number;
}

/** The group that may move now, or a RuleError saying why not (10.2, 10.4, 10.5, 8.5). */
export function movingGroup(s: DomState, p: Position, ids: readonly string[]): Group {
  if (s.phase !== 'movement') throw new RuleError('5.1', 'units move only in their side’s Movement Phase');
  const units = ids.map((id) => {
    const u = s.units[id];
    if (!u) throw new RuleError('10.0', `no unit ${id} on the map`);
    if (u.side !== s.side) throw new RuleError('10.0', `${id} is not yours to move in the ${s.side} player turn`);
    if (s.done.includes(id)) throw new RuleError('10.5', `${id} has finished moving this phase`);
    return u;
  });
  if (new Set(ids).size !== ids.length) throw new RuleError('10.4', 'a unit is named twice');
  const from = units[0]!.hex;
  if (units.some((u) => u.hex !== from)) throw new RuleError('10.4', 'a stack moves together only from one hex');
  const active = units.filter((u) => s.active.includes(u.id));
  if (active.length > 0 && active.length < units.length)
    throw new RuleError('10.5', 'the stack moving now cannot pick up units that have not moved with it');
  const fresh = active.length === 0;
  if (fresh) {
    // 10.4: only units that began the phase in this hex move together.
    if (units.some((u) => s.startHex[u.id] !== from))
      throw new RuleError('10.4', 'units move together only if they began the Movement Phase stacked together');
    if (units.some((u) => s.mp[u.id] !== undefined)) throw new RuleError('10.5', 'a stack whose move is over cannot move again');
  }
  let budget = Infinity;
  let northBudget = Infinity;
  let southOnly = false;
  const reach = s.side === 'german' ? p.supplyDistances('german') : undefined;
  for (const u of units) {
    let mp: number;
    let north: number;
    if (!fresh) {
      mp = s.mp[u.id]!;
      north = s.guderian.includes(u.id) ? mp - (GUDERIAN_MF - trtFactor(s, p, u)) : mp;
    } else {
      // 8.5: a German unit out of supply at the start of its move has MF 0.
      if (u.side === 'german' && !p.supplied(u, reach)) throw new RuleError('8.5', `${u.id} is out of supply and cannot move`);
      mp = trtFactor(s, p, u);
      north = mp;
      if (s.guderian.includes(u.id)) {
        north = mp;
        mp = GUDERIAN_MF;
      }
    }
    if (s.guderian.includes(u.id) && mp > north) southOnly = true;
    budget = Math.min(budget, mp);
    northBudget = Math.min(northBudget, north);
  }
  if (budget <= 0) throw new RuleError('10.2', 'no movement points left');
  return { units, side: s.side, from, budget, southOnly, northBudget: Math.max(northBudget, -1) };
}

/** Cost of one step for a group (10.8-10.12; Infinity when barred), ignoring budget. */
export function stepCost(p: Position, g: Group, from: HexId, to: HexId, zoc: ReadonlySet<HexId>): number {
  const b = p.board;
  if (b.isReservoir(from, to)) return Infinity; // 10.10
  if (p.unitsAt(to, other(g.side)).length > 0) return Infinity; // 10.3
  if (b.natural(to) === 'marsh' && g.units.some(barredFromMarsh)) return Infinity; // 10.8
  const ids = new Set(g.units.map((u) => u.id));
  const friends = p.unitsAt(to, g.side).filter((u) => !ids.has(u.id)).length;
  if (friends + g.units.length > STACK_LIMIT) return Infinity; // 6.1: at every instant
  // 7.2: a Soviet unit starting in a GZOC hex may not step straight into another.
  if (g.side === 'soviet' && from === g.from && zoc.has(from) && zoc.has(to)) return Infinity;
  return 1 + (b.isRiver(from, to) ? 1 : 0);
}

/** Every hex the group can reach with its cost (7.2: Soviet units stop in the first GZOC hex). */
export function reach(p: Position, g: Group, budget = g.budget) {
  const zoc = g.side === 'soviet' ? p.germanZoc() : new Set<HexId>();
  const southOnly = g.southOnly && g.northBudget < budget;
  return reachable({
    start: g.from,
    neighbours: (h) => p.board.neighbours(h),
    budget,
    cost: (a, b) => (southOnly && !p.board.isSouthSheet(b) ? Infinity : stepCost(p, g, a, b, zoc)),
    stopsIn: g.side === 'soviet' ? (h) => zoc.has(h) : undefined,
  });
}

/** A legal path and its cost: the one given (checked step by step), or the cheapest. */
export function findPath(p: Position, g: Group, to: HexId, given?: readonly HexId[]): { path: HexId[]; cost: number; north: boolean } {
  if (!p.board.map.has(to)) throw new RuleError('10.13', `${to} is not on the map`);
  const zoc = g.side === 'soviet' ? p.germanZoc() : new Set<HexId>();
  let path: HexId[];
  if (given && given.length > 0) {
    path = given[0] === g.from ? [...given] : [g.from, ...given];
    if (path[path.length - 1] !== to) path.push(to);
  } else {
    const r = reach(p, g, Math.max(g.budget, g.northBudget));
    let found = pathTo(r, to);
    // Prefer a south-sheet path when the 5.3 bonus is needed for it.
    const south = g.southOnly ? pathTo(reach(p, g), to) : undefined;
    if (south && (!found || r.cost.get(to)! > g.northBudget)) found = south;
    if (!found) throw new RuleError('10.2', `${to} cannot be reached from ${g.from}`);
    path = found;
  }
  let cost = 0;
  let north = false;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    if (p.board.map.grid.directionTo(a, b) === undefined || !p.board.map.has(b))
      throw new RuleError('10.0', `${a} and ${b} are not adjacent hexes of the map`);
    if (g.side === 'soviet' && i > 1 && zoc.has(a)) throw new RuleError('7.2', `Soviet units stop in the first GZOC hex they enter (${a})`);
    const c = stepCost(p, g, a, b, zoc);
    if (!Number.isFinite(c)) throw new RuleError(stepRule(p, g, a, b, zoc), `cannot enter ${b} from ${a}: ${stepReason(p, g, a, b, zoc)}`);
    cost += c;
    if (!p.board.isSouthSheet(b)) north = true;
  }
  const limit = north ? g.northBudget : g.budget;
  if (cost > limit) throw new RuleError('10.2', `the move costs ${cost} MP and the stack has ${Math.max(limit, 0)}`);
  return { path, cost, north };
}

function stepRule(p: Position, g: Group, a: HexId, b: HexId, zoc: ReadonlySet<HexId>): string {
  if (p.board.isReservoir(a, b)) return '10.10';
  if (p.unitsAt(b, other(g.side)).length > 0) return '10.3';
  if (p.board.natural(b) === 'marsh' && g.units.some(barredFromMarsh)) return '10.8';
  if (g.side === 'soviet' && a === g.from && zoc.has(a) && zoc.has(b)) return '7.2';
  return '6.1';
}
function stepReason(p: Position, g: Group, a: HexId, b: HexId, zoc: ReadonlySet<HexId>): string {
  switch (stepRule(p, g, a, b, zoc)) {
    case '10.10':
      return 'no unit crosses a reservoir hexside';
    case '10.3':
      return 'enemy units are there';
    case '10.8':
      return 'mechanized units other than cavalry may not enter marsh';
    case '7.2':
      return 'a Soviet unit may not move from one GZOC hex directly into another';
    default:
      return `more than ${STACK_LIMIT} units would stack there`;
  }
}
