import { randomBytes } from 'node:crypto';
import type Keyv from 'keyv';
import { z } from 'zod';
import { UserError } from '../contracts/errors.js';
import { issuesText } from '../contracts/text.js';
import { type AtomicBackend, atomicBackend, type Batch, stampOf } from './atomic-batch.js';
import { DocumentCache } from './document-cache.js';
import {
  type ActionRecord,
  type GameDocument,
  gameDocumentSchema,
  gameIdSchema,
  gameModes,
  gameStatuses,
  type LogLine,
} from './game-document.js';
import { KeyedLock } from './keyed-lock.js';
import { createKeyv, type StoreConfig, storeConfigFromEnv } from './keyv-factory.js';
import { packDocument, unpackDocument } from './packed-document.js';
import {
  actionChunkSchema,
  chunkCount,
  chunkKey,
  chunkOf,
  chunkRecordSchema,
  eventChunkSchema,
  type GameHead,
  headRecordSchema,
  joinDocument,
  LOG_CHUNK,
  logShapeSchema,
  migrateDocument,
  NewerGameError,
  priorSchema,
  STORED_FORMAT,
  splitDocument,
} from './stored-format.js';

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
/** A key nothing is stored under: reading it tells whether the store answers. */
const READY_PROBE_KEY = 'ready-probe';

