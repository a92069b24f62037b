/**
 * The moves every policy shares: fight on or fall back (10.5), put the Luftwaffe over the
 * spearheads (9.1), step a force toward its goal, and plug holes in the front (4.3).
 * A policy supplies only the goals; `decideWith` turns them into the next action.
 */
import type { HexId } from '../../../kernel/hex.js';
import { onGermanFront } from '../control.js';
import type { TyphoonEngine } from '../engine.js';
import { graphOf } from '../hex-graph.js';
import type { Destination, Reach } from '../movement.js';
import type { TyphoonAction, TyphoonState } from '../state.js';
import { closingMove } from './closing-move.js';
import { type CostField, costField, currentCostField } from './fields.js';
import type { Goal } from './policy.js';
import { View } from './view.js';

export interface Planner {
  /** Where a force of `units` in `hex` should go, or null to stay where it is. */
  goal(v: View, units: readonly string[], hex: HexId): Goal | null;
  /** Move foot units one by one rather than as stacks (to spread along the front). */
  spreadFoot?(v: View): boolean;
  /** After the planned moves, send idle units to watch unguarded front hexes (4.3). */
  fillGaps?(v: View): boolean;
  /** A force with a goal first takes any capture that closes a pocket of at least this many hexes (11.1). */
  closePockets?(v: View): number | undefined;
  /** Whether this unit may be sent to fill a front gap (default: any unit). */
  mayFill?(v: View, unit: string): boolean;
  /** Units sent to a front gap only when no unit `mayFill` allows can watch it this phase. */
  fillLast?(v: View, unit: string): boolean;
  /** The stack the Luftwaffe flies with (9.1), or undefined for the default: the strongest mechanized stack with a goal. */
  airTarget?(v: View): HexId | undefined;
}

export function decideWith(planner: Planner, engine: TyphoonEngine, state: TyphoonState): TyphoonAction {
  if (state.phase === 'setup') return { type: 'setup-done' };
  // 10.6, manual allocation: the scripted commander places hits as the bot would.
  if (state.battle?.pending) return { type: 'allocate' };
  const v = new View(engine, state);
  if (state.battle) return battleChoice(v);
  if (state.airAvailable > 0 && !state.active && state.done.length === 0) {
    const air = planner.airTarget?.(v) ?? airTarget(planner, v);
    if (air) return { type: 'assign-air', hex: air };
  }
  if (state.active) {
    const a = state.active;
    const goal = planner.goal(v, a.units, a.hex);
    const min = goal ? planner.closePockets?.(v) : undefined;
    const close = min !== undefined ? closingMove(v, a.units, a.hex, a.mp, a.mudBound, min) : undefined;
    if (close) return { type: 'move', from: a.hex, path: close.path };
    const step = goal && bestStep(v, a.units, a.hex, a.mp, a.mudBound, goal);
    return step ? { type: 'move', from: a.hex, path: step.path } : { type: 'end-force' };
  }
  const start = nextForce(planner, v);
  if (start) return start;
  if (planner.fillGaps?.(v)) {
    const may = (u: string) => planner.mayFill?.(v, u) ?? true;
    const last = planner.fillLast && ((u: string) => may(u) || planner.fillLast!(v, u));
    const fill = gapFill(v, may) ?? approachFront(v, may) ?? (last && gapFill(v, last));
    if (fill) return fill;
  }
  return { type: 'end-phase' };
}

/**
 * 10.5: another round costs 1 MP, a retreat ends the force's turn. German units are never
 * lost (10.10) and regroup on turns 1-5, so early on fighting on is always worth it; from
 * turn 6 steps stay lost, so only fight on with the odds clearly in hand.
 */
export function battleChoice(v: View): TyphoonAction {
  const b = v.s.battle!;
  const a = v.s.active;
  if (!a || a.mp < 1) return { type: 'retreat' };
  if (v.s.turn <= 5) return { type: 'another-round' };
  const german = v.strength(a.units.filter((u) => !b.germanOut.includes(u)));
  const soviet = b.soviet
    .filter((u) => !u.out && u.steps > 0)
    .reduce((n, u) => {
      const spec = v.index.sovietUnit(u.id);
      return n + (u.steps === 2 || spec.steps === 1 ? spec.cdr.full : (spec.cdr.reduced ?? 0));
    }, 0);
  return german >= 2 * soviet ? { type: 'another-round' } : { type: 'retreat' };
}

/** 9.1: the strongest mechanized stack that has somewhere to go and no aircraft yet. */
function airTarget(planner: Planner, v: View): HexId | undefined {
  const withAir = new Set(v.s.airWith.flat());
  let best: { hex: HexId; score: number } | undefined;
  for (const stack of v.movable()) {
    if (stack.units.some((u) => withAir.has(u))) continue;
    const mech = stack.units.filter((u) => v.isMech(u));
    if (mech.length === 0 || !planner.goal(v, mech, stack.hex)) continue;
    const score = v.strength(mech);
    if (!best || score > best.score || (score === best.score && stack.hex < best.hex)) best = { hex: stack.hex, score };
  }
  return best?.hex;
}

