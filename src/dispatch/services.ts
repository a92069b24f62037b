import type { Reply } from '../contracts/reply.js';
import type { GameRegistry } from '../games/registry.js';
import { GameSessions, type SessionOptions } from '../session/game-sessions.js';
import type { GameStore } from '../store/game-store.js';
import { BallotStore } from '../votes/ballot-store.js';
import { realClock, type VoteClock } from '../votes/clock.js';
import { VoteService } from '../votes/vote-service.js';
import { Limiter, type Limits } from './limits.js';
import { OrderBatches } from './order-batches.js';

/**
 * What every command works with, handed to it in its context (never looked up globally):
 * the installed games, the channels' games, the ballots of vote play and the limits in force.
 */
export interface Services {
  games: GameRegistry;
  sessions: GameSessions;
  votes: VoteService;
  /** Orders given as a batch (`/orders`), and the plans of vote play. */
  batches: OrderBatches;
  /** Rate limits, caps on active games and on free orders (none unless given). */
  limiter: Limiter;
  /**
   * Where `/game import` may fetch an attachment from (origins such as
   * `https://cdn.discordapp.com`); absent: Discord's CDN. Tests point it at the fake Discord.
   */
  attachmentOrigins?: readonly string[];
}

export interface ServiceOptions {
  store: GameStore;
  games: GameRegistry;
  /** Where messages nobody asked for in that moment go (a ballot closing on its deadline): the channel. */
  post?: (channelId: string, reply: Reply) => Promise<unknown>;
  /** Ballot deadlines' clock (tests drive it by hand). */
  clock?: VoteClock;
  sessionOptions?: SessionOptions;
  /** Rate limits and caps; absent: none (the Discord entry point passes the environment's). */
  limits?: Limits;
  /** The rate limits' clock in ms (tests drive it by hand); default the system clock. */
  limitClock?: () => number;
  /** Origins `/game import` fetches attachments from; default Discord's CDN. */
  attachmentOrigins?: readonly string[];
}

export function createServices(options: ServiceOptions): Services {
  const sessions = new GameSessions(options.store, options.games, options.sessionOptions);
  const votes = new VoteService(sessions, new BallotStore(options.store), options.clock ?? realClock, options.post ?? (async () => false));
  const limiter = new Limiter(options.limits ?? {}, options.store, options.limitClock);
  const batches = new OrderBatches(sessions, votes, limiter, options.store);
  votes.usePlans(batches);
  return {
    games: options.games,
    sessions,
    votes,
    batches,
    limiter,
    ...(options.attachmentOrigins ? { attachmentOrigins: options.attachmentOrigins } : {}),
  };
}

/** Stop the ballot timers and release the store. */
export async function closeServices(services: Services): Promise<void> {
  services.votes.stop();
  await services.sessions.store.close();
}
