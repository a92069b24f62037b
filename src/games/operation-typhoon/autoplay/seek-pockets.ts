/**
 * "Seek pockets": the plan Army Group Centre followed. Turns 1-2, the panzer groups close
 * rings (3rd and 4th meeting east of Vyazma, 2nd with 2nd Army north-east of Bryansk): each
 * arm takes its waypoints in turn, up the corridor it has already cut, and any force grabs a
 * capture that closes a pocket; the armies facing the pockets hold still (every hex they took
 * would be a hex less in the 4.2 tally), but the infantry north of them pushes east. One
 * corps of 2nd Panzer Group drives on Orel and Mtsensk instead, as XXIV Motorized Corps did.
 * Once a formation's ring is closed its panzers cut along column 28 (assignment.ts), the
 * rear marching up to the new front; turn 3 the cut goes on and the towns near the front are
 * taken, the infantry watching the front behind (4.3); turn 4 the line is finished and the
 * towns taken (4.4); from turn 5, all on Moscow (4.5).
 */

import type { HexId } from '../../../kernel/hex.js';
import { columnOf } from '../../../kernel/hex.js';
import { placeVictoryPoints } from '../control.js';
import { type AssignmentPlan, assignedGoal } from './assignment.js';
import { deploymentStep, type StackPlan } from './deployment.js';
import { moscowAssault } from './moscow-assault.js';
import type { Goal, Policy } from './policy.js';
import { decideWith, type Planner } from './tactics.js';
import { hexAt, rowOf, View } from './view.js';

/**
 * Turns 1-2: one arm of a ring per formation, waypoints in order, the last one where the
 * arms meet; `inside` is a hex of the pocket, Soviet until the ring closes. Chosen by
 * measurement over seeds 1-40 (then the balance report): Vyazma rings drawn a column wider
 * closed in under half the games, a column narrower closed nearly always but at some 190
 * hexes for both pockets; an extra waypoint toward the flanks cost the arms a turn.
 */
interface Arm {
  waypoints: HexId[];
  inside: HexId;
}
const hexes = (...cr: [number, number][]): HexId[] => cr.map(([c, r]) => hexAt(c, r));
const VYAZMA_INSIDE = hexAt(22, 17);
const BRYANSK_INSIDE = hexAt(23, 38);
const ARMS: Record<string, Arm> = {
  PG3: { waypoints: hexes([23, 10], [26, 12], [26, 16]), inside: VYAZMA_INSIDE },
  PG4: { waypoints: hexes([24, 21], [26, 18], [26, 16]), inside: VYAZMA_INSIDE },
  PG2: { waypoints: hexes([27, 42], [30, 36], [27, 31]), inside: BRYANSK_INSIDE },
  '2A': { waypoints: hexes([21, 30], [27, 31]), inside: BRYANSK_INSIDE },
};
/**
 * Pockets smaller than this are not worth turning a spearhead aside for on turn 1; on turn 2
 * every pocket counts toward the 200 hexes of 4.2 (measured, seeds 1-48: most games that
 * failed 4.2 fell short by 1-25 hexes; closing every pocket on turn 2 took the pass rate from
 * 44% to 65%).
 */
const worthClosing = (turn: number) => (turn === 1 ? 15 : 1);

/**
 * XXIV Motorized Corps (3rd and 4th Panzer) took Orel on 3 October and reached Mtsensk: its
 * stack drives there on turns 1-2 instead of closing the Bryansk ring (their 3 VP are the
 * farthest of 4.4; measured, seeds 1-48 at 16 / 8 MP: turn 4 VP median 13-14 without, 15
 * with).
 */
const OREL_GROUP = '3pz';
const OREL_ROAD = hexes([35, 35], [38, 33]);

/**
 * The next waypoint of the unit's arm still in Soviet hands; with all taken but the ring
 * still open, the meeting point, through the gap. Mechanized units, and 2nd Army's infantry.
 */
