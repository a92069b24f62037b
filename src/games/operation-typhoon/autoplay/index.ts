/**
 * Auto-play for Operation Typhoon: scripted German policies and a runner that plays whole
 * games through the engine, for the balance harness (scripts/balance.ts) and tests.
 */
import type { Policy } from './policy.js';
import { rushMoscow } from './rush-moscow.js';
import { seekPockets } from './seek-pockets.js';

export const POLICIES: Record<string, Policy> = {
  [rushMoscow.name]: rushMoscow,
  [seekPockets.name]: seekPockets,
};

export { ACTIONS_PER_TURN_CAP, type GameRecord, type Outcome, outcomeOf, playGame, replay, type TurnStats } from './play-game.js';
export type { Goal, Policy } from './policy.js';
export { rushMoscow, seekPockets };
