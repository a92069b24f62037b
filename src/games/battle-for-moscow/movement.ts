/**
 * Movement: which units may move in the phase, and where each can go. One search serves the
 * three kinds of movement phase: normal (forest counts two hexes), mud (one hex per phase)
 * and Soviet rail movement (rail links only, forest counts one).
 */

import type { HexId } from '../../kernel/hex.js';
import { pathTo, type Reach, reachable } from '../../kernel/pathfinding.js';
import { RuleError, type SideId } from '../engine.js';
import type { Board } from './board.js';
import { TERRAIN } from './data/terrain.js';
import { MUD_MOVEMENT, turnSpec } from './data/turns.js';
import { sideName, thePhase } from './phase-words.js';
import { Refusal, RULE } from './rules.js';
import { otherSide, phaseSide } from './state.js';

export interface Destination {
  hex: HexId;
  /** Hexes of movement spent (forest counts two outside rail movement). */
  cost: number;
  /** The route the engine takes, start first. */
  path: HexId[];
}

export function isMovementPhase(phase: string): boolean {
  return (
    phase === 'german-panzer-movement' || phase === 'german-movement' || phase === 'soviet-rail-movement' || phase === 'soviet-movement'
  );
}

/** Why this unit may not move now, or undefined when it may. */
export function moveProblem(b: Board, unit: string): Refusal | undefined {
  const { phase } = b.s;
  if (!isMovementPhase(phase)) return new Refusal(RULE.sequence, `units move only in movement phases; this is ${thePhase(phase)}`);
  const side = phaseSide(phase)!;
  if (b.sideOf(unit) !== side)
    return new Refusal(RULE.sequence, `${b.name(unit)} is not yours to move in the ${sideName(side)} player's turn`);
  const hex = b.hexOf(unit);
  if (hex === null) return new Refusal(RULE.movement, `${b.name(unit)} is not on the map`);
  if (b.s.displaced !== null && b.s.displaced !== unit) {
    return new Refusal(
      RULE.movementRestrictions,
      `${b.name(b.s.displaced)} shares a hex and must move on first (one unit per hex at the end of the phase)`,
    );
  }
  if (b.s.moved.includes(unit)) return new Refusal(RULE.movement, `${b.name(unit)} has already moved this phase`);
  // How to Play, phase 2: only panzers move in the panzer movement phase.
  if (phase === 'german-panzer-movement' && b.spec(unit).type !== 'panzer') {
    return new Refusal(RULE.sequence, `only panzers move in the German panzer movement phase; ${b.name(unit)} is infantry`);
  }
  // Rail Movement: only units that start the phase on a rail line (a unit that has not moved is where it started).
  if (phase === 'soviet-rail-movement' && !b.map.isRailHex(hex)) {
    return new Refusal(RULE.rail, `${b.name(unit)} did not start the rail movement phase on a rail line`);
  }
  return undefined;
}

/** The search over the map for one unit in the current phase (ignoring where it may stop). */
export function searchFor(b: Board, unit: string): Reach {
  return b.remember(`reach:${unit}:${b.s.phase}`, () => {
    // The search depends only on the unit, its hex, the phase, mud and where the enemy
    // stands (friendly units never block or stop it): positions repeat across the moves of a
    // phase and across bot play-outs, so the answer is shared between boards.
    const side = b.sideOf(unit);
    const key = `${unit}@${b.hexOf(unit)}|${b.s.phase}|${turnSpec(b.s.turn).mud ? 'mud' : ''}|${enemyPositions(b, otherSide(side))}`;
    let reach = REACH_CACHE.get(key);
    if (!reach) {
      reach = search(b, unit);
      if (REACH_CACHE.size >= REACH_CACHE_LIMIT) REACH_CACHE.clear();
      REACH_CACHE.set(key, reach);
    }
    return reach;
  });
}

/** Searches already made, by unit, hex, phase, mud and enemy positions (read-only once stored). */
const REACH_CACHE = new Map<string, Reach>();
const REACH_CACHE_LIMIT = 50_000;

function enemyPositions(b: Board, enemy: SideId): string {
  return b.remember(`positions:${enemy}`, () =>
    b
      .onMap(enemy)
      .map((u) => b.hexOf(u))
      .join(','),
  );
}

function search(b: Board, unit: string): Reach {
  const start = b.hexOf(unit)!;
  const side = b.sideOf(unit);
  const enemy = otherSide(side);
  const rail = b.s.phase === 'soviet-rail-movement';
  // Mud: every movement but rail movement is one hex a phase, whatever the hex.
  const mud = turnSpec(b.s.turn).mud && !rail;
  const budget = mud ? MUD_MOVEMENT.hexes : b.spec(unit).movement;
  return reachable({
    start,
    budget,
    neighbours: (h) => (rail ? b.map.neighbours(h).filter((n) => b.map.isRailLink(h, n)) : b.map.neighbours(h)),
    cost: (_from, to) => {
      // Movement: Restrictions: never into a hex with an enemy unit.
      if (b.occupier(to) === enemy) return Infinity;
      if (mud) return 1;
      const t = TERRAIN[b.bm.terrain(to)]!;
      return rail ? t.railCost : t.moveCost;
    },
    // Zone of Control: entering an enemy zone ends the unit's movement for the phase.
    stopsIn: (h) => b.inEnemyZoc(side, h),
  });
}