function armGoal(v: View, unit: string): Goal | null {
  const arm = ARMS[v.formation(unit)];
  if (!arm || (!v.isMech(unit) && v.formation(unit) !== '2A')) return null;
  const next = arm.waypoints.find((h) => v.isSoviet(h)) ?? (v.isSoviet(arm.inside) ? arm.waypoints.at(-1) : undefined);
  return next ? { target: next, doneWhen: [arm.inside], onCurrentControl: true } : null;
}

/** Foot soldiers push east to column 29 in their own row (4.4). */
function eastward(v: View, hex: HexId): Goal | null {
  const target = hexAt(29, rowOf(hex));
  for (let c = columnOf(hex) + 1; c <= 28; c++) {
    if (v.isSoviet(hexAt(c, rowOf(hex)))) return { target, doneWhen: [target] };
  }
  return null;
}

const placeHexes = new WeakMap<object, HexId[]>();

/** The nearest town or city still Soviet (4.4 VP), by way of today's front. */
function objective(v: View, hex: HexId): Goal | null {
  let all = placeHexes.get(v.index);
  if (!all) placeHexes.set(v.index, (all = v.index.map.ids.filter((h) => v.index.map.hex(h)!.place)));
  const places = all.filter((h) => v.isSoviet(h));
  const target = places.sort((a, b) => v.dist(hex, a) - v.dist(hex, b) || a.localeCompare(b))[0];
  return target ? { target, doneWhen: [target], onCurrentControl: true } : null;
}

const moscow = (v: View, hex: HexId): Goal => {
  const target = v.nearestMoscow(hex);
  return { target, doneWhen: [target] };
};

/**
 * Rows north of the Vyazma ring: the infantry there (the 9th Army's) pushes east on turns 1-2,
 * so that it stands near column 28 when the northern pocket falls on turn 3 (4.3: measured on
 * seeds 1-12, open front hexes at the turn 3 check fell from a median of 11 to 1).
 */
const NORTH_OF_RINGS = 10;

/**
 * Who cuts the column 28 line, by turn, and how much a town's VP are worth in MP (twice for a
 * city). Turn 2: panzers whose ring is closed, towns at their cost. Turn 3: only what the
 * force reaches this turn, and towns no more than 9 MP away (a deeper salient opens more front
 * hexes than the infantry can watch, 4.3). Turn 4: everyone, towns counted 14 MP nearer, and
 * only stacks of 15 dice or more sent to towns (a lone division lost there about half the
 * time). Measured on seeds 1-48 (docs/typhoon-charts.md, fourth round): turn 3 towns within
 * 4 MP passed 4.4 in 29% of games, within 7 in 40%, within 9 in 46%; with no town limit the
 * turn 3 check failed in nearly every game.
 */
const CUT: Record<number, AssignmentPlan> = {
  2: { mech: true, foot: false, townBonus: 0, withinReach: false, busy: (v, mech) => armGoal(v, mech[0]!) !== null },
  3: { mech: true, foot: false, townBonus: 4, withinReach: true, townReach: 9 },
  4: { mech: true, foot: true, townBonus: 14, withinReach: false, townStrength: 15 },
};

