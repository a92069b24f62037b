/**
 * 4.4 asks for two things by the end of turn 4: no Soviet hex west of column 29, and 16 VP.
 * Taking every Soviet hex of column 28 pockets everything west of it (11.1, and every pocket
 * ends German, 11.3-11.4), so the targets are the Soviet hexes of column 28 and the Soviet
 * towns and cities. Each force gets its own target, nearest pairs first: forces that chase one
 * waypoint in single file block each other (7.1, 7.3), while forces sent to neighbouring hexes
 * of the line take them in parallel (measured, seeds 1-12: Soviet hexes west of 29 after turn
 * 4 fell from a median of 75 to 0).
 */

import type { HexId } from '../../../kernel/hex.js';
import { columnOf } from '../../../kernel/hex.js';
import { placeVictoryPoints } from '../control.js';
import type { TyphoonState } from '../state.js';
import { type Control, controlOf } from './control-position.js';
import { type CostField, currentCostField } from './fields.js';
import type { Goal } from './policy.js';
import type { View } from './view.js';

/** The last column west of the 29xx row (4.4). */
const LINE_COLUMN = 28;

export interface AssignmentPlan {
  /** Mechanized groups of a stack take part (whole, as they move). */
  mech: boolean;
  /** Foot units take part, one by one. */
  foot: boolean;
  /** MP a town counts as nearer than it is, twice that for a city (their VP are worth a detour), or undefined to leave towns out. */
  townBonus: number | undefined;
  /** Forces weaker than this many dice are not sent to towns (a lone division loses there too often). */
  townStrength?: number;
  /** Towns farther than this (MP and battles) are left out. */
  townReach?: number;
  /** Only targets the force can reach this turn (2 MP of slack): the rest stay where they are. */
  withinReach: boolean;
  /** Mechanized groups that have other work (a ring still to close) and stay out. */
  busy?(v: View, mech: readonly string[]): boolean;
}

interface Force {
  units: string[];
  hex: HexId;
  mech: boolean;
  mp: number;
  strength: number;
}

const cache = new WeakMap<TyphoonState, WeakMap<AssignmentPlan, Map<string, HexId>>>();
/**
 * The matching depends only on the control position and the forces: a third of the
 * decisions that ask (an air unit assigned, a battle fought on) leave both as they were, so
 * the last matching of each plan is kept with a description of its forces.
 */
const lastByControl = new WeakMap<Control, WeakMap<AssignmentPlan, { forces: Force[]; out: Map<string, HexId> }>>();

/** The target of the force led by `units[0]`, if the plan gives it one. */
export function assignedGoal(v: View, units: readonly string[], plan: AssignmentPlan): Goal | undefined {
  const target = assignment(v, plan).get(units[0]!);
  return target ? { target, doneWhen: [target], onCurrentControl: true } : undefined;
}

const candidates = new WeakMap<object, HexId[]>();

function targets(v: View): HexId[] {
  let all = candidates.get(v.index);
  if (!all) {
    const isTarget = (h: HexId) => {
      const place = v.index.map.hex(h)!.place;
      return columnOf(h) === LINE_COLUMN || (place !== undefined && place.kind !== 'capital');
    };
    candidates.set(v.index, (all = v.index.map.ids.filter(isTarget)));
  }
  return all.filter((h) => v.isSoviet(h));
}

function forces(v: View, plan: AssignmentPlan): Force[] {
  const out: Force[] = [];
  const a = v.s.active;
  if (a && (v.isMech(a.units[0]!) ? plan.mech : plan.foot))
    out.push({ units: a.units, hex: a.hex, mech: v.isMech(a.units[0]!), mp: a.mp, strength: v.strength(a.units) });
  for (const stack of v.movable()) {
    const mech = stack.units.filter((u) => v.isMech(u));
    if (plan.mech && mech.length > 0 && !plan.busy?.(v, mech))
      out.push({ units: mech, hex: stack.hex, mech: true, mp: v.allowance(true), strength: v.strength(mech) });
    if (plan.foot)
      for (const u of stack.units.filter((x) => !v.isMech(x)))
        out.push({ units: [u], hex: stack.hex, mech: false, mp: v.allowance(false), strength: v.strength([u]) });
  }
  return out;
}

/** Greedy matching on cost (MP plus battles, fields.ts): the cheapest force-target pair first. */
function assignment(v: View, plan: AssignmentPlan): Map<string, HexId> {
  let byPlan = cache.get(v.s);
  if (!byPlan) cache.set(v.s, (byPlan = new WeakMap()));
  const hit = byPlan.get(plan);
  if (hit) return hit;
  const all = forces(v, plan);
  const control = controlOf(v);
  let lastByPlan = lastByControl.get(control);
  if (!lastByPlan) lastByControl.set(control, (lastByPlan = new WeakMap()));
  const last = lastByPlan.get(plan);
  if (last && sameForces(last.forces, all)) {
    byPlan.set(plan, last.out);
    return last.out;
  }
  // Fields are first worked out near their targets only (fields.ts): widen those a pair needs until the matching is known.
  let out = match(v, plan, all);
  while (out instanceof Set) {
    for (const field of out) field.widenToLimit();
    out = match(v, plan, all);
  }
  byPlan.set(plan, out);
  lastByPlan.set(plan, { forces: all, out });
  return out;
}

