/**
 * What an auto-play policy is: a pure function from the game state to the next German action.
 * Policies see the game only through the engine's public functions, so they play by the
 * same rules as a person at the table.
 */
import type { HexId } from '../../../kernel/hex.js';
import type { TyphoonEngine } from '../engine.js';
import type { TyphoonAction, TyphoonState } from '../state.js';

export interface Policy {
  readonly name: string;
  /** The next action; deterministic (same state, same action). */
  decide(engine: TyphoonEngine, state: TyphoonState): TyphoonAction;
}

/**
 * Where a force is heading: `target`, until every hex of `doneWhen` is German (a waypoint is
 * done when taken; a pincer is done when a hex inside the pocket it aims at has fallen).
 */
export interface Goal {
  target: HexId;
  doneWhen: HexId[];
  /** Plan on today's control (up the corridor already cut) rather than the initial front. */
  onCurrentControl?: boolean;
}
