/**
 * Battle for Moscow (Frank Chadwick, GDW 1986): two players, or one against the bot. The
 * engine is built from the shipped map; `legalActions`, `previewBattle` and `botAction`
 * work on a state alone.
 */

import type { Scene } from '../../contracts/scene.js';
import { loadMap } from '../../maps/game-map.js';
import { type GameEvent, RuleError } from '../engine.js';
import { botActionOn } from './bot.js';
import { type BfmEngine, createBfmEngine } from './engine.js';
import { battleOdds, type CombatPreview, previewOdds } from './odds.js';
import { type Position, positionState } from './position.js';
import { bfmScene } from './scene.js';
import { searchActionOn } from './search-bot.js';
import type { BfmAction, BfmState } from './state.js';

let shipped: BfmEngine | undefined;

/** The engine on the shipped map. */
export function bfmEngine(): BfmEngine {
  shipped ??= createBfmEngine(loadMap('battle-for-moscow'));
  return shipped;
}

/** Every legal action of the current decision. */
export function legalActions(state: BfmState): BfmAction[] {
  return bfmEngine().legalActions(state);
}

/** What the map shows: city control, counters, battles, the last move and the panel. */
export function sceneOf(state: BfmState, events: GameEvent[] = []): Scene {
  return bfmScene(bfmEngine().bm, state, events);
}

/** A state from a described position (rule examples, puzzles, tests). */
export function positionOf(position: Position): BfmState {
  return positionState(bfmEngine().bm, position);
}

/** The bot's choice for the current decision, whichever side is to act. */
export function botAction(state: BfmState): BfmAction {
  return botActionOn(bfmEngine().board(state));
}

/** The search bot's choice (Monte Carlo over the heuristic's styles). */
export function searchBotAction(state: BfmState): BfmAction {
  return searchActionOn(bfmEngine().bm, bfmEngine().board(state));
}

/**
 * The final odds column (after the 6:1 cap, terrain and river shifts, mud) and the exact
 * chance of each CRT result for a proposed battle, with units where they stand now.
 */
export function previewBattle(state: BfmState, defender: string, attackers: readonly string[]): CombatPreview {
  const b = bfmEngine().board(state);
  const units = [defender, ...attackers];
  for (const u of units) {
    if (!state.units[u]) throw new RuleError('Combat', `there is no unit "${u}"`);
    if (state.units[u]!.hex === null) throw new RuleError('Combat', `${b.name(u)} is not on the map`);
  }
  if (attackers.length === 0) throw new RuleError('Combat', 'a battle needs at least one attacking unit');
  if (attackers.some((a) => b.sideOf(a) === b.sideOf(defender)))
    throw new RuleError('Combat', 'attackers and defender must be on opposite sides');
  return previewOdds(battleOdds(b, defender, attackers));
}

export { BfmMap, Board } from './board.js';
export { CRT, type CrtResult, crtResult, type OddsColumn } from './data/crt.js';
export { TERRAIN } from './data/terrain.js';
export { LAST_TURN, TURNS, turnSpec } from './data/turns.js';
export { UNITS, type UnitSpec, unitSpec } from './data/units.js';
export { type BfmEngine, createBfmEngine } from './engine.js';
export type { Destination } from './movement.js';
export { battleOdds, type CombatPreview, describeOdds, type OddsReport } from './odds.js';
export { type Position, positionSchema } from './position.js';
export { RULE } from './rules.js';
export { bfmScene, SIDE_COLOURS } from './scene.js';
export {
  type BfmAction,
  type BfmOptions,
  type BfmState,
  bfmActionSchema,
  bfmOptionsSchema,
  PHASE_NAMES,
  PHASES,
  type Phase,
  phaseSide,
} from './state.js';
