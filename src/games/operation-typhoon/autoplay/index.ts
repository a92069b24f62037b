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

export { playGame, replay, outcomeOf, ACTIONS_PER_TURN_CAP, type GameRecord, type TurnStats, type Outcome } from './play-game.js';
export type { Policy, Goal } from './policy.js';
export { rushMoscow, seekPockets };
