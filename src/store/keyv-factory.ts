import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import KeyvRedis from '@keyv/redis';
import KeyvSqlite from '@keyv/sqlite';
import Keyv from 'keyv';
import { z } from 'zod';

/** Where games are kept: a SQLite file by default, Redis when a redis:// URL is given. */
export interface StoreConfig {
  /** SQLite file; its folder is created. Default data/games.sqlite. */
  dataFile?: string;
  /** redis://... or rediss://...; takes precedence over dataFile. */
  keyvUrl?: string;
  /** Key prefix, so one Redis can hold several bots. */
  namespace?: string;
  /** SQLite: how long a call waits for a file another process holds before it fails. Default 5000 ms. */
  busyTimeoutMs?: number;
  /** Finished, ended and set-aside games are deleted this long after they stop (ms); 0 or absent keeps them. */
  expireFinishedMs?: number;
}

export const DEFAULT_DATA_FILE = 'data/games.sqlite';
export const DEFAULT_NAMESPACE = 'moscow';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const envSchema = z.object({
  DATA_FILE: z.preprocess(blankToUndefined, z.string().trim().optional()),
  KEYV_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^rediss?:\/\//, 'KEYV_URL must start with redis:// or rediss://')
      .optional(),
  ),
  EXPIRE_FINISHED_DAYS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'EXPIRE_FINISHED_DAYS must be a number of days' })
      .min(0, 'EXPIRE_FINISHED_DAYS cannot be negative')
      .max(36_500)
      .optional(),
  ),
});

/** Finished and set-aside games are kept this many days unless EXPIRE_FINISHED_DAYS says otherwise (0: for ever). */
export const DEFAULT_EXPIRE_FINISHED_DAYS = 180;
const DAY_MS = 24 * 3600 * 1000;

/** Read DATA_FILE, KEYV_URL and EXPIRE_FINISHED_DAYS; a malformed value fails at start-up, not at the first save. */
export function storeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const parsed = envSchema.safeParse({ DATA_FILE: env.DATA_FILE, KEYV_URL: env.KEYV_URL, EXPIRE_FINISHED_DAYS: env.EXPIRE_FINISHED_DAYS });
  if (!parsed.success) throw new Error(parsed.error.issues.map((i) => i.message).join('; '));
  const days = parsed.data.EXPIRE_FINISHED_DAYS ?? DEFAULT_EXPIRE_FINISHED_DAYS;
  return { dataFile: parsed.data.DATA_FILE, keyvUrl: parsed.data.KEYV_URL, expireFinishedMs: Math.round(days * DAY_MS) };
}

export function createKeyv(config: StoreConfig = {}): Keyv {
  const namespace = config.namespace ?? DEFAULT_NAMESPACE;
  if (config.keyvUrl) {
    // While Redis is unreachable, calls fail at once instead of queueing: a queued write could
    // land after the player was told nothing changed. Errors reach the caller (throwOnErrors)
    // rather than reading as "no such game". The client keeps reconnecting in the background.
    const store = new KeyvRedis(
      {
        url: config.keyvUrl,
        disableOfflineQueue: true,
        socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 2000), connectTimeout: 5000 },
      },
      { throwOnErrors: true, throwOnConnectError: true, connectionTimeout: 5000 },
    );
    return new Keyv({ store, namespace, throwOnErrors: true });
  }
  const file = resolve(config.dataFile ?? DEFAULT_DATA_FILE);
  mkdirSync(dirname(file), { recursive: true });
  // Busy timeout: a second process (a script, the console) may hold the file briefly.
  // throwOnErrors: a write that fails (the file still busy, the disk full) must reach the
  // caller; Keyv's default returns false instead, and the player would be told of a move
  // that was never saved, or a failed read would look like "no game in this channel".
  return new Keyv({
    store: new KeyvSqlite({ uri: `sqlite://${file}`, busyTimeout: config.busyTimeoutMs ?? 5000 }),
    namespace,
    throwOnErrors: true,
  });
}

/** A short description for start-up logs, without credentials. */
export function describeStore(config: StoreConfig): string {
  if (config.keyvUrl) {
    const url = new URL(config.keyvUrl);
    return `Redis at ${url.hostname}:${url.port || '6379'}`;
  }
  return `SQLite file ${resolve(config.dataFile ?? DEFAULT_DATA_FILE)}`;
}
