import type Keyv from 'keyv';
import { issuesText } from '../contracts/text.js';
import { type AtomicBackend, atomicBackend, type Batch, stampOf } from './atomic-batch.js';
import { DocumentCache } from './document-cache.js';
import { type GameDocument, gameDocumentSchema, gameIdSchema } from './game-document.js';
import { channelKey, gameKey, guildKey, summaryKey } from './game-keys.js';
import { headSchema, logKeys, parseStored, unpackLog } from './game-records.js';
import { type GameSummary, gameSummarySchema, summaryOf } from './game-summary.js';
import { type Basis, gameWrites, keptPrior } from './game-writes.js';
import { KeyedLock } from './keyed-lock.js';
import { createKeyv, type StoreConfig, storeConfigFromEnv } from './keyv-factory.js';
import { GameChangedError, isProgrammingError, StoreUnavailableError, UnreadableGameError } from './store-errors.js';
import { chunkKey, type GameHead, headRecordSchema, joinDocument, NewerGameError, STORED_FORMAT } from './stored-format.js';
import { tolerateUndecodable, UndecodableRecord } from './undecodable-record.js';

export { channelKey, gameKey, guildKey, summaryKey } from './game-keys.js';
export { type GameSummary, gameSummarySchema, summaryOf } from './game-summary.js';
export { GameChangedError, isProgrammingError, StoreUnavailableError, UnreadableGameError } from './store-errors.js';
export { UndecodableRecord } from './undecodable-record.js';

/** A key nothing is stored under: reading it tells whether the store answers. */
const READY_PROBE_KEY = 'ready-probe';

export interface GameStoreOptions {
  /** Finished, ended and set-aside games are deleted this long after they stop (ms); 0 or absent keeps them. */
  expireFinishedMs?: number;
}

export interface SaveOptions {
  /** The game as loaded (its stored stamp and log): the save is refused if it changed since. */
  base?: GameDocument;
  /** The state before the order just saved (undo goes back to it without replaying); null forgets the one kept. */
  prior?: GameHead['prior'] | null;
  /** More writes of the same step (closing the game's ballot, a batch of orders' progress), with their own conditions. */
  also?: Pick<Batch, 'delete' | 'remove' | 'set' | 'expect'>;
}

/**
 * Games in Keyv. Keys:
 * - `game:<id>`: the game's head (everything but its log, Brotli-packed, with a stamp that
 *   changes on every save); `log:<id>:a:<n>` and `log:<id>:e:<n>`: its orders and log lines
 *   in chunks (see stored-format.ts). A game stored whole by an earlier version is read too;
 * - `summary:<id>`: what /game list shows of a game;
 * - `channel:<channelId>`: the id of the channel's current game (active or last finished);
 * - `guild:<guildId>`: ids of the server's games, newest last (a game outside any server is
 *   listed under `guild:@<channelId>`);
 * - `quarantine:<id>:<time>`: a record that failed validation, kept for inspection.
 * Every change of a game is one conditional batch (atomic-batch.ts): all its keys or none,
 * and only if nobody saved the game since it was loaded.
 */
export class GameStore {
  readonly batches: AtomicBackend;
  private readonly listLock = new KeyedLock();
  private readonly cache = new DocumentCache();
  private readonly basis = new WeakMap<GameDocument, Basis>();
  private readonly expireMs: number;

  constructor(
    readonly keyv: Keyv,
    options: GameStoreOptions = {},
  ) {
    tolerateUndecodable(keyv);
    this.batches = atomicBackend(keyv);
    this.expireMs = options.expireFinishedMs ?? 0;
  }

  /** The game with this id; undefined when there is none; throws UnreadableGameError when damaged, NewerGameError when too new. */
  async load(id: string): Promise<GameDocument | undefined> {
    if (!gameIdSchema.safeParse(id).success) return undefined;
    // A save by another process between reading the head and its log is seen as a changed stamp: read again.
    for (let attempt = 0; ; attempt++) {
      const read = await this.read(id);
      if (read !== 'moved') return read;
      // Saved again and again meanwhile: busy, not damaged. Nothing was changed; the player tries again.
      if (attempt >= 4) throw new GameChangedError();
    }
  }

