/**
 * Battle for Moscow (Frank Chadwick, GDW 1986): two players, or one against the bot. The
 * engine is built from the shipped map; `legalActions`, `previewBattle` and `botAction`
 * work on a state alone.
 */
import { loadMap } from '../../maps/game-map.js';
import type { Scene } from '../../render/scene.js';
import { RuleError, type GameEvent } from '../engine.js';
import { botActionOn } from './bot.js';
import { searchActionOn } from './search-bot.js';
import { createBfmEngine, type BfmEngine } from './engine.js';
import { positionState, type Position } from './position.js';
import { bfmScene } from './scene.js';
import { battleOdds, previewOdds, type CombatPreview } from './odds.js';
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
  if (attackers.some((a) => b.sideOf(a) === b.sideOf(defender))) throw new RuleError('Combat', 'attackers and defender must be on opposite sides');
  return previewOdds(battleOdds(b, defender, attackers));
}

export { createBfmEngine, type BfmEngine } from './engine.js';
export { bfmActionSchema, bfmOptionsSchema, PHASES, PHASE_NAMES, phaseSide, type BfmAction, type BfmOptions, type BfmState, type Phase } from './state.js';
export { battleOdds, describeOdds, type CombatPreview, type OddsReport } from './odds.js';
export { type Destination } from './movement.js';
export { Board, BfmMap } from './board.js';
export { UNITS, unitSpec, type UnitSpec } from './data/units.js';
export { CRT, crtResult, type CrtResult, type OddsColumn } from './data/crt.js';
export { TERRAIN } from './data/terrain.js';
export { TURNS, turnSpec, LAST_TURN } from './data/turns.js';
export { RULE } from './rules.js';
export { positionSchema, type Position } from './position.js';
export { bfmScene, SIDE_COLOURS } from './scene.js';
