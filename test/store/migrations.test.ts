import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GameDef } from '../../src/games/game-def.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { GameSessions } from '../../src/session/game-sessions.js';
import { channelKey, createGameStore, type GameStore, gameKey, guildKey } from '../../src/store/game-store.js';
import { packDocument } from '../../src/store/packed-document.js';
import { migrateDocument, NewerGameError } from '../../src/store/stored-format.js';
import { alice, openSessions, type RaceState, raceGame, tempDataFile, testGames } from '../helpers/test-game.js';

/**
 * Stored games survive upgrades: a game stored whole by the bot before its log was kept
 * apart loads and plays on (and is stored in today's layout from its next order); a document
 * or stored format newer than the code is refused clearly and left in place; a document of
 * an older schema version, or a state of an older shape, is migrated before it is checked.
 */
const stores: GameStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

function reopen(file: string, games = testGames()): GameSessions {
  const store = createGameStore({ dataFile: file });
  stores.push(store);
  return new GameSessions(store, games);
}

describe('stored games across upgrades', () => {
  it('loads a game stored whole in the earlier format, plays on and stores it in today’s layout', async () => {
    const file = tempDataFile();
    const first = openSessions(file);
    stores.push(first.store);
    const where = { channelId: 'old', guildId: 'g-old' };
    await first.newGame(where, alice, { game: 'dice-race', seed: 9 });
    await first.act('old', alice, { type: 'step' });
    const before = (await first.require('old')).doc;
    // Exactly what the earlier store wrote: the whole document, packed, under game:<id>, and nothing else of it.
    const keyv = first.store.keyv;
    await keyv.clear();
    await keyv.set(gameKey(before.id), packDocument(JSON.stringify(before)));
    await keyv.set(channelKey('old'), before.id);
    await keyv.set(guildKey(where), [before.id]);

    const later = reopen(file);
    expect((await later.require('old')).doc).toEqual(before);
    expect((await later.list(where)).games.map((g) => g.id)).toEqual([before.id]);
    const moved = await later.act('old', alice, { type: 'step' });
    expect(moved.doc.version).toBe(before.version + 1);
    const record = (await later.store.keyv.get(gameKey(before.id))) as { format: number };
    expect(record.format).toBe(2);
    const again = reopen(file);
    const doc = (await again.require('old')).doc;
    expect(doc.actions).toEqual([...before.actions, moved.doc.actions.at(-1)]);
    expect(doc.events.slice(0, before.events.length)).toEqual(before.events);
    expect((await again.undo('old', alice)).doc.state).toEqual(before.state);
  });

  it('refuses a game saved by a newer version clearly, and leaves it and its channel as they are', async () => {
    const file = tempDataFile();
    const s = openSessions(file);
    stores.push(s.store);
    const { doc } = await s.newGame({ channelId: 'new' }, alice, { game: 'dice-race', seed: 2 });
    const newer = packDocument(JSON.stringify({ ...doc, schemaVersion: 99, somethingNew: true }));
    await s.store.keyv.set(gameKey(doc.id), newer);
    const later = reopen(file);
    await expect(later.require('new')).rejects.toThrow(/saved by a newer version of the bot.*schema version is 99/);
    await expect(later.act('new', alice, { type: 'step' })).rejects.toBeInstanceOf(NewerGameError);
    // Not set aside: the record and the channel's pointer are untouched.
    expect(await later.store.keyv.get(gameKey(doc.id))).toBe(newer);
    expect(await later.store.currentId('new')).toBe(doc.id);
    await expect(later.newGame({ channelId: 'new' }, alice, { game: 'dice-race' })).rejects.toThrow(/newer version/);
  });

  it('refuses a stored format newer than the code the same way', async () => {
    const file = tempDataFile();
    const s = openSessions(file);
    stores.push(s.store);
    const { doc } = await s.newGame({ channelId: 'fmt' }, alice, { game: 'dice-race', seed: 2 });
    const record = (await s.store.keyv.get(gameKey(doc.id))) as Record<string, unknown>;
    await s.store.keyv.set(gameKey(doc.id), { ...record, format: 3 });
    await expect(reopen(file).require('fmt')).rejects.toThrow(/stored format 3; this version reads up to 2/);
    expect(((await s.store.keyv.get(gameKey(doc.id))) as { format: number }).format).toBe(3);
  });

  it('runs document migrations in order before validation', () => {
    const migrations = {
      1: (d: Record<string, unknown>) => ({ ...d, renamed: d.old, old: undefined }),
      2: (d: Record<string, unknown>) => ({ ...d, added: true }),
    };
    expect(migrateDocument('abcdefgh', { schemaVersion: 1, old: 'x' }, migrations, 3)).toEqual({
      schemaVersion: 3,
      renamed: 'x',
      old: undefined,
      added: true,
    });
    expect(() => migrateDocument('abcdefgh', { schemaVersion: 4 }, migrations, 3)).toThrow(NewerGameError);
    // Today's documents pass through untouched.
    const today = { schemaVersion: 1, id: 'abcdefgh' };
    expect(migrateDocument('abcdefgh', today)).toBe(today);
  });

  it('brings a stored state of an earlier shape up to date instead of setting the game aside', async () => {
    // The race's state gains a lap counter: states stored before have none.
    const withLaps = {
      ...raceGame,
      stateSchema: (raceGame.stateSchema as z.ZodObject).extend({ laps: z.number().int() }),
      migrateState: (state: unknown) => ((state as { laps?: number }).laps === undefined ? { ...(state as RaceState), laps: 0 } : state),
      engine: { ...raceGame.engine, setup: (o: Parameters<typeof raceGame.engine.setup>[0]) => ({ ...raceGame.engine.setup(o), laps: 0 }) },
    };
    const file = tempDataFile();
    const s = openSessions(file);
    stores.push(s.store);
    await s.newGame({ channelId: 'laps' }, alice, { game: 'dice-race', seed: 5 });
    await s.act('laps', alice, { type: 'step' });
    const later = reopen(file, testGamesWith(withLaps));
    const view = await later.require('laps');
    expect((view.doc.state as { laps: number }).laps).toBe(0);
    const next = await later.act('laps', alice, { type: 'step' });
    expect(next.doc.version).toBe(2);
    expect((await reopen(file, testGamesWith(withLaps)).require('laps')).doc.state).toMatchObject({ laps: 0 });
  });
});

function testGamesWith(def: unknown): GameRegistry {
  return new GameRegistry([...INSTALLED_GAMES, def as GameDef]);
}
