import type { Member, Reply } from '../contracts/reply.js';
import type { GameSessions } from '../session/game-sessions.js';
import type { GameDocument } from '../store/game-document.js';
import type { KeyedLock } from '../store/keyed-lock.js';
import type { Ballot } from './ballot.js';
import type { BallotStore } from './ballot-store.js';
import type { VoteClock } from './clock.js';
import type { CloseReason } from './close-reasons.js';
import type { BallotDeadlines } from './deadlines.js';
import type { PlanRunner } from './plan-action.js';
import type { VoteSettings } from './vote-settings.js';

/** What the parts of vote play share: the games, the stored ballots, time, the per-game lock and the deadlines. */
export interface VoteDesk {
  readonly sessions: GameSessions;
  readonly ballots: BallotStore;
  readonly clock: VoteClock;
  /** Changes to one game's ballot run one at a time. */
  readonly lock: KeyedLock;
  readonly deadlines: BallotDeadlines;
  /** Carries out plans (batches of orders) that win; without it plans cannot be filed. */
  plans?: PlanRunner;
  /**
   * Close a ballot now (its deadline, an early majority, an override); the result to post,
   * undefined when it was already closed. `version`: only the ballot of that decision.
   */
  close(gameId: string, reason: CloseReason, forced?: number, by?: Member, version?: number): Promise<Reply | undefined>;
}

/** The ballot of the game's current decision; a leftover from an earlier version is dropped. */
export async function currentBallot(desk: VoteDesk, doc: GameDocument): Promise<Ballot | undefined> {
  const ballot = await desk.ballots.load(doc.id);
  if (ballot && ballot.version !== doc.version) {
    desk.deadlines.disarm(doc.id);
    await desk.ballots.remove(doc.id);
    return undefined;
  }
  return ballot;
}

/** An empty ballot on the game's current decision, opening `now` (a quick one has the battle's shorter window). */
export function newBallot(doc: GameDocument, settings: VoteSettings, quick: boolean, now: number): Ballot {
  const windowMs = (quick ? settings.quickWindow : settings.window) * 1000;
  return {
    gameId: doc.id,
    channelId: doc.channelId,
    ...(doc.guildId ? { guildId: doc.guildId } : {}),
    version: doc.version,
    opensAt: now,
    closesAt: now + windowMs,
    quick,
    proposals: [],
    votes: {},
    ...(settings.paused ? { pausedLeftMs: windowMs } : {}),
  };
}

/** Store a ballot that was not open before, and start its clock unless voting is paused. */
export async function openBallot(desk: VoteDesk, ballot: Ballot, settings: VoteSettings): Promise<Ballot> {
  const saved = await desk.ballots.save(ballot);
  if (!settings.paused) desk.deadlines.arm(saved);
  return saved;
}
