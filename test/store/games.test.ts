import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GameSessions } from '../../src/session/index.js';
import {
  channelKey,
  createGameStore,
  type GameDocument,
  GameStore,
  gameKey,
  storeConfigFromEnv,
  UnreadableGameError,
} from '../../src/store/index.js';
import { createKeyv } from '../../src/store/keyv-factory.js';
import { type LocalRedis, redisMissingReason, startLocalRedis } from '../helpers/local-redis.js';
import { alice, openSessions, tempDataFile, testGames } from '../helpers/test-game.js';

const stores: GameStore[] = [];
function store(file = tempDataFile()): GameStore {
  const s = createGameStore({ dataFile: file });
  stores.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

async function quarantineKeys(s: GameStore): Promise<string[]> {
  const keys: string[] = [];
  for await (const [key] of s.keyv.iterator!(undefined)) if (String(key).startsWith('quarantine:')) keys.push(String(key));
  return keys;
}

describe('store configuration', () => {
  it('defaults to a SQLite file and reads DATA_FILE, KEYV_URL and EXPIRE_FINISHED_DAYS', () => {
    const days = 24 * 3600 * 1000;
    expect(storeConfigFromEnv({})).toEqual({ dataFile: undefined, keyvUrl: undefined, expireFinishedMs: 180 * days });
    expect(storeConfigFromEnv({ DATA_FILE: 'x/y.sqlite', KEYV_URL: '' })).toEqual({
      dataFile: 'x/y.sqlite',
      keyvUrl: undefined,
      expireFinishedMs: 180 * days,
    });
    expect(storeConfigFromEnv({ EXPIRE_FINISHED_DAYS: '0' }).expireFinishedMs).toBe(0);
    expect(storeConfigFromEnv({ EXPIRE_FINISHED_DAYS: '7' }).expireFinishedMs).toBe(7 * days);
    expect(() => storeConfigFromEnv({ EXPIRE_FINISHED_DAYS: '-1' })).toThrow(/negative/);
    expect(() => storeConfigFromEnv({ EXPIRE_FINISHED_DAYS: 'soon' })).toThrow(/number of days/);
    expect(storeConfigFromEnv({ KEYV_URL: 'redis://127.0.0.1:6379' }).keyvUrl).toBe('redis://127.0.0.1:6379');
    expect(() => storeConfigFromEnv({ KEYV_URL: 'mysql://nope' })).toThrow(/redis:\/\//);
  });

  it('creates the data folder and keeps values in the file', async () => {
    const file = tempDataFile();
    expect(existsSync(dirname(file))).toBe(false);
    const keyv = createKeyv({ dataFile: file });
    await keyv.set('k', { a: 1 });
    await keyv.disconnect();
    expect(existsSync(file)).toBe(true);
    const again = createKeyv({ dataFile: file });
    expect(await again.get('k')).toEqual({ a: 1 });
    await again.disconnect();
  });
});

describe('stored game documents', () => {
  async function storedGame(file: string): Promise<GameDocument> {
    const s = openSessions(file);
    await s.newGame({ channelId: 'c1', guildId: 'g' }, alice, { game: 'dice-race', seed: 6 });
    const { doc } = await s.act('c1', alice, { type: 'step' });
    await s.store.close();
    return doc;
  }

  it('never writes a document that would not load again', async () => {
    const file = tempDataFile();
    const doc = await storedGame(file);
    const s = store(file);
    await expect(s.save({ ...doc, version: -1 })).rejects.toThrow();
    expect((await s.load(doc.id))?.version).toBe(1);
  });

  it.each([
    ['text that is not JSON', () => '{"schemaVersion": 1, broken'],
    ['a document missing fields', (doc: GameDocument) => JSON.stringify({ ...doc, status: 'paused', seedHash: 'nope' })],
    ['a document claiming another id', (doc: GameDocument) => JSON.stringify({ ...doc, id: 'aaaaaaaa' })],
  ])('quarantines %s with a clear error and frees the channel', async (_what, damage) => {
    const file = tempDataFile();
    const doc = await storedGame(file);
    const s = store(file);
    await s.keyv.set(gameKey(doc.id), damage(doc));

    const err = await s.loadCurrent('c1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnreadableGameError);
    expect((err as Error).message).toMatch(new RegExp(`stored game ${doc.id} is damaged`));
    expect(await s.keyv.get(gameKey(doc.id))).toBeUndefined();
    expect(await s.keyv.get(channelKey('c1'))).toBeUndefined();
    const keys = await quarantineKeys(s);
    expect(keys).toHaveLength(1);
    const kept = (await s.keyv.get(keys[0]!)) as { raw: unknown; problem: string };
    expect(kept.raw).toBe(damage(doc));
    expect(kept.problem.length).toBeGreaterThan(0);
  });

  it('sets aside a game whose state its own game rejects, before the engine sees it', async () => {
    const file = tempDataFile();
    const doc = await storedGame(file);
    const raw = createGameStore({ dataFile: file });
    await raw.save({ ...doc, state: { ...(doc.state as object), at: { german: 'far' } } });
    await raw.close();

    const s = openSessions(file);
    stores.push(s.store);
    await expect(s.act('c1', alice, { type: 'step' })).rejects.toThrow(/damaged.*dice-race state is not valid: at\.german/s);
    expect(await quarantineKeys(s.store)).toHaveLength(1);
    await expect(s.current('c1')).resolves.toBeUndefined();
  });

  it('answers a player clearly about a damaged game, then lets a new game start', async () => {
    const file = tempDataFile();
    const doc = await storedGame(file);
    const raw = createGameStore({ dataFile: file });
    await raw.keyv.set(gameKey(doc.id), JSON.stringify({ ...doc, version: 'many' }));
    await raw.close();

    const s = openSessions(file);
    stores.push(s.store);
    await expect(s.current('c1')).rejects.toThrow(/damaged.*set aside as quarantine:.*free for \/game new/s);
    await expect(s.current('c1')).resolves.toBeUndefined();
    const fresh = await s.newGame({ channelId: 'c1', guildId: 'g' }, alice, { game: 'dice-race' });
    expect(fresh.doc.version).toBe(0);
    const { games, unreadable } = await s.list({ channelId: 'c1', guildId: 'g' });
    expect(games.map((g) => g.id)).toEqual([fresh.doc.id]);
    expect(unreadable).toEqual([]);
  });

  it('lists a channel’s games newest first, and counts but never names the server’s games in other channels', async () => {
    const s = openSessions(tempDataFile());
    stores.push(s.store);
    const a1 = await s.newGame({ channelId: 'a', guildId: 'g1' }, alice, { game: 'dice-race' });
    await s.end('a', alice);
    const a2 = await s.newGame({ channelId: 'a', guildId: 'g1' }, alice, { game: 'dice-race' });
    const hidden = await s.newGame({ channelId: 'private', guildId: 'g1' }, alice, { game: 'dice-race' });
    await s.newGame({ channelId: 'c', guildId: 'g2' }, alice, { game: 'dice-race' });
    const dm = await s.newGame({ channelId: 'dm' }, alice, { game: 'dice-race' });
    const listed = await s.list({ channelId: 'a', guildId: 'g1' });
    expect(listed.games.map((g) => g.id)).toEqual([a2.doc.id, a1.doc.id]);
    expect(listed.elsewhere).toBe(1);
    expect((await s.list({ channelId: 'dm' })).games.map((g) => g.id)).toEqual([dm.doc.id]);
    // A game in another (maybe private) channel of the server cannot be exported from here, and is not confirmed to exist.
    await expect(s.exportGame({ channelId: 'a', guildId: 'g1' }, hidden.doc.id)).rejects.toThrow(
      new RegExp(`^There is no game ${hidden.doc.id} in this channel\\.`),
    );
    await expect(s.exportGame({ channelId: 'a', guildId: 'g1' }, 'zzzzzzzz')).rejects.toThrow(
      /^There is no game zzzzzzzz in this channel\./,
    );
    expect((await s.exportGame({ channelId: 'a', guildId: 'g1' }, a1.doc.id)).doc.id).toBe(a1.doc.id);
  });
});

describe.skipIf(!!redisMissingReason())('Redis store', () => {
  let redis: LocalRedis | undefined;
  afterEach(async () => {
    await redis?.stop();
    redis = undefined;
  });

  it('keeps and reloads a game in Redis', async () => {
    redis = await startLocalRedis();
    const { url, port } = redis;
    const first = new GameStore(createKeyv({ keyvUrl: url, namespace: `t${port}` }));
    const s1 = new GameSessions(first, testGames());
    const created = await s1.newGame({ channelId: 'r' }, alice, { game: 'dice-race', seed: 1 });
    await s1.act('r', alice, { type: 'step' });
    await first.close();
    const second = new GameStore(createKeyv({ keyvUrl: url, namespace: `t${port}` }));
    const s2 = new GameSessions(second, testGames());
    const view = await s2.require('r');
    expect(view.doc.id).toBe(created.doc.id);
    expect(view.doc.version).toBe(1);
    await second.close();
  });
});
