import { randomBytes } from 'node:crypto';
import { UserError } from '../contracts/errors.js';
import { ballotKey, dropBallot, LEGACY_OPEN_BALLOTS_KEY, OPEN_BALLOTS_SET } from '../store/ballot-keys.js';
import type { GameStore } from '../store/game-store.js';
import { type Ballot, ballotSchema } from './ballot.js';

/**
 * Open ballots in the game store, each under its own key with a stamp that changes on every
 * save, and listed in a set (a Redis set; rows on SQLite) for resuming after a restart: a
 * ballot and its listing change in one step, and a save made from a ballot as it was read
 * is refused once another process changed it, so two processes never both close one.
 */
export class BallotStore {
  constructor(private readonly store: GameStore) {}

  async load(gameId: string): Promise<Ballot | undefined> {
    const raw: unknown = await this.store.keyv.get(ballotKey(gameId));
    if (raw === undefined) return undefined;
    let value: unknown = raw;
    try {
      if (typeof raw === 'string') value = { ...JSON.parse(raw), stamp: 'legacy' };
    } catch {
      value = undefined;
    }
    const parsed = ballotSchema.safeParse(value);
    // A damaged ballot is dropped: the decision is still pending and a new one can open.
    if (!parsed.success) {
      await this.store.batches.commit(dropBallot(gameId));
      return undefined;
    }
    return parsed.data;
  }

  /**
   * Write a ballot, on the condition that it is still as it was read (`ballot.stamp`; none:
   * no ballot open). Returns the ballot as stored; a ballot changed meanwhile is a refusal.
   */
  async save(ballot: Ballot): Promise<Ballot> {
    const next = ballotSchema.parse({ ...ballot, stamp: randomBytes(9).toString('base64url') });
    const ok = await this.store.batches.commit({
      expect: { [ballotKey(ballot.gameId)]: ballot.stamp ?? null },
      set: [{ key: ballotKey(ballot.gameId), value: next }],
      add: [{ set: OPEN_BALLOTS_SET, member: ballot.gameId }],
    });
    if (!ok)
      throw new UserError(
        'The ballot changed while this was handled (a vote or proposal got there first); nothing was changed. Try again.',
      );
    return next;
  }

  /** Take the ballot away if it is still as read; true for the one process that did (it alone reports the result). */
  async claim(ballot: Ballot): Promise<boolean> {
    return this.store.batches.commit({ expect: { [ballotKey(ballot.gameId)]: ballot.stamp ?? null }, ...dropBallot(ballot.gameId) });
  }

  /** Put a claimed ballot back (closing it failed): only if no other ballot opened meanwhile. */
  async restore(ballot: Ballot): Promise<boolean> {
    return this.store.batches.commit({
      expect: { [ballotKey(ballot.gameId)]: null },
      set: [{ key: ballotKey(ballot.gameId), value: ballot }],
      add: [{ set: OPEN_BALLOTS_SET, member: ballot.gameId }],
    });
  }

  async remove(gameId: string): Promise<void> {
    await this.store.batches.commit(dropBallot(gameId));
  }

  /** Games with an open ballot: the set, and the single list earlier versions kept (moved into the set as it is read). */
  async openIds(): Promise<string[]> {
    const listed = await this.store.batches.members(OPEN_BALLOTS_SET);
    const legacy: unknown = await this.store.keyv.get(LEGACY_OPEN_BALLOTS_KEY);
    const old = Array.isArray(legacy) ? legacy.filter((x): x is string => typeof x === 'string') : [];
    if (old.length)
      await this.store.batches.commit({
        add: old.map((member) => ({ set: OPEN_BALLOTS_SET, member })),
        delete: [LEGACY_OPEN_BALLOTS_KEY],
      });
    return [...new Set([...listed, ...old])];
  }
}
