import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../src/dispatch/services.js';
import { GameSessions } from '../../src/session/game-sessions.js';
import { createGameStore, GameStore, gameKey, summaryKey } from '../../src/store/game-store.js';
import { createKeyv } from '../../src/store/keyv-factory.js';
import { ManualClock } from '../../src/votes/index.js';
import { alice, bob, tempDataFile, testGames } from '../helpers/test-game.js';

/**
 * Bounded lists and storage: /game list (and the export autocomplete, which reads the same
 * list) reads each game's small summary, never the game; finished, ended and set-aside games
 * expire after the configured time, games in progress never; a ballot whose close fails
 * because the store did not answer is closed again a moment later.
 */
const stores: GameStore[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const s of stores.splice(0)) await s.close();
});

describe('listing and expiry', () => {
  it('lists a server’s games from their summaries without loading a single game', async () => {
    const store = createGameStore({ dataFile: tempDataFile() });
    stores.push(store);
    const s = new GameSessions(store, testGames());
    for (let i = 0; i < 5; i++) {
      const where = { channelId: `list-${i % 2}`, guildId: 'g-list' };
      if (i >= 2) await s.end(where.channelId, alice).catch(() => undefined);
      await s.newGame(where, alice, { game: 'dice-race', seed: i });
    }
    const load = vi.spyOn(store, 'load');
    const listed = await s.list({ channelId: 'list-0', guildId: 'g-list' });
    expect(load).not.toHaveBeenCalled();
    expect(listed.games.map((g) => g.channelId)).toEqual(['list-0', 'list-0', 'list-0']);
    expect(listed.elsewhere).toBe(2);
    expect(listed.games[0]!.status).toBe('active');
    expect(listed.games.slice(1).map((g) => g.status)).toEqual(['ended', 'ended']);
  });

  it('lets finished and ended games expire after the configured time, and keeps games in progress', async () => {
    const file = tempDataFile();
    const store = new GameStore(createKeyv({ dataFile: file }), { expireFinishedMs: 400 });
    stores.push(store);
    const s = new GameSessions(store, testGames());
    const ended = await s.newGame({ channelId: 'e1', guildId: 'g-exp' }, alice, { game: 'dice-race', seed: 1 });
    await s.act('e1', alice, { type: 'step' });
    await s.end('e1', alice);
    const running = await s.newGame({ channelId: 'e2', guildId: 'g-exp' }, alice, { game: 'dice-race', seed: 2 });
    await new Promise((r) => setTimeout(r, 700));
    const later = new GameStore(createKeyv({ dataFile: file }), { expireFinishedMs: 400 });
    stores.push(later);
    expect(await later.load(ended.doc.id)).toBeUndefined();
    expect(await later.keyv.get(summaryKey(ended.doc.id))).toBeUndefined();
    expect((await later.load(running.doc.id))?.status).toBe('active');
    const sessions = new GameSessions(later, testGames());
    expect((await sessions.list({ channelId: 'e2', guildId: 'g-exp' })).games.map((g) => g.id)).toEqual([running.doc.id]);
    // The channel whose game expired is free, and says so.
    await expect(sessions.require('e1')).rejects.toThrow(/no game in this channel/);
    expect((await sessions.newGame({ channelId: 'e1', guildId: 'g-exp' }, alice, { game: 'dice-race' })).doc.status).toBe('active');
  });

  it('lets a set-aside record expire too', async () => {
    const file = tempDataFile();
    const store = new GameStore(createKeyv({ dataFile: file }), { expireFinishedMs: 300 });
    stores.push(store);
    const s = new GameSessions(store, testGames());
    const { doc } = await s.newGame({ channelId: 'q1' }, alice, { game: 'dice-race', seed: 1 });
    await store.keyv.set(gameKey(doc.id), { stamp: 'x', format: 2, packed: 'br1:not-brotli' });
    await expect(s.require('q1')).rejects.toThrow(/set aside as (quarantine:[^;]+)/);
    const rows = (await (store.keyv.store as { query(q: string): Promise<{ key: string }[]> }).query('SELECT key FROM keyv')).map(
      (r) => r.key,
    );
    const quarantined = rows.find((k) => k.includes('quarantine:'))!.replace(/^moscow:/, '');
    expect(await store.keyv.get(quarantined)).toBeDefined();
    await new Promise((r) => setTimeout(r, 500));
    expect(await store.keyv.get(quarantined)).toBeUndefined();
  });
});

describe('a ballot due while the store does not answer', () => {
  it('is closed again a moment later instead of never', async () => {
    const clock = new ManualClock();
    const posts: string[] = [];
    const store = createGameStore({ dataFile: tempDataFile() });
    stores.push(store);
    const services = createServices({ store, games: testGames(), clock, post: async (_c, r) => posts.push(r.content) });
    const started = await services.sessions.newGame({ channelId: 'blip', guildId: 'g' }, alice, {
      game: 'operation-typhoon',
      mode: 'vote',
      seed: 21,
    });
    await services.sessions.join('blip', bob);
    await services.votes.propose('blip', alice, started.prompt.choices[0]!.action);
    // At the deadline the store fails once (a Redis blip, a busy file).
    const get = store.keyv.get.bind(store.keyv);
    let failures = 1;
    store.keyv.get = (async (...args: Parameters<typeof get>) => {
      if (failures > 0 && String(args[0]).startsWith('ballot:')) {
        failures -= 1;
        throw new Error('connection lost');
      }
      return get(...args);
    }) as typeof store.keyv.get;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    clock.advance(121_000);
    await vi.waitFor(() => expect(errors).toHaveBeenCalled());
    expect(posts).toEqual([]);
    clock.advance(1_000);
    await vi.waitFor(() => expect(posts.join('\n')).toMatch(/Ballot closed \(time is up\)[\s\S]*Carried out: #1/), { timeout: 20_000 });
    expect((await services.sessions.require('blip')).doc.version).toBe(started.doc.version + 1);
    services.votes.stop();
  });
});
