import type { Reply } from '../contracts/reply.js';
import type { GameRegistry } from '../games/registry.js';
import { GameSessions, type SessionOptions } from '../session/game-sessions.js';
import type { GameStore } from '../store/game-store.js';
import { BallotStore } from '../votes/ballot-store.js';
import { realClock, type VoteClock } from '../votes/clock.js';
import { VoteService } from '../votes/vote-service.js';

/**
 * What every command works with, handed to it in its context (never looked up globally):
 * the installed games, the channels' games and the ballots of vote play.
 */
export interface Services {
  games: GameRegistry;
  sessions: GameSessions;
  votes: VoteService;
}

export interface ServiceOptions {
  store: GameStore;
  games: GameRegistry;
  /** Where messages nobody asked for in that moment go (a ballot closing on its deadline): the channel. */
  post?: (channelId: string, reply: Reply) => Promise<unknown>;
  /** Ballot deadlines' clock (tests drive it by hand). */
  clock?: VoteClock;
  sessionOptions?: SessionOptions;
}

export function createServices(options: ServiceOptions): Services {
  const sessions = new GameSessions(options.store, options.games, options.sessionOptions);
  const votes = new VoteService(
    sessions,
    new BallotStore(options.store.keyv),
    options.clock ?? realClock,
    options.post ?? (async () => false),
  );
  return { games: options.games, sessions, votes };
}

/** Stop the ballot timers and release the store. */
export async function closeServices(services: Services): Promise<void> {
  services.votes.stop();
  await services.sessions.store.close();
}
