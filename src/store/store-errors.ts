import { UserError } from '../contracts/errors.js';

/** The store did not answer (Redis down, say): nothing was read or written. */
export class StoreUnavailableError extends UserError {
  constructor(cause: unknown) {
    super('The game store is not answering right now, so nothing was changed. Try again in a moment.', { cause });
  }
}

/**
 * Errors of the code rather than of the store: a value that cannot be serialised (TypeError:
 * a BigInt, a cycle), a string too long (RangeError). A store that fails says so otherwise
 * (a connection refused, a closed client, SQLITE_BUSY).
 */
export function isProgrammingError(err: unknown): boolean {
  return err instanceof TypeError || err instanceof RangeError || err instanceof SyntaxError || err instanceof ReferenceError;
}

/**
 * The game was saved by someone else (another process, an order just before) since it was
 * loaded: this change was not written. Nothing the player was told about is lost.
 */
export class GameChangedError extends UserError {
  constructor() {
    super(
      'The game changed while your order was being handled (another order got there first), so yours was not carried out and nothing was changed. Look at the game again (/game status) and give it again if it still applies.',
    );
  }
}

/** A stored game failed validation; it has been moved to `quarantineKey`. */
export class UnreadableGameError extends Error {
  constructor(
    readonly gameId: string,
    readonly quarantineKey: string,
    readonly problem: string,
  ) {
    super(
      `The stored game ${gameId} is damaged and could not be loaded (${problem}). It has been set aside as ${quarantineKey}; nothing else was changed.`,
    );
    this.name = 'UnreadableGameError';
  }
}
