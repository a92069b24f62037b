import type { Batch } from './atomic-batch.js';

/**
 * Where a vote game's open ballot is kept. In the store layer because a game's save may have
 * to close its ballot in the same step (undo, end, leaving vote mode).
 */
export const OPEN_BALLOTS_SET = 'ballots:open-set';
/** The open ballots as one list, as bots before the set kept them: read when resuming, then emptied. */
export const LEGACY_OPEN_BALLOTS_KEY = 'ballots:open';

export function ballotKey(gameId: string): string {
  return `ballot:${gameId}`;
}

/** The writes that drop a game's ballot, for a batch. */
export function dropBallot(gameId: string): Pick<Batch, 'delete' | 'remove'> {
  return { delete: [ballotKey(gameId)], remove: [{ set: OPEN_BALLOTS_SET, member: gameId }] };
}
