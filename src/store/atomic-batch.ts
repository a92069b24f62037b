import type Keyv from 'keyv';

/**
 * Several keys written in one step, on a condition: the store either takes every write of a
 * batch or none. A game's record, its log, its server listing and its channel pointer change
 * together, and a save made from a game as it was loaded is refused once another process has
 * saved it since (compare-and-set), so two processes never both apply an order.
 *
 * Values are written in Keyv's own format (its serializer, its key prefix), so `keyv.get`
 * reads them like any other. Sets (the open ballots, a server's games) are Redis sets on
 * Redis, one row per member on SQLite.
 */
export interface Batch {
  /** Each key's stamp (see `stampOf`) must be this (null: absent, or a value without a stamp) for the batch to apply. */
  expect?: Record<string, string | null>;
  set?: { key: string; value: unknown; ttlMs?: number }[];
  delete?: string[];
  add?: { set: string; member: string }[];
  remove?: { set: string; member: string }[];
}

export interface AtomicBackend {
  /** True when written; false when a condition did not hold (nothing written). */
  commit(batch: Batch): Promise<boolean>;
  /** The members of a set. */
  members(set: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Most batches written in one SQLite transaction. */
const GROUP_MAX = 64;

/** Longest string value that is its own stamp (a channel pointer holds a game id). */
const SHORT = 64;

/**
 * What a condition compares: the `stamp` of an object value, a short string value itself, the
 * word `legacy` for a long string (a game stored whole, before the log was kept apart), the
 * length and last item of a list that only grows (a server's games), null when there is no value.
 */
export function stampOf(value: unknown): string | null {
  if (typeof value === 'string') return value.length <= SHORT ? value : 'legacy';
  if (Array.isArray(value)) return `list:${value.length}:${value.length ? String(value.at(-1)) : ''}`;
  if (value && typeof value === 'object' && 'stamp' in value && typeof value.stamp === 'string') return value.stamp;
  return null;
}

export function atomicBackend(keyv: Keyv): AtomicBackend {
  const store = keyv.store as { opts?: { dialect?: string; connect?: () => Promise<SqliteConnection> }; getClient?: unknown };
  if (typeof store.getClient === 'function') return new RedisBatches(keyv);
  if (store.opts?.dialect === 'sqlite' && store.opts.connect) return new SqliteBatches(keyv, store.opts.connect);
  return new MemoryBatches(keyv);
}

function prefixed(keyv: Keyv, key: string): string {
  return keyv.namespace ? `${keyv.namespace}:${key}` : key;
}

async function serialized(keyv: Keyv, value: unknown, ttlMs: number | undefined): Promise<string> {
  const expires = ttlMs ? Date.now() + ttlMs : undefined;
  const serialize = keyv.serialize ?? JSON.stringify;
  return String(await serialize({ value, ...(expires ? { expires } : {}) } as never));
}

/** A connection as @keyv/sqlite opens them (its own `connect`, with its busy timeout): `query` runs one statement. */
interface SqliteConnection {
  query(sql: string, ...params: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * Switches the file to write-ahead logging. The switch needs the file to itself, and SQLite
 * answers SQLITE_BUSY at once (no busy wait) while another connection, Keyv's own opening at
 * the same moment, reads it: try a few times, then go on in the file's current mode (WAL is
 * about speed, not correctness, and the next process to open the file switches it).
 */
async function toWal(db: SqliteConnection): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      await db.query('PRAGMA journal_mode=WAL');
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      await new Promise((r) => setTimeout(r, 25 * (attempt + 1)));
    }
  }
}

/**
 * SQLite: one IMMEDIATE transaction on a connection of its own (a transaction on the shared
 * one would take in whatever else runs meanwhile), one batch at a time in this process.
 */
class SqliteBatches implements AtomicBackend {
  private db: Promise<SqliteConnection> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly waiting: { batch: Batch; resolve: (ok: boolean) => void; reject: (err: unknown) => void }[] = [];

  constructor(
    private readonly keyv: Keyv,
    private readonly connect: () => Promise<SqliteConnection>,
  ) {}

