/**
 * Auto-play for Operation Typhoon: scripted German policies and a runner that plays whole
 * games through the engine, for the balance harness (scripts/balance.ts) and tests.
 */
import type { Scenario } from '../state.js';
import { clenchedFist } from './clenched-fist.js';
import type { Policy } from './policy.js';
import { rushMoscow } from './rush-moscow.js';
import { seekPockets } from './seek-pockets.js';

/** The policies of the historical game (the balance report's table and the benchmark). */
export const POLICIES: Record<string, Policy> = {
  [rushMoscow.name]: rushMoscow,
  [seekPockets.name]: seekPockets,
};

/**
 * The policies measured in each scenario: the Clenched Fist (13.0) has its own German, and
 * the two historical ones play it too, to show what its own plan changes.
 */
export const SCENARIO_POLICIES: Record<Scenario, Record<string, Policy>> = {
  historical: POLICIES,
  'clenched-fist': { [clenchedFist.name]: clenchedFist, ...POLICIES },
};

export { ACTIONS_PER_TURN_CAP, type GameRecord, type Outcome, outcomeOf, playGame, replay, type TurnStats } from './play-game.js';
export type { Goal, Policy } from './policy.js';
export { clenchedFist, rushMoscow, seekPockets };
