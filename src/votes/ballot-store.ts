import type Keyv from 'keyv';
import { type Ballot, ballotSchema } from './ballot.js';

const OPEN_KEY = 'ballots:open';
const key = (gameId: string) => `ballot:${gameId}`;

/** Open ballots in the game store's Keyv, with an index of them for resuming after a restart. */
export class BallotStore {
  constructor(private readonly keyv: Keyv) {}

  async load(gameId: string): Promise<Ballot | undefined> {
    const raw: unknown = await this.keyv.get(key(gameId));
    if (raw === undefined) return undefined;
    const parsed = ballotSchema.safeParse(typeof raw === 'string' ? JSON.parse(raw) : raw);
    // A damaged ballot is dropped: the decision is still pending and a new one can open.
    if (!parsed.success) {
      await this.remove(gameId);
      return undefined;
    }
    return parsed.data;
  }

  async save(ballot: Ballot): Promise<void> {
    await this.keyv.set(key(ballot.gameId), JSON.stringify(ballotSchema.parse(ballot)));
    const open = await this.openIds();
    if (!open.includes(ballot.gameId)) await this.keyv.set(OPEN_KEY, [...open, ballot.gameId]);
  }

  async remove(gameId: string): Promise<void> {
    await this.keyv.delete(key(gameId));
    const open = await this.openIds();
    if (open.includes(gameId))
      await this.keyv.set(
        OPEN_KEY,
        open.filter((id) => id !== gameId),
      );
  }

  async openIds(): Promise<string[]> {
    const raw: unknown = await this.keyv.get(OPEN_KEY);
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  }
}
