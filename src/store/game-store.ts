import type Keyv from 'keyv';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import { type GameDocument, gameDocumentSchema, gameIdSchema } from './game-document.js';
import { KeyedLock } from './keyed-lock.js';
import { createKeyv, type StoreConfig, storeConfigFromEnv } from './keyv-factory.js';
import { packDocument, unpackDocument } from './packed-document.js';

/**
 * Games in Keyv. Keys:
 * - `game:<id>`: the game document (Brotli-packed JSON text, validated on every load);
 * - `channel:<channelId>`: the id of the channel's current game (active or last finished);
 * - `guild:<guildId>`: ids of the server's games, newest last, for `/game list`
 *   (a game outside any server is listed under `guild:@<channelId>`);
 * - `quarantine:<id>:<time>`: a document that failed validation, kept for inspection.
 */
/** A key nothing is stored under: reading it tells whether the store answers. */
const READY_PROBE_KEY = 'ready-probe';

export class GameStore {
  private readonly listLock = new KeyedLock();

  constructor(readonly keyv: Keyv) {
    tolerateUndecodable(keyv);
  }

  /** The game with this id; undefined when there is none; throws UnreadableGameError when damaged. */
  async load(id: string): Promise<GameDocument | undefined> {
    if (!gameIdSchema.safeParse(id).success) return undefined;
    const key = gameKey(id);
    const raw: unknown = await this.io(() => this.keyv.get(key));
    if (raw instanceof UndecodableRecord) return this.quarantine(id, raw.text, `the record could not be decoded (${raw.problem})`);
    if (raw === undefined) return undefined;
    let parsed: unknown;
    try {
      parsed = typeof raw === 'string' ? JSON.parse(unpackDocument(raw)) : raw;
    } catch {
      return this.quarantine(id, raw, 'the record is not valid JSON');
    }
    const result = gameDocumentSchema.safeParse(parsed);
    if (!result.success) return this.quarantine(id, raw, issuesText(result.error, 'document'));
    if (result.data.id !== id) return this.quarantine(id, raw, `the record says it is game ${result.data.id}`);
    return result.data;
  }

  /** The id of the channel's current game, if any. */
  async currentId(channelId: string): Promise<string | undefined> {
    const id: unknown = await this.io(() => this.keyv.get(channelKey(channelId)));
    return typeof id === 'string' && gameIdSchema.safeParse(id).success ? id : undefined;
  }

  async loadCurrent(channelId: string): Promise<GameDocument | undefined> {
    const id = await this.currentId(channelId);
    if (!id) return undefined;
    try {
      return await this.load(id);
    } catch (err) {
      // A damaged game must not hold its channel hostage: free it for a new game.
      if (err instanceof UnreadableGameError && (await this.currentId(channelId)) === id)
        await this.io(() => this.keyv.delete(channelKey(channelId)));
      throw err;
    }
  }

  async exists(id: string): Promise<boolean> {
    return (await this.io(() => this.keyv.get(gameKey(id)))) !== undefined;
  }

  /** Validate and write a game; a document that would not load again is never written. */
  async save(doc: GameDocument): Promise<void> {
    const checked = gameDocumentSchema.parse(doc);
    await this.io(() => this.keyv.set(gameKey(checked.id), packDocument(JSON.stringify(checked))));
  }

  /** Write a new game, list it for its server and make it the channel's current game. */
  async create(doc: GameDocument): Promise<void> {
    await this.save(doc);
    const listKey = guildKey(doc);
    await this.listLock.run(listKey, async () => {
      const ids = await this.listIds(listKey);
      if (!ids.includes(doc.id)) await this.io(() => this.keyv.set(listKey, [...ids, doc.id]));
    });
    // Last: until the channel points at it, the game is invisible, never half-made.
    await this.io(() => this.keyv.set(channelKey(doc.channelId), doc.id));
  }

  /** A server's games, newest first (damaged ones are quarantined and left out). */
  async listGuild(guildId: string | undefined, channelId: string, limit = 25): Promise<{ games: GameDocument[]; unreadable: string[] }> {
    const ids = (await this.listIds(guildKey({ guildId, channelId }))).slice().reverse();
    const games: GameDocument[] = [];
    const unreadable: string[] = [];
    for (const id of ids) {
      if (games.length >= limit) break;
      try {
        const doc = await this.load(id);
        if (doc) games.push(doc);
      } catch (err) {
        if (err instanceof UnreadableGameError) unreadable.push(id);
        else throw err;
      }
    }
    return { games, unreadable };
  }

