import { type GameStore, gameStoreFromEnv } from '../store/game-store.js';
import { GameSessions, type SessionOptions } from './game-sessions.js';

let configured: GameSessions | undefined;

/**
 * Set the store every front end shares. Discord and the console call this at start-up;
 * without it, the first use opens the store described by DATA_FILE / KEYV_URL.
 */
export function configureSessions(store: GameStore, options: SessionOptions = {}): GameSessions {
  configured = new GameSessions(store, options);
  return configured;
}

export function sessions(): GameSessions {
  configured ??= new GameSessions(gameStoreFromEnv());
  return configured;
}

/** Close the shared service's store (at shutdown), or only `which` if it is another one. */
export async function closeSessions(which?: GameSessions): Promise<void> {
  const s = which ?? configured;
  if (s === configured) configured = undefined;
  await s?.store.close();
}

export { StaleChoiceError } from './errors.js';
export { EXPORT_FORMAT, exportDocument, type GameExport, parseExport } from './export-format.js';
export {
  type ActOutcome,
  BOT_ACTION_LIMIT,
  BOT_USER_ID,
  type BotTurn,
  GameSessions,
  type GameView,
  type NewGameRequest,
  replay,
  resultText,
  type SessionOptions,
  type Where,
} from './game-sessions.js';
export { type Actor, actRefusal, endRefusal, undoRefusal } from './permissions.js';
export { hashSeed, newGameId, newSeed } from './secrets.js';
