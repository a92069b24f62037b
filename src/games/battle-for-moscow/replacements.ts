/**
 * Replacements: each replacement creates a half-strength unit from an eliminated one, or
 * flips a half-strength unit on the map to full strength. New units enter on the player's
 * own map edge or in an empty friendly city in communication with it; restored units must be
 * in communication; the Soviets may always use Moscow.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError, type SideId } from '../engine.js';
import type { Board } from './board.js';
import { turnSpec } from './data/turns.js';
import { UNITS } from './data/units.js';
import { thePhase } from './phase-words.js';
import { Refusal, RULE } from './rules.js';
import { type BfmState, phaseSide } from './state.js';

export function isReplacementPhase(phase: string): boolean {
  return phase === 'german-replacement' || phase === 'soviet-replacement';
}

/** How many replacements a side receives this turn, with the game-balance options. */
export function replacementsFor(s: BfmState, side: SideId): number {
  const spec = turnSpec(s.turn);
  if (side === 'soviet') return s.options.sovietReplacements;
  // Game Balance: "give the Germans their replacement only on turns 2, 4, and 6".
  if (s.options.germanReplacementTurns === 'even') return [2, 4, 6].includes(s.turn) ? 1 : 0;
  return spec.germanReplacements;
}

export function replaceProblem(b: Board, unit: string, hex: HexId | undefined): Refusal | undefined {
  const { phase } = b.s;
  if (!isReplacementPhase(phase))
    return new Refusal(RULE.replacements, `replacements are taken in replacement phases; this is ${thePhase(phase)}`);
  const side = phaseSide(phase)!;
  if (b.s.replacements <= 0) return new Refusal(RULE.replacements, 'no replacement is left this phase');
  if (!b.s.units[unit]) return new Refusal(RULE.replacements, `there is no unit "${unit}"`);
  if (b.sideOf(unit) !== side) return new Refusal(RULE.replacements, `${b.name(unit)} is not yours`);
  const at = b.hexOf(unit);
  if (at !== null) {
    if (hex !== undefined)
      return new Refusal(RULE.replacements, `${b.name(unit)} is on the map in ${at}; it is restored where it stands (name no hex)`);
    if (b.s.units[unit]!.full) return new Refusal(RULE.replacements, `${b.name(unit)} is already at full strength`);
    if (b.s.created.includes(unit)) {
      return new Refusal(
        RULE.replacements,
        `${b.name(unit)} was created this phase; two replacements cannot make a new full-strength unit at once`,
      );
    }
    if (!(side === 'soviet' && at === b.bm.moscow) && !b.inCommunication(side, at)) {
      return new Refusal(
        RULE.replacements,
        `${b.name(unit)} in ${at} is not in communication with the ${side === 'german' ? 'west' : 'east'} edge (a path free of enemy units and zones of control)`,
      );
    }
    return undefined;
  }
  const from = b.spec(unit).availableFromTurn;
  if (from !== undefined && b.s.turn < from)
    return new Refusal(RULE.firstShock, `${b.name(unit)} may not be taken as a replacement until turn ${from}`);
  if (hex === undefined) return new Refusal(RULE.replacements, `${b.name(unit)} is off the map: name the hex it enters in`);
  return placeProblem(b, side, hex);
}

/** Where a new unit of `side` may appear. */
function placeProblem(b: Board, side: SideId, hex: HexId): Refusal | undefined {
  if (!b.map.has(hex)) return new Refusal(RULE.replacements, `${hex} is not on the map`);
  if (b.unitsAt(hex).length > 0) return new Refusal(RULE.replacements, `${hex} is not empty`);
  if (b.bm.isEdge(side, hex)) return undefined;
  const edge = side === 'german' ? 'west' : 'east';
  if (!b.bm.isCity(hex))
    return new Refusal(RULE.replacements, `new units appear on the ${edge} edge or in a friendly city; ${hex} is neither`);
  if (b.s.cities[hex] !== side)
    return new Refusal(RULE.replacements, `${b.bm.placeName(hex) ?? hex} is not friendly-owned (your units were not the last in it)`);
  // Exception: the Soviets can bring in a unit in Moscow even if it isn't in communication.
  if (side === 'soviet' && hex === b.bm.moscow) return undefined;
  if (!b.inCommunication(side, hex))
    return new Refusal(RULE.replacements, `${b.bm.placeName(hex) ?? hex} is not in communication with the ${edge} edge`);
  return undefined;
}

export function replace(b: Board, unit: string, hex: HexId | undefined): void {
  const problem = replaceProblem(b, unit, hex);
  if (problem) throw new RuleError(problem.rule, problem.message);
  const at = b.hexOf(unit);
  b.s.replacements -= 1;
  if (at !== null) {
    b.s.units[unit]!.full = true;
    b.event('replaced', `${b.name(unit)} in ${at} is restored to full strength (${b.spec(unit).full}).`, {
      rule: RULE.replacements,
      hexes: [at],
    });
  } else {
    b.s.units[unit] = { hex: null, full: false };
    b.place(unit, hex!);
    b.s.created.push(unit);
    b.event('replaced', `${b.name(unit)} returns at half strength (${b.spec(unit).half}) in ${hex}.`, {
      rule: RULE.replacements,
      hexes: [hex!],
    });
  }
}

/** Every replacement the phasing player may take now. */
export function replacementChoices(b: Board): { unit: string; hex?: HexId }[] {
  const out: { unit: string; hex?: HexId }[] = [];
  if (!isReplacementPhase(b.s.phase) || b.s.replacements <= 0) return out;
  const side = phaseSide(b.s.phase)!;
  const places = [...b.bm.edge[side], ...b.bm.cities.filter((c) => !b.bm.isEdge(side, c))].filter((h) => !placeProblem(b, side, h));
  for (const u of UNITS) {
    if (u.side !== side) continue;
    const state = b.s.units[u.id]!;
    if (state.hex !== null) {
      if (!replaceProblem(b, u.id, undefined)) out.push({ unit: u.id });
    } else if (u.availableFromTurn === undefined || b.s.turn >= u.availableFromTurn) {
      for (const hex of places) out.push({ unit: u.id, hex });
    }
  }
  return out;
}