export const gameSummarySchema = z.object({
  id: gameIdSchema,
  channelId: z.string().min(1),
  guildId: z.string().min(1).optional(),
  game: z.string().min(1),
  mode: z.enum(gameModes),
  status: z.enum(gameStatuses),
  version: z.number().int().nonnegative(),
  createdBy: z.string().min(1),
  outcome: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** What /game list and the export autocomplete show of a game, kept apart so listing reads no game. */
export type GameSummary = z.infer<typeof gameSummarySchema>;

const headSchema = gameDocumentSchema.omit({ actions: true, events: true }).extend({ log: logShapeSchema, prior: priorSchema.optional() });

export interface GameStoreOptions {
  /** Finished, ended and set-aside games are deleted this long after they stop (ms); 0 or absent keeps them. */
  expireFinishedMs?: number;
}

/** What a loaded game was loaded from, so its save writes only what changed, on the condition that nothing else did. */
interface Basis {
  stamp: string | null;
  /** Entries of the log as stored; -1: stored whole (format 1), rewrite it all. */
  actions: number;
  events: number;
  prior?: GameHead['prior'];
}

export interface SaveOptions {
  /** The game as loaded (its stored stamp and log): the save is refused if it changed since. */
  base?: GameDocument;
  /** The state before the order just saved (undo goes back to it without replaying); null forgets the one kept. */
  prior?: GameHead['prior'] | null;
  /** More writes of the same step (closing the game's ballot, a batch of orders' progress), with their own conditions. */
  also?: Pick<Batch, 'delete' | 'remove' | 'set' | 'expect'>;
}

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
    let parsed: unknown;
    try {
      parsed = migrateDocument(id, JSON.parse(unpackDocument(packed)));
    } catch (err) {
      if (err instanceof NewerGameError) throw err;
      return this.quarantine(id, raw, 'the record is not valid JSON');
    }
    const head = headSchema.safeParse(parsed);
    if (!head.success) return this.quarantine(id, raw, issuesText(head.error, 'document'));
    if (head.data.id !== id) return this.quarantine(id, raw, `the record says it is game ${head.data.id}`);
    const log = head.data.log;
    const keys = [
      ...Array.from({ length: chunkCount(log.actions) }, (_, i) => chunkKey(id, 'a', i)),
      ...Array.from({ length: chunkCount(log.events) }, (_, i) => chunkKey(id, 'e', i)),
    ];
    const chunks: unknown[] = keys.length ? await this.io(() => this.keyv.get(keys)) : [];
    // The same stamp after the log was read: no save came in between, so head and log belong together.
    const again: unknown = await this.io(() => this.keyv.get(gameKey(id)));
    if (stampOf(again) !== stamp) return 'moved';
    const actions: ActionRecord[] = [];
    const events: LogLine[] = [];
    for (const [i, chunk] of chunks.entries()) {
      const isAction = i < chunkCount(log.actions);
      const wrapped = chunkRecordSchema.safeParse(chunk);
      if (!wrapped.success) return this.quarantine(id, raw, `its log chunk ${keys[i]} is missing or damaged`);
      let entries: unknown;
      try {
        entries = JSON.parse(unpackDocument(wrapped.data.packed));
      } catch {
        return this.quarantine(id, raw, `its log chunk ${keys[i]} is not valid JSON`);
      }
      const checked = (isAction ? actionChunkSchema : eventChunkSchema).safeParse(entries);
      if (!checked.success) return this.quarantine(id, raw, issuesText(checked.error, keys[i]!));
      if (isAction) actions.push(...(checked.data as ActionRecord[]));
      else events.push(...(checked.data as LogLine[]));
    }
    if (actions.length < log.actions || events.length < log.events)
      return this.quarantine(id, raw, 'its log is shorter than its record says');
    const doc = joinDocument(head.data as GameHead, actions.slice(0, log.actions), events.slice(0, log.events));
    this.remember(doc, { stamp, actions: log.actions, events: log.events, ...(head.data.prior ? { prior: head.data.prior } : {}) });
    return doc;
  }

  /** A game stored whole (format 1, before the log was kept apart), plain or packed JSON. */
  private async readWhole(id: string, raw: string): Promise<GameDocument> {
    let parsed: unknown;
    try {
      parsed = migrateDocument(id, JSON.parse(unpackDocument(raw)));
    } catch (err) {
      if (err instanceof NewerGameError) throw err;
      return this.quarantine(id, raw, 'the record is not valid JSON');
    }
    const result = gameDocumentSchema.safeParse(parsed);
    if (!result.success) return this.quarantine(id, raw, issuesText(result.error, 'document'));
    if (result.data.id !== id) return this.quarantine(id, raw, `the record says it is game ${result.data.id}`);
    this.basis.set(result.data, { stamp: stampOf(raw), actions: -1, events: -1 });
    return result.data;
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
    const write = this.writes(doc, options.base, basis, prior);
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
    const write = this.writes(doc, undefined, undefined, undefined);
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

  /** The keys a save writes: the head with a new stamp, the summary, the log chunks that changed (all of them when the game has stopped and will expire). */
  private writes(
    doc: GameDocument,
    base: GameDocument | undefined,
    basis: Basis | undefined,
    prior: GameHead['prior'],
  ): { batch: Batch; stamp: string } {
    const head = headSchema.parse(splitDocument(doc, prior));
    const stopped = doc.status !== 'active';
    const ttlMs = stopped && this.expireMs > 0 ? this.expireMs : undefined;
    const whole = !base || !basis || basis.actions < 0 || ttlMs !== undefined;
    const fromA = whole ? 0 : firstChange(base.actions, doc.actions, basis.actions);
    const fromE = whole ? 0 : firstChange(base.events, doc.events, basis.events);
    actionChunkSchema.element.array().parse(doc.actions.slice(fromA));
    eventChunkSchema.element.array().parse(doc.events.slice(fromE));
    const stamp = newStamp();
    const set: NonNullable<Batch['set']> = [
      {
        key: gameKey(doc.id),
        value: { stamp, format: STORED_FORMAT, packed: packDocument(JSON.stringify(head)) },
        ...(ttlMs ? { ttlMs } : {}),
      },
      { key: summaryKey(doc.id), value: summaryOf(doc), ...(ttlMs ? { ttlMs } : {}) },
    ];
    const del: string[] = [];
    const chunks = (kind: 'a' | 'e', entries: readonly unknown[], from: number, stored: number) => {
      for (let k = Math.floor(from / LOG_CHUNK); k < chunkCount(entries.length); k++)
        set.push({
          key: chunkKey(doc.id, kind, k),
          value: { packed: packDocument(JSON.stringify(chunkOf(entries, k))) },
          ...(ttlMs ? { ttlMs } : {}),
        });
      for (let k = chunkCount(entries.length); k < chunkCount(Math.max(0, stored)); k++) del.push(chunkKey(doc.id, kind, k));
    };
    chunks('a', doc.actions, fromA, basis?.actions ?? 0);
    chunks('e', doc.events, fromE, basis?.events ?? 0);
    return { batch: { set, delete: del }, stamp };
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

/** Where the log first differs from the stored one: appended (the usual), cut back (undo), or anywhere (0). */
function firstChange<T>(before: readonly T[], after: readonly T[], stored: number): number {
  const common = Math.min(stored, after.length);
  if (before.length !== stored) return 0;
  if (common === 0) return 0;
  return before[common - 1] === after[common - 1] ? common : 0;
}

/** The kept undo state stays valid while the orders it was taken at are still in the log. */
function keptPrior(prior: GameHead['prior'], base: GameDocument | undefined, doc: GameDocument): GameHead['prior'] {
  if (!prior || !base) return undefined;
  return prior.actions <= doc.actions.length && doc.actions[prior.actions] === base.actions[prior.actions] ? prior : undefined;
}

function newStamp(): string {
  return randomBytes(9).toString('base64url');
}

export function summaryOf(doc: GameDocument): GameSummary {
  return {
    id: doc.id,
    channelId: doc.channelId,
    ...(doc.guildId ? { guildId: doc.guildId } : {}),
    game: doc.game,
    mode: doc.mode,
    status: doc.status,
    version: doc.version,
    createdBy: doc.createdBy,
    ...(doc.outcome ? { outcome: doc.outcome } : {}),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
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

/**
 * The game was saved by someone else (another process, an order just before) since it was
 * loaded: this change was not written. Nothing the player was told about is lost.
 */
export class GameChangedError extends UserError {
  constructor() {
    super(
      'The game changed while your order was being handled (another order got there first), so yours was not carried out and nothing was changed. Look at the game again (/game status) and give it again if it still applies.',
    );
  }
}

/** A stored game failed validation; it has been moved to `quarantineKey`. */
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

export function summaryKey(id: string): string {
  return `summary:${id}`;
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
  return new GameStore(createKeyv(config), { ...(config.expireFinishedMs ? { expireFinishedMs: config.expireFinishedMs } : {}) });
}

/** The store described by DATA_FILE / KEYV_URL. */
export function gameStoreFromEnv(env: NodeJS.ProcessEnv = process.env): GameStore {
  return createGameStore(storeConfigFromEnv(env));
}
