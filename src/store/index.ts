export {
  type ActionRecord,
  type GameDocument,
  type GameMode,
  type GameStatus,
  gameDocumentSchema,
  gameIdSchema,
  gameModes,
  gameStatuses,
  type LogLine,
  type Player,
  SCHEMA_VERSION,
} from './game-document.js';
export { channelKey, createGameStore, GameStore, gameKey, gameStoreFromEnv, guildKey, UnreadableGameError } from './game-store.js';
export { KeyedLock } from './keyed-lock.js';
export { createKeyv, DEFAULT_DATA_FILE, describeStore, type StoreConfig, storeConfigFromEnv } from './keyv-factory.js';