/** What the matching reads of a force: its leader, hex, kind, MP and strength. */
function sameForces(a: readonly Force[], b: readonly Force[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.units[0] !== y.units[0] || x.hex !== y.hex || x.mech !== y.mech || x.mp !== y.mp || x.strength !== y.strength) return false;
  }
  return true;
}

const ranks = new WeakMap<object, Map<string, number>>();
/** Each German unit's place when the ids are sorted by localeCompare. */
function unitRanks(v: View): Map<string, number> {
  let rank = ranks.get(v.index);
  if (!rank) {
    const ids = v.index.charts.german.map((u) => u.id).sort((a, b) => a.localeCompare(b));
    ranks.set(v.index, (rank = new Map(ids.map((id, i) => [id, i]))));
  }
  return rank;
}

/** A force-target pair: its cost (MP and battles, less the town bonus), known or, beyond a field's radius, at least `cost`. */
interface Pair {
  force: number;
  target: HexId;
  /** The target's id as a number, for the sort. */
  targetNumber: number;
  cost: number;
  field: CostField;
}

/**
 * Greedy matching on cost (MP plus battles, fields.ts): the cheapest force-target pair first.
 * A pair beyond its field's radius costs at least the radius plus one; the matching is the
 * one the full costs give as long as every such pair comes after the pairs it takes, or
 * finds its force or target already matched. Otherwise the fields of the pairs still in
 * question are returned, to be widened.
 */
function match(v: View, plan: AssignmentPlan, all: readonly Force[]): Map<string, HexId> | Set<CostField> {
  const pairs: Pair[] = [];
  const pending: Pair[] = [];
  // What each force brings to every target, looked up once.
  const at = all.map((f) => v.graph.number(f.hex)!);
  const kinds = [true, false].filter((mech) => all.some((f) => f.mech === mech));
  for (const target of targets(v)) {
    const place = v.index.map.hex(target)!.place;
    const town = !!place;
    const vp = placeVictoryPoints(place?.kind);
    if (town && plan.townBonus === undefined) continue;
    // Half an MP against foot units: of two equally near, the panzers go.
    const bonus = town ? plan.townBonus! * vp : 0;
    const targetNumber = Number(target);
    for (const mech of kinds) {
      const field = currentCostField(v, target, mech);
      for (let i = 0; i < all.length; i++) {
        const f = all[i]!;
        if (f.mech !== mech) continue;
        if (town && f.strength < (plan.townStrength ?? 0)) continue;
        const cost = field.known(at[i]!);
        if (cost < 0) {
          // Farther than the radius, so too far for a plan with a reach the radius covers.
          if (!field.narrow || (plan.withinReach && field.reach >= f.mp + 2)) continue;
          if (town && plan.townReach !== undefined && field.reach >= plan.townReach) continue;
          pending.push({ force: i, target, targetNumber, cost: field.reach + 1 - bonus + (mech ? 0 : 0.5), field });
          continue;
        }
        if (plan.withinReach && cost > f.mp + 2) continue;
        if (town && plan.townReach !== undefined && cost > plan.townReach) continue;
        pairs.push({ force: i, target, targetNumber, cost: cost - bonus + (mech ? 0 : 0.5), field });
      }
    }
  }
  // Ids compared as numbers: hex ids are four digits, units by their place in the unit list's localeCompare order.
  const rank = unitRanks(v);
  const forceRank = all.map((f) => rank.get(f.units[0]!)!);
  pairs.sort((a, b) => a.cost - b.cost || a.targetNumber - b.targetNumber || forceRank[a.force]! - forceRank[b.force]!);
  const unknownFrom = pending.reduce((m, p) => Math.min(m, p.cost), Infinity);
  const out = new Map<string, HexId>();
  const taken = new Set<HexId>();
  const busy = new Set<number>();
  let checked = pending.length === 0;
  for (const p of pairs) {
    if (!checked && p.cost >= unknownFrom) {
      // Here a pair not worked out could come first: it must be out of the running.
      const open = pending.filter((q) => !busy.has(q.force) && !taken.has(q.target));
      if (open.length > 0) return new Set(open.map((q) => q.field));
      checked = true;
    }
    if (taken.has(p.target) || busy.has(p.force)) continue;
    taken.add(p.target);
    busy.add(p.force);
    out.set(all[p.force]!.units[0]!, p.target);
  }
  if (!checked) {
    const open = pending.filter((q) => !busy.has(q.force) && !taken.has(q.target));
    if (open.length > 0) return new Set(open.map((q) => q.field));
  }
  return out;
}