/**
 * Every hex the unit may end its move in, with cost and path. A hex with a friendly unit is a
 * destination only when that unit has not moved, may move in this phase and has an empty hex
 * to go to: Movement: Restrictions allows passing and sharing, but only one unit per hex at
 * the end of the phase, so the engine has the other unit move on next.
 */
export function destinations(b: Board, unit: string): Map<HexId, Destination> {
  const out = new Map<HexId, Destination>();
  const costs = destinationCosts(b, unit);
  if (costs.size === 0) return out;
  const reach = searchFor(b, unit);
  for (const [hex, cost] of costs) out.set(hex, { hex, cost, path: pathTo(reach, hex)! });
  return out;
}

/** The destinations alone with their costs (no routes): what legality needs. */
export function destinationCosts(b: Board, unit: string): ReadonlyMap<HexId, number> {
  return b.remember(`destinations:${unit}`, () => destinationCostsNow(b, unit));
}

function destinationCostsNow(b: Board, unit: string): Map<HexId, number> {
  const out = new Map<HexId, number>();
  if (moveProblem(b, unit)) return out;
  const reach = searchFor(b, unit);
  const start = b.hexOf(unit)!;
  for (const [hex, cost] of reach.cost) {
    if (hex === start) continue;
    const here = b.unitsAt(hex);
    if (here.length > 0 && !(here.length === 1 && canMoveOn(b, here[0]!))) continue;
    out.set(hex, cost);
  }
  return out;
}

/** A unit another may stop on: it is free to move this phase and can reach an empty hex. */
function canMoveOn(b: Board, unit: string): boolean {
  return b.remember(`move-on:${unit}`, () => canMoveOnNow(b, unit));
}

function canMoveOnNow(b: Board, unit: string): boolean {
  if (b.s.displaced !== null || moveProblem(b, unit)) return false;
  const start = b.hexOf(unit)!;
  // Quick answer: an empty neighbour it may step into (the first hex is always affordable and never blocked by a zone).
  const rail = b.s.phase === 'soviet-rail-movement';
  for (const n of b.map.neighbours(start)) {
    if (rail && !b.map.isRailLink(start, n)) continue;
    if (b.unitsAt(n).length === 0 && (rail || turnSpec(b.s.turn).mud || TERRAIN[b.bm.terrain(n)]!.moveCost <= b.spec(unit).movement))
      return true;
  }
  for (const hex of searchFor(b, unit).cost.keys()) if (hex !== start && b.unitsAt(hex).length === 0) return true;
  return false;
}

/** Why this move is refused, or its destination when legal. */
export function checkMove(b: Board, unit: string, to: HexId): Destination {
  const problem = moveProblem(b, unit);
  if (problem) throw new RuleError(problem.rule, problem.message);
  const cost = destinationCosts(b, unit).get(to);
  if (cost !== undefined) return { hex: to, cost, path: pathTo(searchFor(b, unit), to)! };
  const why = explainUnreachable(b, unit, to);
  throw new RuleError(why.rule, why.message);
}

/** The clearest rule a refused destination breaks. */
function explainUnreachable(b: Board, unit: string, to: HexId): Refusal {
  const side = b.sideOf(unit);
  if (!b.map.has(to)) return new Refusal(RULE.movement, `${to} is not on the map`);
  if (to === b.hexOf(unit)) return new Refusal(RULE.movement, `${b.name(unit)} is already in ${to}`);
  if (b.occupier(to) === otherSide(side))
    return new Refusal(RULE.movementRestrictions, `a unit can never enter a hex containing an enemy unit (${to})`);
  const reach = searchFor(b, unit);
  if (reach.cost.has(to)) {
    return new Refusal(
      RULE.movementRestrictions,
      `${to} is occupied and its unit cannot move on: only one unit may be in a hex at the end of the phase`,
    );
  }
  if (b.s.phase === 'soviet-rail-movement')
    return new Refusal(RULE.rail, `${b.name(unit)} cannot reach ${to} along the rail line within ${b.spec(unit).movement} hexes`);
  if (turnSpec(b.s.turn).mud && b.map.grid.distance(b.hexOf(unit)!, to) > 1)
    return new Refusal(RULE.mud, `in mud a unit moves one hex per phase; ${to} is further`);
  // Would it be reachable if zones of control did not stop movement?
  const free = reachable({ ...searchArgs(b, unit), stopsIn: undefined });
  if (free.cost.has(to)) return new Refusal(RULE.zoc, `every route to ${to} enters an enemy zone of control first, which ends the move`);
  return new Refusal(
    RULE.movement,
    `${to} is beyond ${b.name(unit)}'s movement allowance of ${b.spec(unit).movement} (forest counts two hexes)`,
  );
}

function searchArgs(b: Board, unit: string) {
  const side = b.sideOf(unit);
  return {
    start: b.hexOf(unit)!,
    budget: b.spec(unit).movement,
    neighbours: (h: HexId) => b.map.neighbours(h),
    cost: (_f: HexId, to: HexId) => (b.occupier(to) === otherSide(side) ? Infinity : TERRAIN[b.bm.terrain(to)]!.moveCost),
  };
}