/**
 * The next force to set off: mechanized groups first (they break through, the foot follow
 * through the gap), nearest its goal first within each class.
 */
function nextForce(planner: Planner, v: View): TyphoonAction | undefined {
  const spread = planner.spreadFoot?.(v) ?? false;
  const candidates: { units: string[]; hex: HexId; goal: Goal; rank: number }[] = [];
  for (const stack of v.movable()) {
    const mech = stack.units.filter((u) => v.isMech(u));
    const foot = stack.units.filter((u) => !v.isMech(u));
    const groups = [mech, ...(spread ? foot.map((u) => [u]) : [foot])].filter((g) => g.length > 0);
    for (const units of groups) {
      const goal = planner.goal(v, units, stack.hex);
      if (!goal) continue;
      const rank = (v.isMech(units[0]!) ? 0 : 1000) + (fieldFor(v, units, goal).get(stack.hex) ?? 999);
      candidates.push({ units, hex: stack.hex, goal, rank });
    }
  }
  candidates.sort((a, b) => a.rank - b.rank || a.hex.localeCompare(b.hex) || a.units[0]!.localeCompare(b.units[0]!));
  const min = planner.closePockets?.(v);
  if (min !== undefined) {
    for (const c of candidates) {
      const close = closingMove(v, c.units, c.hex, v.allowance(v.isMech(c.units[0]!)), v.mudBound(c.hex), min);
      if (close) return { type: 'move', from: c.hex, units: c.units, path: close.path };
    }
  }
  for (const c of candidates) {
    const step = bestStep(v, c.units, c.hex, v.allowance(v.isMech(c.units[0]!)), v.mudBound(c.hex), c.goal);
    if (step) return { type: 'move', from: c.hex, units: c.units, path: step.path };
  }
  return undefined;
}

/**
 * The reachable hex that gets closest to the goal: through German hexes as far as possible,
 * then into the next Soviet hex (movement stops there for a battle, 8.0). None when no hex
 * gets closer than where the force stands.
 */
export function bestStep(
  v: View,
  units: readonly string[],
  from: HexId,
  mp: number,
  mudBound: boolean,
  goal: Goal,
): Destination | undefined {
  if (mp <= 0 || from === goal.target) return undefined;
  const field = fieldFor(v, units, goal);
  const here = field.get(from) ?? Infinity;
  const reach = v.reachOf(units, from, mp, mudBound);
  // Nearest the goal, then no battle, then cheapest. The search lists hexes by MP, then by
  // id, so of hexes equal in all three the first (the lowest id) is kept.
  let best = -1;
  let bestLeft = 0;
  let bestSoviet = 0;
  let bestCost = 0;
  for (let i = 0; i < reach.order.length; i++) {
    const h = reach.order[i]!;
    const left = field.below(h, here);
    if (left < 0) continue;
    const soviet = reach.soviet[h]!;
    const cost = reach.costs[i]!;
    if (best < 0 || left < bestLeft || (left === bestLeft && (soviet < bestSoviet || (soviet === bestSoviet && cost < bestCost)))) {
      best = i;
      bestLeft = left;
      bestSoviet = soviet;
      bestCost = cost;
    }
  }
  return best < 0 ? undefined : reach.destination(best);
}

function fieldFor(v: View, units: readonly string[], goal: Goal): CostField {
  if (goal.onCurrentControl) return currentCostField(v, goal.target, v.isMech(units[0]!));
  const sector = v.s.scenario === 'historical' && v.s.turn <= 4 ? v.formation(units[0]!) : undefined;
  return costField(v, goal.target, v.isMech(units[0]!), sector);
}

/**
 * 4.3: send one unit to watch the first unguarded front hex. Candidates are units that may
 * still move, close enough to reach it; a unit alone in its hex only leaves if it uncovers
 * fewer front hexes than it covers at the new place.
 */
