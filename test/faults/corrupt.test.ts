import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDispatcher } from '../../commands/index.js';
import type { Reply } from '../../src/contracts/reply.js';
import type { Invocation } from '../../src/dispatch/command.js';
import type { Dispatcher } from '../../src/dispatch/dispatch.js';
import { closeServices, createServices, type Services } from '../../src/dispatch/services.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import type { GameSessions } from '../../src/session/index.js';
import type { GameDocument } from '../../src/store/game-document.js';
import { channelKey, createGameStore, type GameStore, gameKey, guildKey } from '../../src/store/game-store.js';
import type { StoreConfig } from '../../src/store/keyv-factory.js';
import { type LocalRedis, redisMissingReason, startLocalRedis } from '../helpers/local-redis.js';
import { tempDataFile } from '../helpers/test-game.js';

/**
 * Damaged stored games, at every layer a record can break: bytes Keyv itself cannot decode
 * (a torn write, garbage), a damaged Brotli packing, a document the schema rejects, a state
 * the game rejects. Each is reported to the player, set aside under `quarantine:` with its
 * raw text, and frees its channel; no crash, and the other channels' games are untouched.
 * Then a SQLite file held by another process: every order is refused clearly, none is
 * acknowledged without being saved, and none reads as "no game here".
 */
const alice = { id: 'u-alice', name: 'Alice' };
let channelCount = 0;
let dispatcher: Dispatcher;

/** The services of the installed games on this store. */
function servicesOn(config: StoreConfig): Services {
  return createServices({ store: createGameStore(config), games: new GameRegistry(INSTALLED_GAMES) });
}

/** Route the commands through these services (each block of tests has its own store); their sessions. */
function use(services: Services): GameSessions {
  dispatcher = createDispatcher(services);
  return services.sessions;
}

async function run(invocation: Omit<Invocation, 'user'> & { user?: Invocation['user'] }): Promise<Reply[]> {
  const replies: Reply[] = [];
  await dispatcher.command({ invocation: { user: alice, ...invocation }, reply: async (r) => void replies.push(r) });
  return replies;
}

/** The text the store keeps under a key, bypassing Keyv's encoding (what a torn write leaves). */
function rawKey(store: GameStore, key: string): string {
  return `${store.keyv.namespace}:${key}`;
}
async function readRaw(store: GameStore, key: string): Promise<string> {
  return String(await store.keyv.store.get(rawKey(store, key)));
}
async function writeRaw(store: GameStore, key: string, text: string): Promise<void> {
  await store.keyv.store.set(rawKey(store, key), text);
}

type Damage = (store: GameStore, doc: GameDocument) => Promise<void>;
const DAMAGES: [string, Damage, RegExp][] = [
  ['garbage bytes', (s, d) => writeRaw(s, gameKey(d.id), 'garbage{\u0000'), /could not be decoded/],
  [
    'a torn write (half a record)',
    async (s, d) => writeRaw(s, gameKey(d.id), (await readRaw(s, gameKey(d.id))).slice(0, 120)),
    /could not be decoded/,
  ],
  ['an empty record', (s, d) => writeRaw(s, gameKey(d.id), ''), /could not be decoded/],
  ['a damaged packing', (s, d) => s.keyv.set(gameKey(d.id), `br1:${'QUJD'.repeat(30)}`).then(() => undefined), /not valid JSON/],
  [
    'a document the schema rejects',
    (s, d) => s.keyv.set(gameKey(d.id), JSON.stringify({ ...d, version: 'many', seedHash: 'x' })).then(() => undefined),
    /version|seedHash/,
  ],
  [
    'a state the game rejects',
    (s, d) => s.save({ ...d, state: { ...(d.state as object), units: 'scattered' } }),
    /battle-for-moscow state is not valid/,
  ],
];

function backends(): [string, () => Promise<{ config: StoreConfig; stop(): Promise<void> }>][] {
  const list: [string, () => Promise<{ config: StoreConfig; stop(): Promise<void> }>][] = [
    ['SQLite', async () => ({ config: { dataFile: tempDataFile() }, stop: async () => undefined })],
  ];
  const missing = redisMissingReason();
  if (missing) console.warn(`Damaged records in Redis not tested: ${missing}.`);
  else
    list.push([
      'Redis',
      async () => {
        const redis: LocalRedis = await startLocalRedis();
        return { config: { keyvUrl: redis.url }, stop: () => redis.stop() };
      },
    ]);
  return list;
}

