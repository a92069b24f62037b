import type { Ballot } from './ballot.js';
import type { VoteClock } from './clock.js';

/**
 * The timers that close ballots at their deadlines, in this process. A close that fails (the
 * store not answering) is tried again, 1 s, 2 s, 4 s... up to a minute apart, until `stop`.
 */
export class BallotDeadlines {
  private readonly timers = new Map<string, () => void>();
  private stopped = false;

  constructor(
    private readonly clock: VoteClock,
    /** Closes the ballot whose time is up and posts the result; a rejection means try again. */
    private readonly due: (ballot: Ballot) => Promise<unknown>,
  ) {}

  arm(ballot: Ballot, atMs = ballot.closesAt, attempt = 0): void {
    this.disarm(ballot.gameId);
    const cancel = this.clock.schedule(atMs, () => {
      this.timers.delete(ballot.gameId);
      void this.due(ballot).catch((err: unknown) => {
        console.error(`closing the ballot of game ${ballot.gameId} failed; trying again`, err);
        if (!this.stopped) this.arm(ballot, this.clock.now() + Math.min(60_000, 1000 * 2 ** attempt), attempt + 1);
      });
    });
    this.timers.set(ballot.gameId, cancel);
  }

  disarm(gameId: string): void {
    this.timers.get(gameId)?.();
    this.timers.delete(gameId);
  }

  /** Stop every timer (shutdown); the ballots stay stored. */
  stop(): void {
    this.stopped = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }
}
