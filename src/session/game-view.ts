import type { GameEvent, GameResult, Prompt } from '../games/engine.js';
import type { GameDef } from '../games/registry.js';
import type { GameDocument, GameMode } from '../store/game-document.js';
import type { SaveOptions } from '../store/game-store.js';
import type { BotPlay } from './bot-play.js';
import type { GameWork } from './game-work.js';

/** The shapes the session hands out: a game as it stands, what an order did, where a command came from. */

/** Where a command came from. `guildId` is absent in direct messages and the console. */
export interface Where {
  channelId: string;
  guildId?: string;
}

export interface NewGameRequest {
  game: string;
  mode?: GameMode;
  /** A fixed seed, for tests and replays; it is then public, not secret. */
  seed?: number;
  /** Game-specific options, checked by the game's newOptionsSchema. */
  options?: Record<string, unknown>;
  /** Session settings such as { thread: true }. */
  settings?: Record<string, string | number | boolean>;
}

/** A game as it stands, with what it waits for. */
export interface GameView {
  doc: GameDocument;
  def: GameDef;
  prompt: Prompt<unknown>;
  result?: GameResult;
}

/** What an accepted action did: the saved game, the engine's events and the next prompt. */
export interface ActOutcome extends GameView {
  events: GameEvent[];
  /** What the bot did after it (or at the start), when the game has a bot side and it acted. */
  bot?: BotTurn;
}

/** The bot's actions in one go: how many, and what happened. */
export interface BotTurn {
  actions: number;
  events: GameEvent[];
  /** It stopped at BOT_ACTION_LIMIT with its decision still open. */
  unfinished?: boolean;
}

/**
 * Writes that belong to an order's save (a batch of orders' progress): taken in the same step
 * as the order, on their own conditions, so an order and its record never part.
 */
export type SaveAlso = NonNullable<SaveOptions['also']>;

export interface SessionOptions {
  /** Lets /game import read a file path on this machine: the local console only. */
  allowLocalImport?: boolean;
  /** The clock for timestamps (tests pin it). */
  now?: () => Date;
  /** Where bot turns and import checks run; default the process's game worker threads (see game-work.ts). */
  work?: GameWork;
}

/** "Axis victory. <why>": the winner by the name its game gives the side (its scene's sides). */
export function resultText(def: GameDef, state: unknown, result: GameResult): string {
  const name = def.scene(state).sides?.[result.winner]?.name ?? `${result.winner[0]!.toUpperCase()}${result.winner.slice(1)}`;
  return `${name} victory. ${result.reason}`;
}

/** The bot's part of an outcome, when it acted. */
export function botOutcome(bot: BotPlay): { bot?: BotTurn } {
  if (bot.records.length === 0) return {};
  return { bot: { actions: bot.records.length, events: bot.events, ...(bot.unfinished ? { unfinished: true } : {}) } };
}
