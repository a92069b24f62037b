import { UserError } from '../contracts/errors.js';
import type { GameDocument } from '../store/game-document.js';

/** A button or order meant for an earlier version of the game: refused, with the game as it is now. */
export class StaleChoiceError extends UserError {
  constructor(
    readonly current: GameDocument | undefined,
    detail: string,
  ) {
    super(`This choice is gone: ${detail}`);
    this.name = 'StaleChoiceError';
  }
}