  private async read(id: string): Promise<GameDocument | undefined | 'moved'> {
    const raw: unknown = await this.io(() => this.keyv.get(gameKey(id)));
    if (raw instanceof UndecodableRecord) return this.quarantine(id, raw.text, `the record could not be decoded (${raw.problem})`);
    if (raw === undefined) {
      this.cache.delete(id);
      return undefined;
    }
    if (typeof raw === 'string') return this.readWhole(id, raw);
    const record = headRecordSchema.safeParse(raw);
    if (!record.success) return this.quarantine(id, raw, `the record is not a game (${issuesText(record.error, 'record')})`);
    const { stamp, format, packed } = record.data;
    if (format > STORED_FORMAT) throw new NewerGameError(id, `stored format ${format}; this version reads up to ${STORED_FORMAT}`);
    const cached = this.cache.get(id, stamp);
    if (cached) return cached;
    const head = parseStored(id, packed, headSchema);
    if ('problem' in head) return this.quarantine(id, raw, head.problem);
    const { log } = head.doc;
    const keys = logKeys(id, log);
    const chunks: unknown[] = keys.length ? await this.io(() => this.keyv.get(keys)) : [];
    // The same stamp after the log was read: no save came in between, so head and log belong together.
    const again: unknown = await this.io(() => this.keyv.get(gameKey(id)));
    if (stampOf(again) !== stamp) return 'moved';
    const entries = unpackLog(keys, chunks, log);
    if ('problem' in entries) return this.quarantine(id, raw, entries.problem);
    const doc = joinDocument(head.doc as GameHead, entries.actions, entries.events);
    this.remember(doc, { stamp, actions: log.actions, events: log.events, ...(head.doc.prior ? { prior: head.doc.prior } : {}) });
    return doc;
  }

  /** A game stored whole (format 1, before the log was kept apart), plain or packed JSON. */
  private async readWhole(id: string, raw: string): Promise<GameDocument> {
    const whole = parseStored(id, raw, gameDocumentSchema);
    if ('problem' in whole) return this.quarantine(id, raw, whole.problem);
    this.basis.set(whole.doc, { stamp: stampOf(raw), actions: -1, events: -1 });
    return whole.doc;
  }

  /** A document changed in memory after loading (a migrated state): saved from it, it is compared with the record `loaded` came from. */
  adopt(loaded: GameDocument, changed: GameDocument): GameDocument {
    const basis = this.basis.get(loaded);
    // Without the kept undo state: it is of the old shape.
    if (basis) this.basis.set(changed, { stamp: basis.stamp, actions: basis.actions, events: basis.events });
    return changed;
  }

  /** The state kept for undo, when it is the one before the last order given by a player (see GameHead.prior). */
  priorOf(doc: GameDocument): GameHead['prior'] | undefined {
    return this.basis.get(doc)?.prior;
  }