describe.each(backends())('a damaged stored game in %s', (_name, open) => {
  let services: Services;
  let games: GameSessions;
  let stopBackend: () => Promise<void>;
  beforeAll(async () => {
    const backend = await open();
    stopBackend = backend.stop;
    services = servicesOn(backend.config);
    games = use(services);
  });
  afterAll(async () => {
    await closeServices(services);
    await stopBackend();
  });

  async function started(): Promise<{ channelId: string; doc: GameDocument }> {
    const channelId = `dmg-${++channelCount}`;
    await games.newGame({ channelId }, alice, { game: 'battle-for-moscow', seed: channelCount });
    const swapped = await games.act(channelId, alice, { type: 'setup-swap', a: 'XXIV', b: 'XLI' });
    return { channelId, doc: swapped.doc };
  }

  it.each(DAMAGES)('reports %s, sets it aside, frees the channel and touches no other game', async (_what, damage, problem) => {
    use(services); // the commands use this block's services
    const damaged = await started();
    const intact = await started();
    const intactBefore = await readRaw(games.store, gameKey(intact.doc.id));
    await damage(games.store, damaged.doc);
    const damagedRaw = await readRaw(games.store, gameKey(damaged.doc.id));

    const [report, ...more] = await run({ command: 'game', subcommand: 'status', options: {}, channelId: damaged.channelId });
    expect(more).toEqual([]);
    expect(report!.ephemeral).toBe(true);
    expect(report!.content).toMatch(new RegExp(`stored game ${damaged.doc.id} is damaged`));
    expect(report!.content).toMatch(problem);
    expect(report!.content).not.toMatch(/Something went wrong/);
    const key = /set aside as (quarantine:[a-z0-9]{8}:\S+?Z)/.exec(report!.content)?.[1];
    expect(key).toBeDefined();
    const kept = (await games.store.keyv.get(key!)) as { key: string; raw: unknown; problem: string };
    expect(kept.key).toBe(gameKey(damaged.doc.id));
    expect(kept.problem).toMatch(problem);
    // The record is kept for inspection: the very bytes when Keyv could not decode them.
    if (/decoded/.test(problem.source)) expect(kept.raw).toBe(damagedRaw);
    else expect(typeof kept.raw === 'string' && kept.raw.length > 0).toBe(true);
    expect(await games.store.keyv.get(gameKey(damaged.doc.id))).toBeUndefined();

    // The channel is free: an order finds no game, a new game starts.
    const [order] = await run({ command: 'setup', subcommand: 'swap', options: { a: 'XLI', b: 'XXIV' }, channelId: damaged.channelId });
    expect(order!.ephemeral).toBe(true);
    expect(order!.content).toMatch(/no game in this channel/);
    const [fresh] = await run({
      command: 'game',
      subcommand: 'new',
      options: { game: 'battle-for-moscow', seed: 3 },
      channelId: damaged.channelId,
    });
    expect(fresh!.ephemeral).toBeFalsy();
    expect(fresh!.content).toMatch(/has started/);

    // The other game: byte for byte as it was, and still playable.
    expect(await readRaw(games.store, gameKey(intact.doc.id))).toBe(intactBefore);
    const [next] = await run({ command: 'setup', subcommand: 'swap', options: { a: 'XLI', b: 'XXIV' }, channelId: intact.channelId });
    expect(next!.ephemeral, next!.content).toBeFalsy();
  });

  it('reads a damaged channel pointer or game list as empty, and starts a new game over it', async () => {
    use(services);
    const { channelId } = await started();
    await writeRaw(games.store, channelKey(channelId), '{"value":"abc');
    await writeRaw(games.store, guildKey({ channelId }), '\u0000\u0000');
    const [status] = await run({ command: 'game', subcommand: 'status', options: {}, channelId });
    expect(status!.ephemeral).toBe(true);
    expect(status!.content).toMatch(/no game in this channel/);
    const [fresh] = await run({ command: 'game', subcommand: 'new', options: { game: 'operation-typhoon', seed: 8 }, channelId });
    expect(fresh!.content).toMatch(/has started/);
    const [list] = await run({ command: 'game', subcommand: 'list', options: {}, channelId });
    expect(list!.content).not.toMatch(/Something went wrong/);
  });
});

describe('a SQLite file held by another process', () => {
  let services: Services;
  let games: GameSessions;
  let file: string;
  let db: sqlite3.Database;
  const sql = (statement: string) => new Promise<void>((resolve, reject) => db.run(statement, (err) => (err ? reject(err) : resolve())));
  beforeAll(() => {
    file = tempDataFile();
    services = servicesOn({ dataFile: file, busyTimeoutMs: 100 });
    games = use(services);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => db.close(() => resolve()));
    await closeServices(services);
  });

  it('refuses every order clearly while it cannot write, never acknowledging an unsaved one', async () => {
    const channelId = 'busy-1';
    await run({ command: 'game', subcommand: 'new', options: { game: 'battle-for-moscow', seed: 12 }, channelId });
    const before = await readRaw(games.store, gameKey((await games.require(channelId)).doc.id));
    db = new sqlite3.Database(file);

    // Another process writing (a reserved lock): reads work, writes time out.
    await sql('BEGIN IMMEDIATE');
    const [refused] = await run({ command: 'setup', subcommand: 'swap', options: { a: 'XXIV', b: 'XLI' }, channelId });
    expect(refused!.ephemeral).toBe(true);
    expect(refused!.content).toMatch(/store is not answering.*nothing was changed/);
    await sql('COMMIT');
    const after = (await games.require(channelId)).doc;
    expect(await readRaw(games.store, gameKey(after.id))).toBe(before);

    // Another process holding the file outright: the store keeps a write-ahead log, so reads
    // still see the game as it was saved (never "no game here"), and writes are refused.
    await sql('BEGIN EXCLUSIVE');
    await sql('CREATE TABLE IF NOT EXISTS held (x)'); // takes the exclusive lock now
    const [status] = await run({ command: 'game', subcommand: 'status', options: {}, channelId });
    expect(status!.content).toMatch(/version 0/);
    const held: { command: string; subcommand: string; options: Record<string, string>; channelId: string }[] = [
      { command: 'game', subcommand: 'new', options: { game: 'operation-typhoon' }, channelId: 'busy-2' },
      { command: 'setup', subcommand: 'swap', options: { a: 'XXIV', b: 'XLI' }, channelId },
    ];
    for (const invocation of held) {
      const [answer] = await run(invocation);
      expect(answer!.ephemeral).toBe(true);
      expect(answer!.content, JSON.stringify(invocation)).toMatch(/store is not answering/);
    }
    await sql('ROLLBACK');
    expect(await readRaw(games.store, gameKey(after.id))).toBe(before);

    // Free again: the same order goes through and is stored.
    const [ok] = await run({ command: 'setup', subcommand: 'swap', options: { a: 'XXIV', b: 'XLI' }, channelId });
    expect(ok!.ephemeral, ok!.content).toBeFalsy();
    expect((await games.require(channelId)).doc.version).toBe(1);
  });
});