export function gapFill(v: View, may: (unit: string) => boolean = () => true): TyphoonAction | undefined {
  const gaps = v.frontGaps();
  if (gaps.length === 0) return undefined;
  const { graph } = v;
  const isGap = new Uint8Array(graph.size);
  for (const g of gaps) isGap[graph.number(g)!] = 1;
  const byHex = v.unitsByHex();
  const coverers = (f: HexId) => [f, ...v.neighbours(f)].filter((h) => byHex.has(h)).length;
  // The gaps a unit in hex `h` would watch: itself and its neighbours.
  const covered = (h: number) => {
    let n = isGap[h]!;
    for (let k = h * 6; k < h * 6 + 6; k++) if (graph.neighbours[k]! >= 0) n += isGap[graph.neighbours[k]!]!;
    return n;
  };
  const movable = v.movable();
  // What a lone unit uncovers by leaving does not depend on the gap: worked out once per stack.
  const lostBy = new Map<HexId, number>();
  const lostIfLeaving = (hex: HexId) => {
    let n = lostBy.get(hex);
    if (n === undefined) {
      const alone = (byHex.get(hex) ?? []).length === 1;
      n = alone ? [hex, ...v.neighbours(hex)].filter((f) => onGermanFront(v.play, f) && coverers(f) === 1).length : 0;
      lostBy.set(hex, n);
    }
    return n;
  };
  // Each unit's reach is the same for every gap: the view keeps each search.
  for (const gap of gaps) {
    let best: { from: HexId; unit: string; reach: Reach; to: number; net: number; cost: number } | undefined;
    // The hexes within one of the gap (distance 1 is a neighbour): the only ones looked up in a reach.
    const g = graph.number(gap)!;
    const near = [g];
    for (let k = g * 6; k < g * 6 + 6; k++) if (graph.neighbours[k]! >= 0) near.push(graph.neighbours[k]!);
    for (const stack of movable) {
      const away = v.dist(stack.hex, gap);
      if (away > v.allowance(true) + 1) continue;
      const lost = lostIfLeaving(stack.hex);
      for (const unit of stack.units) {
        if (!may(unit)) continue;
        const mp = v.allowance(v.isMech(unit));
        if (away > mp + 1) continue;
        const reach = v.reachOf([unit], stack.hex, mp, v.mudBound(stack.hex));
        // By position in the reach, the search's order (MP, then id): of equal moves the first is kept.
        const options = near
          .map((h) => reach.find(h))
          .filter((i) => i >= 0 && !reach.soviet[reach.order[i]!])
          .sort((a, b) => a - b);
        for (const i of options) {
          const net = covered(reach.order[i]!) - lost;
          const cost = reach.costs[i]!;
          if (net > 0 && (!best || net > best.net || (net === best.net && cost < best.cost)))
            best = { from: stack.hex, unit, reach, to: i, net, cost };
        }
      }
    }
    if (best) return { type: 'move', from: best.from, units: [best.unit], path: best.reach.path(best.to) };
  }
  return undefined;
}

/**
 * 4.3 ahead of time: a unit standing in the rear, watching no front hex, marches toward the
 * nearest unguarded one through German hexes (never into a Soviet hex, so no pocket hex is
 * lost), as far as it gets this phase. The closest such pair moves first.
 */
export function approachFront(v: View, may: (unit: string) => boolean = () => true): TyphoonAction | undefined {
  const gaps = v.frontGaps();
  if (gaps.length === 0) return undefined;
  const byHex = v.unitsByHex();
  const watching = (h: HexId) => [h, ...v.neighbours(h)].some((x) => onGermanFront(v.play, x));
  const graph = graphOf(v.index);
  const steps = stepsFromGaps(v, gaps);
  const away = (h: number) => {
    const d = steps[h]!;
    return d < 0 ? Infinity : d;
  };
  const occupied = new Uint8Array(graph.size);
  for (const hex of byHex.keys()) occupied[graph.number(hex)!] = 1;
  let best: { from: HexId; unit: string; reach: Reach; to: number; left: number } | undefined;
  for (const stack of v.movable()) {
    if (watching(stack.hex)) continue;
    const nearest = away(graph.number(stack.hex)!);
    if (best && nearest - 1 >= best.left) continue;
    for (const unit of stack.units) {
      if (!may(unit)) continue;
      const mp = v.allowance(v.isMech(unit));
      const reach = v.reachOf([unit], stack.hex, mp, v.mudBound(stack.hex));
      for (let i = 0; i < reach.order.length; i++) {
        const h = reach.order[i]!;
        if (reach.soviet[h] || occupied[h]) continue;
        const left = away(h);
        if (left < nearest && (!best || left < best.left)) best = { from: stack.hex, unit, reach, to: i, left };
      }
    }
  }
  return best && { type: 'move', from: best.from, units: [best.unit], path: best.reach.path(best.to) };
}

/** The last answer of `stepsFromGaps`: the gaps change only when a move uncovers or watches one. */
const lastSteps = new WeakMap<object, { gaps: string; steps: Int32Array }>();

/** Hexes from the nearest gap, every hex at once (a breadth-first search from all the gaps); -1 where none is reached. */
function stepsFromGaps(v: View, gaps: readonly HexId[]): Int32Array {
  const key = gaps.join();
  const last = lastSteps.get(v.index);
  if (last?.gaps === key) return last.steps;
  const { graph } = v;
  const steps = new Int32Array(graph.size).fill(-1);
  const queue: number[] = [];
  for (const g of gaps) {
    const h = graph.number(g)!;
    steps[h] = 0;
    queue.push(h);
  }
  for (let i = 0; i < queue.length; i++) {
    const h = queue[i]!;
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const n = graph.neighbours[k]!;
      if (n >= 0 && steps[n]! < 0) {
        steps[n] = steps[h]! + 1;
        queue.push(n);
      }
    }
  }
  lastSteps.set(v.index, { gaps: key, steps });
  return steps;
}
