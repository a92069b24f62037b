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
  resultText,
  type SessionOptions,
  type Where,
} from './game-sessions.js';
export { type Actor, actRefusal, endRefusal, undoRefusal } from './permissions.js';
export { replay, setupState } from './replay.js';
export { currentSecret, hashSeed, newCommittedSecret, newDiceSecret, newGameId, newNonce } from './secrets.js';
