import type { Member } from '../contracts/reply.js';
import { GameCaps } from '../session/game-caps.js';
import type { Where } from '../session/game-sessions.js';
import type { GameDocument } from '../store/game-document.js';
import type { GameStore } from '../store/game-store.js';
import { freeOrderRefusal } from './free-orders.js';
import type { Invocation } from './invocation.js';
import { type Rate, rateText, TokenBuckets, waitText } from './rate-limiter.js';

/**
 * What one member, one server and one game may do, against floods and abuse. Every field is
 * optional: absent (or 0) means no limit. The Discord entry point reads them from the
 * environment (src/discord/config.ts) and passes them down; a library caller (a test, the
 * console) passes what it wants, and nothing means no limits.
 */
export interface Limits {
  /** Slash commands and button presses per member (a token bucket: a burst of `count`, then `count` per `seconds`). */
  commands?: Rate;
  /** Games a member starts or imports (a second bucket, on top of `commands`). */
  newGames?: Rate;
  /** Active games a member may have started on one server. */
  gamesPerMember?: number;
  /** Active games one server may have. */
  gamesPerServer?: number;
  /** Members with Manage Channels are not held to `gamesPerMember` (default true). */
  managersExempt?: boolean;
  /** Orders of one kind (and take-backs) a game may have since its last die roll. */
  freeOrders?: number;
}

/** The values the bot runs with unless the environment says otherwise (see .env.example). */
export const DEFAULT_LIMITS = {
  commands: { count: 10, seconds: 10 },
  newGames: { count: 3, seconds: 60 },
  gamesPerMember: 3,
  gamesPerServer: 20,
  managersExempt: true,
  freeOrders: 500,
} as const satisfies Limits;

/** The invocations that create a game: capped, and paced by the `newGames` bucket. */
export function createsGame(invocation: Pick<Invocation, 'command' | 'subcommand'>): boolean {
  return invocation.command === 'game' && (invocation.subcommand === 'new' || invocation.subcommand === 'import');
}

/**
 * The limits in force, with their state: the members' token buckets (in this process: a
 * server's interactions all reach one shard), the caps on active games, the free-order cap.
 * Every check refuses before anything is done, and a refused command takes no token.
 */
export class Limiter {
  private readonly commandBuckets?: TokenBuckets;
  private readonly newGameBuckets?: TokenBuckets;
  readonly caps: GameCaps;

  constructor(
    readonly limits: Limits,
    store: GameStore,
    /** Milliseconds; tests drive it by hand. */
    private readonly now: () => number = Date.now,
  ) {
    if (limits.commands?.count) this.commandBuckets = new TokenBuckets(limits.commands);
    if (limits.newGames?.count) this.newGameBuckets = new TokenBuckets(limits.newGames);
    this.caps = new GameCaps(store, {
      ...(limits.gamesPerMember ? { perMember: limits.gamesPerMember } : {}),
      ...(limits.gamesPerServer ? { perServer: limits.gamesPerServer } : {}),
      managersExempt: limits.managersExempt ?? true,
    });
  }

  /**
   * A command or button press by `member` (`newGame`: one that creates a game): the refusal
   * to show when they are too fast, saying when to try again; otherwise the tokens are taken.
   */
  pace(member: Member, newGame: boolean): string | undefined {
    const now = this.now();
    const waitCommands = this.commandBuckets?.wait(member.id, now) ?? 0;
    const waitGames = newGame ? (this.newGameBuckets?.wait(member.id, now) ?? 0) : 0;
    if (waitGames > 0 && waitGames >= waitCommands) {
      return `You have started games faster than this server allows (${rateText(this.newGameBuckets!.rate)} per member). Try again in ${waitText(waitGames)}; nothing was started.`;
    }
    if (waitCommands > 0) {
      return `You are sending commands faster than this bot takes them (${rateText(this.commandBuckets!.rate)} per member). Try again in ${waitText(waitCommands)}; nothing was changed.`;
    }
    this.commandBuckets?.take(member.id, now);
    if (newGame) this.newGameBuckets?.take(member.id, now);
    return undefined;
  }

  /** Hold a place for a new game under the caps (UserError when full); call the result once it is stored or refused. */
  reserveGame(where: Where, member: Member): Promise<() => void> {
    return this.caps.reserve(where, member);
  }

  /** The free-order cap for an order of `kind` on this game; `words` name the order for the refusal. */
  freeOrder(doc: GameDocument, kind: string, words: string): string | undefined {
    return freeOrderRefusal(doc, kind, this.limits.freeOrders, words);
  }
}
