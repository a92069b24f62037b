/**
 * German movement (9.x) and stacking (7.x): what a step costs, whether a force may enter a
 * hex, and where a force can go with the MP it has.
 */

import type { HexId } from '../../kernel/hex.js';
import { rowOf } from '../../kernel/hex.js';
import { reachable } from '../../kernel/pathfinding.js';
import { RuleError } from '../engine.js';
import { type Mobility, turnSpec } from './charts/index.js';
import type { Play, RulesIndex } from './context.js';
import type { TyphoonState } from './state.js';

export function mobilityOf(index: RulesIndex, units: readonly string[]): Mobility {
  return index.unit(units[0]!).mobility;
}

/** 9.3: the force's MP allowance this turn. */
export function allowance(index: RulesIndex, turn: number, mobility: Mobility): number {
  const t = turnSpec(index.charts, turn);
  return mobility === 'mechanized' ? t.mp.mechanized : t.mp.nonMechanized;
}

/** 9.4: MP to step from one hex into an adjacent one: the terrain entered plus any river hexside. */
export function stepCost(index: RulesIndex, mobility: Mobility, from: HexId, to: HexId): number {
  // Fixed by the map and the charts, and asked for millions of times by path searches: cached.
  let byMobility = stepCosts.get(index);
  if (!byMobility) stepCosts.set(index, (byMobility = { mechanized: new Map(), 'non-mechanized': new Map() }));
  let fromHere = byMobility[mobility].get(from);
  if (!fromHere) byMobility[mobility].set(from, (fromHere = new Map()));
  let cost = fromHere.get(to);
  if (cost === undefined) fromHere.set(to, (cost = computeStepCost(index, mobility, from, to)));
  return cost;
}

const stepCosts = new WeakMap<RulesIndex, Record<Mobility, Map<HexId, Map<HexId, number>>>>();

function computeStepCost(index: RulesIndex, mobility: Mobility, from: HexId, to: HexId): number {
  const hex = index.map.hex(to);
  if (!hex) return Infinity;
  const natural = hex.terrain === 'forest' || hex.terrain === 'marsh' ? hex.terrain : 'clear';
  const mp = index.charts.terrain.terrain[natural].mp!;
  let cost = mobility === 'mechanized' ? mp.mechanized : mp.nonMechanized;
  if (index.map.isRiver(from, to)) {
    const r = index.charts.terrain.river.mp;
    cost += mobility === 'mechanized' ? r.mechanized : r.nonMechanized;
  }
  return cost;
}

/** 7.1, 7.2: divisions count 1, the Lehr brigade and the GD regiment a half. */
export function stackingWeight(index: RulesIndex, units: readonly string[]): number {
  return units.reduce((sum, id) => sum + index.unit(id).stacking, 0);
}

export const STACK_LIMIT = 3; // 7.1

/** 7.3, 12.2, 13.3: on turns 1-4 of the historical game, formations never share a hex. */
export function interArmyBan(s: TyphoonState, index: RulesIndex): boolean {
  return s.scenario === 'historical' && turnSpec(index.charts, s.turn).interArmyStacking;
}

/**
 * Why the moving units may not be in `hex` (including while only passing through, 7.1), or
 * undefined when they may. `staying` are the other German units in the hex.
 */
export function stackingProblem(play: Play, moving: readonly string[], hex: HexId): RuleError | undefined {
  const { index } = play;
  const broken = stackingBreaks(play, moving, hex);
  if (broken === '7.1') return new RuleError('7.1', `hex ${hex} would hold more than three divisions (the Lehr brigade and GD count half)`);
  if (broken === '7.3') {
    const mine = index.unit(moving[0]!).formation;
    const other = play.unitsIn(hex).find((u) => !moving.includes(u) && index.unit(u).formation !== mine)!;
    const names = Object.fromEntries(index.charts.formations.map((f) => [f.id, f.name]));
    return new RuleError(
      '7.3',
      `on turns 1-4, ${names[mine]} units may not enter a hex with ${names[index.unit(other).formation]} units (${hex})`,
    );
  }
  return undefined;
}

/** Which stacking rule the moving units would break in `hex`, if any: the question path searches ask of every occupied hex. */
function stackingBreaks(play: Play, moving: readonly string[], hex: HexId): '7.1' | '7.3' | undefined {
  const { index, s } = play;
  const staying = play.unitsIn(hex).filter((u) => !moving.includes(u));
  if (stackingWeight(index, staying) + stackingWeight(index, moving) > STACK_LIMIT) return '7.1';
  if (interArmyBan(s, index) && staying.length > 0) {
    const mine = index.unit(moving[0]!).formation;
    if (staying.some((u) => index.unit(u).formation !== mine)) return '7.3';
  }
  return undefined;
}

/** 12.1: on turn 5, forces starting on or north of row 40 may not enter Soviet hexes. */
export function startsMudBound(s: TyphoonState, hex: HexId): boolean {
  return s.turn === 5 && rowOf(hex) <= 40;
}

export interface Destination {
  hex: HexId;
  cost: number;
  path: HexId[];
  /** The move ends there with a battle or a force-generation roll (8.0). */
  soviet: boolean;
}

/**
 * Where a force can go from `from` with `mp` left: the cheapest path to each hex. Soviet
 * hexes are entered one at a time (8.0: movement pauses there), hexes that break stacking
 * are never entered.
 */
export function destinations(play: Play, units: readonly string[], from: HexId, mp: number, mudBound: boolean): Destination[] {
  const { index } = play;
  const mobility = mobilityOf(index, units);
  // 7.1-7.3 depend on the hex only: decided once per hex, and only where units stand.
  const occupied = new Set(Object.values(play.s.units).map((u) => u.hex));
  const overweight = stackingWeight(index, units) > STACK_LIMIT;
  const blocked = new Map<HexId, boolean>();
  const isBlocked = (h: HexId): boolean => {
    let b = blocked.get(h);
    if (b === undefined) blocked.set(h, (b = occupied.has(h) ? stackingBreaks(play, units, h) !== undefined : overweight));
    return b;
  };
  const reach = reachable({
    start: from,
    neighbours: (h) => index.map.neighbours(h),
    budget: mp,
    cost: (a, b) => {
      if (mudBound && play.isSoviet(b)) return Infinity;
      if (isBlocked(b)) return Infinity;
      return stepCost(index, mobility, a, b);
    },
    stopsIn: (h) => play.isSoviet(h),
  });
  const out: Destination[] = [];
  for (const [hex, cost] of reach.cost) {
    if (hex === from) continue;
    const path: HexId[] = [];
    for (let h: HexId | undefined = hex; h !== undefined && h !== from; h = reach.previous.get(h)) path.push(h);
    path.reverse();
    out.push({ hex, cost, path, soviet: play.isSoviet(hex) });
  }
  return out.sort((a, b) => a.cost - b.cost || a.hex.localeCompare(b.hex));
}
