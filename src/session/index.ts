import { gameStoreFromEnv, type GameStore } from '../store/game-store.js';
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

export { BOT_ACTION_LIMIT, BOT_USER_ID, GameSessions, replay, resultText, type ActOutcome, type BotTurn, type GameView, type NewGameRequest, type SessionOptions, type Where } from './game-sessions.js';
export { StaleChoiceError } from './errors.js';
export { actRefusal, endRefusal, undoRefusal, type Actor } from './permissions.js';
export { hashSeed, newSeed, newGameId } from './secrets.js';
export { exportDocument, parseExport, EXPORT_FORMAT, type GameExport } from './export-format.js';