const planner: Planner = {
  goal(v, units, hex) {
    const turn = v.s.turn;
    if (turn >= 5) return moscow(v, hex);
    const mech = v.isMech(units[0]!);
    if (turn <= 2 && units.includes(OREL_GROUP)) {
      const town = OREL_ROAD.find((h) => v.isSoviet(h));
      if (town) return { target: town, doneWhen: [town], onCurrentControl: true };
    }
    if (turn <= 2) {
      if (!mech && rowOf(hex) <= NORTH_OF_RINGS) return eastward(v, hex);
      const arm = armGoal(v, units[0]!);
      if (arm || turn === 1) return arm;
    }
    const cut = assignedGoal(v, units, CUT[turn]!);
    if (cut) return cut;
    if (turn <= 3) return null;
    return mech ? objective(v, hex) : eastward(v, hex);
  },
  spreadFoot: (v) => v.s.turn === 3 || v.s.turn === 4,
  // Turn 2 too: once the rings have closed, the rear marches up to the new front (4.3); the
  // infantry does it, the panzers stay whole for the cut.
  fillGaps: (v) => v.s.turn === 2 || v.s.turn === 3,
  mayFill: (v, unit) => !v.isMech(unit),
  // Turn 3 a panzer division fills a gap only where no infantry can: one split off its stack
  // fights turn 4's battles alone (lone mechanized units lost 26% of their open battles and
  // 43% of their town battles on turn 4, stacks of three 1% and 12%). Measured on seeds
  // 1-1000 with 17/9, 16/9, 15/8 on turns 2-4: 4.4 passed in 45.0% of games, against 36.9%
  // with any unit filling; 4.3 lost in 7.5% against 6.4%.
  fillLast: (v) => v.s.turn === 3,
  closePockets: (v) => (v.s.turn <= 2 ? worthClosing(v.s.turn) : undefined),
  // 9.1: from turn 6 the Luftwaffe goes where Moscow is attacked first (moscow-assault.ts).
  airTarget: (v) => (v.s.turn >= MOSCOW_TURN ? moscowAssault(v) : v.s.turn === 4 ? townAssault(v) : undefined),
};

/**
 * 9.1 on turn 4, the VP check's turn (4.4): the Luftwaffe flies with the strongest stack sent
 * to a city, else to a town; its dice fall before the garrison's guards and artillery fire
 * (10.4). Measured on seeds 1-1000 with 17/9, 16/9, 15/8 on turns 2-4: 4.4 passed in 45.0%
 * of games, against 43.0% with the strongest stack anywhere.
 */
function townAssault(v: View): HexId | undefined {
  let best: { hex: HexId; vp: number; strength: number } | undefined;
  for (const stack of v.movable()) {
    const mech = stack.units.filter((u) => v.isMech(u));
    if (mech.length === 0) continue;
    const goal = planner.goal(v, mech, stack.hex);
    const vp = goal ? placeVictoryPoints(v.index.map.hex(goal.target)!.place?.kind) : 0;
    if (vp === 0) continue;
    const strength = v.strength(mech);
    if (!best || vp > best.vp || (vp === best.vp && (strength > best.strength || (strength === best.strength && stack.hex < best.hex))))
      best = { hex: stack.hex, vp, strength };
  }
  return best?.hex;
}

/** The first turn after the mud (12.1) on which the armour attacks Moscow. */
const MOSCOW_TURN = 6;

/** Spearhead stacks of three, set up facing their first objective. */
function stackPlans(v: View): StackPlan[] {
  const plans: StackPlan[] = [];
  const byFormation = (f: string, mech: boolean) =>
    v.index.charts.german.filter((u) => u.formation === f && (u.mobility === 'mechanized') === mech).map((u) => u.id);
  const threes = (units: string[], toward: HexId) => {
    for (let i = 0; i < units.length; i += 3) plans.push({ units: units.slice(i, i + 3), toward });
  };
  threes(byFormation('PG3', true), ARMS.PG3!.waypoints[0]!);
  threes(byFormation('PG4', true), ARMS.PG4!.waypoints[0]!);
  threes(byFormation('PG2', true), ARMS.PG2!.waypoints[0]!);
  threes(byFormation('2A', false), ARMS['2A']!.waypoints[0]!);
  return plans;
}

export const seekPockets: Policy = {
  name: 'seek-pockets',
  decide(engine, state) {
    if (state.phase === 'setup' && state.scenario === 'historical') {
      const v = new View(engine, state);
      return deploymentStep(v, stackPlans(v));
    }
    return decideWith(planner, engine, state);
  },
};
