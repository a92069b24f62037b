/**
 * Soviet counterattacks: what a battle is expected to win and to cost, from the exact chance
 * of each CRT result (Combat Results Table), whether the German unit has anywhere to retreat
 * (a defender with no retreat path is eliminated by any retreat result), and what emptying its
 * hex is worth: retaking Moscow or a city, pushing the enemy back from Moscow.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import { retreatOptions } from './combat.js';
import type { CrtResult } from './data/crt.js';
import { battleOdds, previewOdds } from './odds.js';

export interface Forecast {
  /** The CRT column, or null below 1:1 (no effect). */
  column: number | null;
  /** Expected printed strength the defender loses. */
  defenderLoss: number;
  /** Expected printed strength the attackers lose (AL, EX). */
  attackerLoss: number;
  /** Chance the defender's hex is emptied (eliminated or retreated). */
  emptied: number;
}

/**
 * The expected result of a battle with these attackers. `trapped`: the defender has no
 * retreat path (DR, DRL and EX then eliminate it). Losses the attacker takes go to the unit
 * that loses least, as the bot chooses them.
 */
export function forecast(b: Board, defender: string, attackers: readonly string[], trapped: boolean): Forecast {
  const odds = battleOdds(b, defender, attackers);
  if (odds.column === null) return { column: null, defenderLoss: 0, attackerLoss: 0, emptied: 0 };
  const { sixths } = previewOdds(odds);
  const spec = b.spec(defender);
  const full = b.s.units[defender]!.full;
  const whole = full ? spec.full : spec.half;
  // A step: full to half, or half to eliminated (DRL, EX).
  const step = full ? spec.full - spec.half : spec.half;
  const outcome: Record<CrtResult, { loss: number; emptied: boolean; owed: number }> = {
    NE: { loss: 0, emptied: false, owed: 0 },
    AL: { loss: 0, emptied: false, owed: -1 },
    DE: { loss: whole, emptied: true, owed: 0 },
    DR: { loss: trapped ? whole : 0, emptied: true, owed: 0 },
    DRL: { loss: trapped ? whole : step, emptied: true, owed: 0 },
    // EX: the attacker matches the defender's step loss; then the defender retreats.
    EX: { loss: trapped ? whole : step, emptied: true, owed: step },
  };
  let defenderLoss = 0;
  let attackerLoss = 0;
  let emptied = 0;
  for (const [r, n] of Object.entries(sixths) as [CrtResult, number][]) {
    if (n === 0) continue;
    const o = outcome[r];
    defenderLoss += (n / 6) * o.loss;
    if (o.emptied) emptied += n / 6;
    if (o.owed !== 0) attackerLoss += (n / 6) * attackerCost(b, attackers, o.owed);
  }
  return { column: odds.column, defenderLoss, attackerLoss, emptied };
}

/** Printed strength the attackers lose to owe `owed` (AL: -1, one step), cheapest steps first. */
function attackerCost(b: Board, attackers: readonly string[], owed: number): number {
  const units = attackers.map((u) => ({ u, full: b.s.units[u]!.full, gone: false }));
  const stepOf = (x: { u: string; full: boolean }) => (x.full ? b.spec(x.u).full - b.spec(x.u).half : b.spec(x.u).half);
  let lost = 0;
  let left = owed < 0 ? 1 : owed;
  while (left > 0) {
    const alive = units.filter((x) => !x.gone);
    if (alive.length === 0) break;
    // Flipping a full unit before eliminating a half one (it keeps a unit in the line).
    const x = alive.sort((p, q) => Number(q.full) - Number(p.full) || stepOf(p) - stepOf(q))[0]!;
    const s = stepOf(x);
    lost += s;
    if (x.full) x.full = false;
    else x.gone = true;
    left = owed < 0 ? 0 : left - s;
  }
  return lost;
}

/** What emptying this German-held hex is worth to the Soviets. */
export function hexPrize(b: Board, hex: HexId): number {
  if (hex === b.bm.moscow) return 60;
  const dist = b.map.grid.distance(hex, b.bm.moscow);
  let prize = dist <= 1 ? 4 : dist === 2 ? 2 : 0.5;
  if (b.bm.isCity(hex) && b.s.cities[hex] === 'german') prize += 4;
  return prize;
}

/** Soviet strength counts once; German strength is scarcer (one replacement a turn against five). */
const GERMAN_WEIGHT = 2;

/** The value of a Soviet battle: German losses and ground won against Soviet losses. */
export function counterattackValue(b: Board, defender: string, attackers: readonly string[], trapped: boolean): number {
  const f = forecast(b, defender, attackers, trapped);
  if (f.column === null) return -Infinity;
  // The Moscow garrison's losses weaken the one hex that decides the game.
  const garrison = attackers.some((a) => b.hexOf(a) === b.bm.moscow) ? 2 : 1;
  return GERMAN_WEIGHT * f.defenderLoss - garrison * f.attackerLoss + f.emptied * hexPrize(b, b.hexOf(defender)!);
}

/** Whether a retreat result would eliminate this unit: no retreat path free of enemy units and zones. */
export function trappedNow(b: Board, unit: string): boolean {
  return b.remember(`trapped:${unit}`, () => retreatOptions(b, unit).length === 0);
}

/** Least value worth a Soviet battle; a style shifts it (bolder below, more careful above). */
export const SOVIET_MIN_VALUE = 1.5;
export const SOVIET_VALUE_STEP = 1.5;

/**
 * The best Soviet battle still to announce against one defender: every set of the free
 * adjacent units, valued by `counterattackValue`, less a little per attacker so units stay
 * free for other battles. Undefined when none is worth `minimum`.
 */
export function bestCounterattack(
  b: Board,
  defender: string,
  free: readonly string[],
  minimum: number,
): { attackers: string[]; value: number } | undefined {
  const trapped = trappedNow(b, defender);
  let best: { attackers: string[]; value: number } | undefined;
  for (let mask = 1; mask < 1 << free.length; mask++) {
    const attackers = free.filter((_, i) => mask & (1 << i));
    const value = counterattackValue(b, defender, attackers, trapped) - 0.25 * attackers.length;
    if (value >= minimum && (!best || value > best.value)) best = { attackers, value };
  }
  return best;
}
