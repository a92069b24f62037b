export { GameStore, UnreadableGameError, createGameStore, gameStoreFromEnv, gameKey, channelKey, guildKey } from './game-store.js';
export { createKeyv, describeStore, storeConfigFromEnv, DEFAULT_DATA_FILE, type StoreConfig } from './keyv-factory.js';
export { KeyedLock } from './keyed-lock.js';
export {
  SCHEMA_VERSION,
  gameDocumentSchema,
  gameIdSchema,
  gameModes,
  gameStatuses,
  type ActionRecord,
  type GameDocument,
  type GameMode,
  type GameStatus,
  type LogLine,
  type Player,
} from './game-document.js';
