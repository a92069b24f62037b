import { UserError } from '../contracts/errors.js';
import type { GameEvent } from '../games/engine.js';
import type { GameDef } from '../games/game-def.js';
import type { DiceSeed } from '../kernel/dice.js';
import type { ActionRecord } from '../store/game-document.js';

/**
 * Setting a game up from its seed and replaying its orders: the one place it is done, for
 * undo, import, the session's checks and `npm run verify` alike. Engines are deterministic,
 * so the same definition (the same charts), options, seed, reseeds and orders give the same game.
 */

/** Stored exactly as it will load again: JSON, without undefined fields. */
export function toJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

/** The state at the start of a game; a refusal of the options is the player's to read (RuleError is a UserError). */
export function setupState(def: GameDef, options: Record<string, unknown>, seed: DiceSeed): unknown {
  const engineOptions = def.setupOptions ? def.setupOptions(options, seed) : { ...options, seed };
  return toJson(def.engine.setup(engineOptions));
}

/** Fresh dice put into a state through the game's own hook (`GameDef.reseed`). */
export function reseedState(def: GameDef, state: unknown, seed: DiceSeed): unknown {
  if (!def.reseed) throw new UserError(`${def.name} cannot take new dice in the middle of a game.`);
  return toJson(def.reseed(state, seed));
}

/** A reseed as replay needs it: from which version, and the secret (absent while it is still secret). */
export interface ReplayReseed {
  atVersion: number;
  seed?: DiceSeed | undefined;
}

export interface ReplayOptions {
  /** Sees each order's events as they are rolled (verify compares them with the log). */
  step?: (record: ActionRecord, events: GameEvent[]) => void;
  /**
   * New dice during the game: each goes in just before the first order whose version is
   * above its `atVersion`, or at the end when no such order follows (a game just imported,
   * or one whose orders since were all taken back), so the state always holds the newest dice.
   */
  reseeds?: readonly ReplayReseed[] | undefined;
}

/**
 * The state reached from the seed through these orders. An order the rules refuse is
 * reported with its number and version.
 */
export function replay(
  def: GameDef,
  options: Record<string, unknown>,
  seed: DiceSeed,
  actions: readonly ActionRecord[],
  more: ReplayOptions = {},
): unknown {
  let state = setupState(def, options, seed);
  const pending = [...(more.reseeds ?? [])];
  const reseedUpTo = (version: number) => {
    while (pending.length && pending[0]!.atVersion < version) {
      const next = pending.shift()!;
      if (next.seed === undefined) throw new UserError(`the dice secret from version ${next.atVersion} on is not revealed`);
      state = reseedState(def, state, next.seed);
    }
  };
  for (const [i, record] of actions.entries()) {
    reseedUpTo(record.version);
    let applied: ReturnType<GameDef['engine']['apply']>;
    try {
      applied = def.engine.apply(state, record.action);
    } catch (err) {
      if (err instanceof UserError) throw new UserError(`order #${i + 1} (version ${record.version}) is refused: ${err.message}`);
      throw err;
    }
    state = toJson(applied.state);
    more.step?.(record, applied.events);
  }
  reseedUpTo(Number.POSITIVE_INFINITY);
  return state;
}