  /** A store call; a failure of the store itself (Redis down) becomes a clear refusal. */
  private async io<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      // A value that cannot be written (a bug) is not the store being down: it stays itself.
      if (isProgrammingError(err)) throw err;
      throw new StoreUnavailableError(err);
    }
  }

  /**
   * Wait until the store answers (a Redis client is still connecting when the process starts,
   * and refuses calls meanwhile rather than queueing them): the bot takes no order before.
   * Gives up with StoreUnavailableError after `timeoutMs`.
   */
  async waitUntilReady(timeoutMs = 15_000, pollMs = 100): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        await this.io(() => this.keyv.get(READY_PROBE_KEY));
        return;
      } catch (err) {
        if (Date.now() >= deadline) throw err;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    }
  }

  /** Disconnect; a store that does not answer (Redis down) is given up on after 2 s. */
  async close(): Promise<void> {
    await Promise.race([this.keyv.disconnect().catch(() => undefined), new Promise((r) => setTimeout(r, 2000).unref())]);
  }

  private async listIds(key: string): Promise<string[]> {
    const value: unknown = await this.io(() => this.keyv.get(key));
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  /** Set aside a game whose document loads but whose content the game itself rejects. */
  async setAside(doc: GameDocument, problem: string): Promise<never> {
    return this.quarantine(doc.id, JSON.stringify(doc), problem);
  }

  /** Move a damaged record aside and free its channel, then report it. */
  private async quarantine(id: string, raw: unknown, problem: string): Promise<never> {
    const key = `quarantine:${id}:${new Date().toISOString()}`;
    await this.io(() => this.keyv.set(key, { key: gameKey(id), raw: raw ?? null, problem }));
    await this.io(() => this.keyv.delete(gameKey(id)));
    const channelId = channelOf(raw);
    if (channelId && (await this.currentId(channelId)) === id) await this.io(() => this.keyv.delete(channelKey(channelId)));
    throw new UnreadableGameError(id, key, problem);
  }
}

/**
 * A stored value Keyv itself could not decode (a torn write, a damaged file): without this,
 * Keyv's JSON.parse would throw on every read, the store would look down for good and the
 * channel would be held by a game nobody can load. Instead the read gives this marker, a game
 * record is quarantined, and a channel pointer or game list reads as absent.
 */
export class UndecodableRecord {
  constructor(
    readonly text: string,
    readonly problem: string,
  ) {}
}

function tolerateUndecodable(keyv: Keyv): void {
  const decode = keyv.deserialize;
  if (!decode || (decode as { tolerant?: boolean }).tolerant) return;
  const tolerant = async (data: string) => {
    try {
      return await decode(data);
    } catch (err) {
      return { value: new UndecodableRecord(String(data), err instanceof Error ? err.message : String(err)) };
    }
  };
  keyv.deserialize = Object.assign(tolerant, { tolerant: true }) as typeof decode;
}

/** A stored game failed validation; it has been moved to `quarantineKey`. */
/** The store did not answer (Redis down, say): nothing was read or written. */
export class StoreUnavailableError extends UserError {
  constructor(cause: unknown) {
    super('The game store is not answering right now, so nothing was changed. Try again in a moment.', { cause });
  }
}

/**
 * Errors of the code rather than of the store: a value that cannot be serialised (TypeError:
 * a BigInt, a cycle), a string too long (RangeError). A store that fails says so otherwise
 * (a connection refused, a closed client, SQLITE_BUSY).
 */
export function isProgrammingError(err: unknown): boolean {
  return err instanceof TypeError || err instanceof RangeError || err instanceof SyntaxError || err instanceof ReferenceError;
}

export class UnreadableGameError extends Error {
  constructor(
    readonly gameId: string,
    readonly quarantineKey: string,
    readonly problem: string,
  ) {
    super(
      `The stored game ${gameId} is damaged and could not be loaded (${problem}). It has been set aside as ${quarantineKey}; nothing else was changed.`,
    );
    this.name = 'UnreadableGameError';
  }
}

export function gameKey(id: string): string {
  return `game:${id}`;
}

export function channelKey(channelId: string): string {
  return `channel:${channelId}`;
}

export function guildKey(where: { guildId?: string; channelId: string }): string {
  return where.guildId ? `guild:${where.guildId}` : `guild:@${where.channelId}`;
}

/** The channel a damaged record belonged to, if that much can still be read. */
function channelOf(raw: unknown): string | undefined {
  try {
    const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (value && typeof value === 'object' && 'channelId' in value && typeof value.channelId === 'string') return value.channelId;
  } catch {
    // Unparseable: the caller still knows the channel it asked about.
  }
  return undefined;
}

export function createGameStore(config: StoreConfig = {}): GameStore {
  return new GameStore(createKeyv(config));
}

/** The store described by DATA_FILE / KEYV_URL. */
export function gameStoreFromEnv(env: NodeJS.ProcessEnv = process.env): GameStore {
  return createGameStore(storeConfigFromEnv(env));
}