  private connection(): Promise<SqliteConnection> {
    if (!this.db) {
      const opening = this.connect().then(async (db) => {
        await db.query('CREATE TABLE IF NOT EXISTS keyv(key VARCHAR(255) PRIMARY KEY, value TEXT )');
        // Write-ahead log: a commit is one append and one sync (still durable), and readers
        // (Keyv's connection, other processes) do not wait for writers.
        await toWal(db);
        return db;
      });
      // A failed connection is tried afresh next time.
      opening.catch(() => {
        if (this.db === opening) this.db = undefined;
      });
      this.db = opening;
    }
    return this.db;
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Batches waiting meanwhile are written in one transaction (one sync of the file for all of
   * them: group commit), each inside a savepoint, so a batch whose condition fails or whose
   * write is refused changes nothing and leaves the others as they are.
   */
  commit(batch: Batch): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ batch, resolve, reject });
      if (this.waiting.length === 1) void this.serially(() => this.flush());
    });
  }

  private async flush(): Promise<void> {
    const group = this.waiting.splice(0, GROUP_MAX);
    if (this.waiting.length) void this.serially(() => this.flush());
    if (!group.length) return;
    let db: SqliteConnection;
    try {
      db = await this.connection();
      await db.query('BEGIN IMMEDIATE');
    } catch (err) {
      for (const g of group) g.reject(err);
      return;
    }
    const outcomes: ({ ok: boolean } | { error: unknown })[] = [];
    for (const g of group) {
      try {
        await db.query('SAVEPOINT batch');
        const ok = await this.apply(db, g.batch);
        await db.query(ok ? 'RELEASE batch' : 'ROLLBACK TO batch');
        if (!ok) await db.query('RELEASE batch');
        outcomes.push({ ok });
      } catch (error) {
        await db.query('ROLLBACK TO batch').catch(() => undefined);
        await db.query('RELEASE batch').catch(() => undefined);
        outcomes.push({ error });
      }
    }
    try {
      await db.query('COMMIT');
    } catch (err) {
      await db.query('ROLLBACK').catch(() => undefined);
      for (const g of group) g.reject(err);
      return;
    }
    group.forEach((g, i) => {
      const outcome = outcomes[i]!;
      if ('error' in outcome) g.reject(outcome.error);
      else g.resolve(outcome.ok);
    });
  }

  /** One batch inside the open transaction: false (nothing written) when a condition fails. */
  private async apply(db: SqliteConnection, batch: Batch): Promise<boolean> {
    const expect = Object.entries(batch.expect ?? {});
    if (expect.length) {
      const keys = expect.map(([key]) => prefixed(this.keyv, key));
      const rows = await db.query('SELECT key, value FROM keyv WHERE key IN (SELECT value FROM json_each(?))', JSON.stringify(keys));
      const found = new Map(rows.map((r) => [String(r.key), r.value]));
      for (const [i, [, stamp]] of expect.entries()) if (stampOf(await this.decode(found.get(keys[i]!))) !== stamp) return false;
    }
    const member = await serialized(this.keyv, true, undefined);
    const rows: [string, string][] = [
      ...(await Promise.all(
        (batch.set ?? []).map(async (s) => [prefixed(this.keyv, s.key), await serialized(this.keyv, s.value, s.ttlMs)] as [string, string]),
      )),
      ...(batch.add ?? []).map((a) => [prefixed(this.keyv, `${a.set}:${a.member}`), member] as [string, string]),
    ];
    if (rows.length)
      await db.query(
        `INSERT INTO keyv (key, value) VALUES ${rows.map(() => '(?, ?)').join(', ')} ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
        ...rows.flat(),
      );
    const gone = [...(batch.delete ?? []), ...(batch.remove ?? []).map((r) => `${r.set}:${r.member}`)].map((k) => prefixed(this.keyv, k));
    if (gone.length) await db.query('DELETE FROM keyv WHERE key IN (SELECT value FROM json_each(?))', JSON.stringify(gone));
    return true;
  }

  async members(set: string): Promise<string[]> {
    const db = await this.connection();
    const prefix = prefixed(this.keyv, `${set}:`);
    const rows = await db.query('SELECT key FROM keyv WHERE substr(key, 1, ?) = ?', prefix.length, prefix);
    return rows.map((r) => String(r.key).slice(prefix.length));
  }

  private async decode(raw: unknown): Promise<unknown> {
    if (typeof raw !== 'string') return undefined;
    try {
      const data = (await this.keyv.deserialize?.(raw)) as { value?: unknown; expires?: number } | undefined;
      if (data?.expires && data.expires < Date.now()) return undefined;
      return data?.value;
    } catch {
      return undefined;
    }
  }

  async close(): Promise<void> {
    const db = await this.db?.catch(() => undefined);
    await db?.close().catch(() => undefined);
  }
}

/**
 * Redis: one Lua script, which Redis runs whole with nothing in between. Stamps are read
 * from Keyv's JSON ({"value": {...,"stamp": ...}}) with cjson.
 */
const SCRIPT = `
local spec = cjson.decode(ARGV[1])
for _, e in ipairs(spec.e) do
  local raw = redis.call('GET', KEYS[e[1]])
  local stamp = false
  if raw then
    local ok, data = pcall(cjson.decode, raw)
    if ok and type(data) == 'table' then
      local v = data.value
      if type(v) == 'string' then
        if #v <= ${SHORT} then stamp = v else stamp = 'legacy' end
      elseif type(v) == 'table' and type(v.stamp) == 'string' then
        stamp = v.stamp
      elseif type(v) == 'table' and (#v > 0 or next(v) == nil) then
        local last = v[#v]
        if last == nil then last = '' end
        stamp = 'list:' .. #v .. ':' .. tostring(last)
      end
    end
  end
  if stamp ~= e[2] then return 0 end
end
for _, s in ipairs(spec.s) do
  if s[3] > 0 then redis.call('SET', KEYS[s[1]], s[2], 'PX', s[3]) else redis.call('SET', KEYS[s[1]], s[2]) end
end
for _, k in ipairs(spec.d) do redis.call('DEL', KEYS[k]) end
for _, a in ipairs(spec.a) do redis.call('SADD', KEYS[a[1]], a[2]) end
for _, r in ipairs(spec.r) do redis.call('SREM', KEYS[r[1]], r[2]) end
return 1
`;

interface RedisClient {
  sendCommand(args: string[]): Promise<unknown>;
}

class RedisBatches implements AtomicBackend {
  constructor(private readonly keyv: Keyv) {}

  private redisKey(key: string): string {
    const store = this.keyv.store as { createKeyPrefix(key: string, namespace?: string): string; namespace?: string };
    return store.createKeyPrefix(prefixed(this.keyv, key), store.namespace);
  }

  private client(): Promise<RedisClient> {
    return (this.keyv.store as { getClient(): Promise<RedisClient> }).getClient();
  }

  async commit(batch: Batch): Promise<boolean> {
    const keys: string[] = [];
    const at = (key: string) => keys.push(this.redisKey(key));
    const spec = {
      e: Object.entries(batch.expect ?? {}).map(([k, stamp]) => [at(k), stamp ?? false]),
      s: await Promise.all((batch.set ?? []).map(async (s) => [at(s.key), await serialized(this.keyv, s.value, s.ttlMs), s.ttlMs ?? 0])),
      d: (batch.delete ?? []).map(at),
      a: (batch.add ?? []).map((a) => [at(a.set), a.member]),
      r: (batch.remove ?? []).map((r) => [at(r.set), r.member]),
    };
    // cjson reads [] as an empty table either way; an empty object would be wrong only for a map.
    const client = await this.client();
    const result = await client.sendCommand(['EVAL', SCRIPT, String(keys.length), ...keys, JSON.stringify(spec)]);
    return Number(result) === 1;
  }

  async members(set: string): Promise<string[]> {
    const client = await this.client();
    const result = await client.sendCommand(['SMEMBERS', this.redisKey(set)]);
    return Array.isArray(result) ? result.map(String) : [];
  }

  async close(): Promise<void> {}
}

/** Any other Keyv store (an in-memory one in a test): one process, so a queue is enough. */
class MemoryBatches implements AtomicBackend {
  private queue: Promise<unknown> = Promise.resolve();
  constructor(private readonly keyv: Keyv) {}

  commit(batch: Batch): Promise<boolean> {
    const task = async () => {
      for (const [key, stamp] of Object.entries(batch.expect ?? {})) if (stampOf(await this.keyv.get(key)) !== stamp) return false;
      for (const s of batch.set ?? []) await this.keyv.set(s.key, s.value, s.ttlMs);
      for (const key of batch.delete ?? []) await this.keyv.delete(key);
      for (const a of batch.add ?? []) await this.keyv.set(`${a.set}:${a.member}`, true);
      for (const r of batch.remove ?? []) await this.keyv.delete(`${r.set}:${r.member}`);
      return true;
    };
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  async members(): Promise<string[]> {
    throw new Error('sets need a SQLite or Redis store');
  }

  async close(): Promise<void> {}
}