  private remember(doc: GameDocument, basis: Basis): void {
    this.basis.set(doc, basis);
    if (basis.stamp) this.cache.set(doc.id, basis.stamp, doc);
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

  /**
   * Validate and write a game in one step. With `base` (the game as loaded) only what changed
   * is written, and only if nobody saved the game since: otherwise GameChangedError, nothing
   * written. Without it (tools, tests) the whole game is written unconditionally.
   */
  async save(doc: GameDocument, options: SaveOptions = {}): Promise<void> {
    const basis = options.base ? this.basis.get(options.base) : undefined;
    if (options.base && !basis) throw new Error(`game ${doc.id} was not loaded through this store`);
    const prior = options.prior === null ? undefined : (options.prior ?? keptPrior(basis?.prior, options.base, doc));
    const write = gameWrites(doc, options.base, basis, prior, this.expireMs);
    const expect = { ...options.also?.expect, ...(basis ? { [gameKey(doc.id)]: basis.stamp } : {}) };
    const batch: Batch = {
      ...write.batch,
      set: [...(write.batch.set ?? []), ...(options.also?.set ?? [])],
      delete: [...(write.batch.delete ?? []), ...(options.also?.delete ?? [])],
      remove: options.also?.remove ?? [],
      ...(Object.keys(expect).length ? { expect } : {}),
    };
    const ok = await this.io(() => this.batches.commit(batch));
    if (!ok) {
      this.cache.delete(doc.id);
      throw new GameChangedError();
    }
    this.remember(doc, { stamp: write.stamp, actions: doc.actions.length, events: doc.events.length, ...(prior ? { prior } : {}) });
  }

  /**
   * Write a new game, list it for its server and make it the channel's current game, in one
   * step. `channelWas`: the channel's game id when it was found free (null: none); when
   * another game took the channel since, nothing is written and GameChangedError is thrown.
   */
  async create(doc: GameDocument, channelWas?: string | null): Promise<void> {
    const listKey = guildKey(doc);
    const write = gameWrites(doc, undefined, undefined, undefined, this.expireMs);
    // One creation at a time per server in this process; another process's is met by the condition on the list.
    await this.listLock.run(listKey, () => this.createListed(doc, listKey, write.batch, channelWas));
    this.remember(doc, { stamp: write.stamp, actions: doc.actions.length, events: doc.events.length });
  }

  private async createListed(doc: GameDocument, listKey: string, write: Batch, channelWas: string | null | undefined): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const list: unknown = await this.io(() => this.keyv.get(listKey));
      const ids = Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
      const batch: Batch = {
        ...write,
        set: [...(write.set ?? []), { key: listKey, value: [...ids, doc.id] }, { key: channelKey(doc.channelId), value: doc.id }],
        expect: {
          [gameKey(doc.id)]: null,
          [listKey]: Array.isArray(list) ? stampOf(list) : null,
          ...(channelWas !== undefined ? { [channelKey(doc.channelId)]: channelWas } : {}),
        },
      };
      if (await this.io(() => this.batches.commit(batch))) return;
      // Another game listed on the server meanwhile: read the list again. The channel taken or the id used: refuse.
      if (
        attempt >= 20 ||
        (await this.exists(doc.id)) ||
        (channelWas !== undefined && ((await this.currentId(doc.channelId)) ?? null) !== channelWas)
      )
        throw new GameChangedError();
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20 * (attempt + 1)));
    }
  }

  /** Summaries of a server's games, newest first (damaged ones are set aside and named in `unreadable`). */
  async listGuild(guildId: string | undefined, channelId: string, limit = 25): Promise<{ games: GameSummary[]; unreadable: string[] }> {
    const ids = (await this.listIds(guildKey({ guildId, channelId }))).slice().reverse().slice(0, limit);
    const found: unknown[] = ids.length ? await this.io(() => this.keyv.get(ids.map(summaryKey))) : [];
    const games: GameSummary[] = [];
    const unreadable: string[] = [];
    for (const [i, id] of ids.entries()) {
      const summary = gameSummarySchema.safeParse(found[i]);
      if (summary.success) {
        games.push(summary.data);
        continue;
      }
      // No summary: a game stored before summaries were kept (read it once), or one that expired.
      try {
        const doc = await this.load(id);
        if (doc) games.push(summaryOf(doc));
      } catch (err) {
        if (err instanceof UnreadableGameError) unreadable.push(id);
        else if (!(err instanceof NewerGameError)) throw err;
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
    await Promise.race([
      Promise.all([this.batches.close(), this.keyv.disconnect()]).catch(() => undefined),
      new Promise((r) => setTimeout(r, 2000).unref()),
    ]);
  }

  private async listIds(key: string): Promise<string[]> {
    const value: unknown = await this.io(() => this.keyv.get(key));
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  }

  /** Set aside a game whose document loads but whose content the game itself rejects. */
  async setAside(doc: GameDocument, problem: string): Promise<never> {
    return this.quarantine(doc.id, JSON.stringify(doc), problem);
  }

  /** Move a damaged record aside (with its log), free its channel, then report it. */
  private async quarantine(id: string, raw: unknown, problem: string): Promise<never> {
    this.cache.delete(id);
    const key = `quarantine:${id}:${new Date().toISOString()}`;
    const chunks = await this.chunkKeys(id);
    await this.io(() =>
      this.batches.commit({
        set: [{ key, value: { key: gameKey(id), raw: raw ?? null, problem }, ...(this.expireMs > 0 ? { ttlMs: this.expireMs } : {}) }],
        delete: [gameKey(id), summaryKey(id), ...chunks],
      }),
    );
    const channelId = channelOf(raw);
    if (channelId && (await this.currentId(channelId)) === id) await this.io(() => this.keyv.delete(channelKey(channelId)));
    throw new UnreadableGameError(id, key, problem);
  }

  /** Log chunk keys a damaged game may have left, found by probing in order. */
  private async chunkKeys(id: string): Promise<string[]> {
    const keys: string[] = [];
    for (const kind of ['a', 'e'] as const)
      for (let k = 0; ; k++) {
        const key = chunkKey(id, kind, k);
        const present = await this.io(() => this.keyv.get(key)).catch(() => undefined);
        if (present === undefined) break;
        keys.push(key);
      }
    return keys;
  }
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
  return new GameStore(createKeyv(config), { ...(config.expireFinishedMs ? { expireFinishedMs: config.expireFinishedMs } : {}) });
}

/** The store described by DATA_FILE / KEYV_URL. */
export function gameStoreFromEnv(env: NodeJS.ProcessEnv = process.env): GameStore {
  return createGameStore(storeConfigFromEnv(env));
}
