import { UserError } from '../contracts/errors.js';
import type { GameEvent } from '../games/engine.js';
import type { GameDef } from '../games/game-def.js';
import type { ActionRecord } from '../store/game-document.js';

/**
 * Setting a game up from its seed and replaying its orders: the one place it is done, for
 * undo, import, the session's checks and `npm run verify` alike. Engines are deterministic,
 * so the same definition (the same charts), options, seed and orders give the same game.
 */

/** Stored exactly as it will load again: JSON, without undefined fields. */
export function toJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** The state at the start of a game; a refusal of the options is the player's to read (RuleError is a UserError). */
export function setupState(def: GameDef, options: Record<string, unknown>, seed: number): unknown {
  const engineOptions = def.setupOptions ? def.setupOptions(options, seed) : { ...options, seed };
  return toJson(def.engine.setup(engineOptions));
}

/**
 * The state reached from the seed through these orders. `step` sees each order's events as
 * they are rolled (verify compares them with the log). An order the rules refuse is reported
 * with its number and version.
 */
export function replay(
  def: GameDef,
  options: Record<string, unknown>,
  seed: number,
  actions: readonly ActionRecord[],
  step?: (record: ActionRecord, events: GameEvent[]) => void,
): unknown {
  let state = setupState(def, options, seed);
  for (const [i, record] of actions.entries()) {
    let applied: ReturnType<GameDef['engine']['apply']>;
    try {
      applied = def.engine.apply(state, record.action);
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`order #${i + 1} (version ${record.version}) is refused: ${err.message}`);
      throw err;
    }
    state = toJson(applied.state);
    step?.(record, applied.events);
  }
  return state;
}
