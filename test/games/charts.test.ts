import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/contracts/errors.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { POLICIES } from '../../src/games/operation-typhoon/autoplay/index.js';
import { CHARTS, EARLIER_EDITIONS } from '../../src/games/operation-typhoon/charts/index.js';
import { createTyphoonGame, typhoonGame } from '../../src/games/operation-typhoon/definition.js';
import type { TyphoonEngine } from '../../src/games/operation-typhoon/engine.js';
import type { TyphoonState } from '../../src/games/operation-typhoon/index.js';
import { GameRegistry } from '../../src/games/registry.js';
import { type GameExport, GameSessions, replay } from '../../src/session/index.js';
import { verifyExport } from '../../src/session/verify-export.js';
import { createGameStore } from '../../src/store/game-store.js';
import { alice, raceGame, tempDataFile, testGames } from '../helpers/test-game.js';

/**
 * Charts belong to the game played: a game records the charts its definition played with,
 * replays (undo, import, verify) on those, and is refused clearly where they are not to hand.
 */

const FOREIGN = 'override-0000000000000000';
/** The refusal GameRegistry.forGame gives for a game on charts this bot does not have. */
const refusal = (name: string, charts: string, plays: string) =>
  new RegExp(
    `^This ${name} game was played with charts "${charts}", which this bot does not have \\(it plays with "${plays}"\\)\\. ` +
      'It can be exported or ended here, but not continued, undone or verified',
  );

const open: GameSessions[] = [];
function service(games: GameRegistry = testGames(), file = tempDataFile()) {
  const s = new GameSessions(createGameStore({ dataFile: file }), games);
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.store.close()));
});

const where = { channelId: 'charts-ch', guildId: 'g' };
const other = { channelId: 'charts-other', guildId: 'g' };

/**
 * A registry whose Operation Typhoon plays with an owner's override file (a partial one):
 * a bloodier CRT, so a game replayed on the wrong charts comes out differently.
 */
function overrideGames(): GameRegistry {
  const path = join(mkdtempSync(join(tmpdir(), 'charts-override-')), 'printed.json');
  const rows = [0, 1, 2, 3, 4, 5, 6, 7, 8].map((roll) => ({ roll, german: 2, soviet: 2 }));
  writeFileSync(path, JSON.stringify({ crt: { source: 'printed CRT (test)', rows } }));
  return new GameRegistry([...INSTALLED_GAMES, raceGame], { TYPHOON_CHARTS_OVERRIDE: path });
}

/**
 * Operation Typhoon played through the session by the rush-moscow policy until `battles`
 * orders have rolled dice (or the game ends); then the game is ended, revealing the seed.
 */
async function playTyphoon(s: GameSessions, battles: number): Promise<GameExport> {
  const created = await s.newGame(where, alice, { game: 'operation-typhoon', seed: 4242 });
  const engine = created.def.engine as TyphoonEngine;
  let view = created;
  const rolled = () => new Set(view.doc.events.filter((e) => e.dice?.length).map((e) => e.version)).size;
  for (let i = 0; i < 400 && view.doc.status === 'active' && rolled() < battles; i++) {
    view = await s.act(where.channelId, alice, POLICIES['rush-moscow']!.decide(engine, view.doc.state as TyphoonState));
  }
  expect(rolled()).toBeGreaterThanOrEqual(Math.min(battles, 1));
  if (view.doc.status === 'active') await s.end(where.channelId, alice);
  return (await s.exportGame(where)).file;
}

/** A dice race with rolls and steps, ended so its export carries the seed. */
async function playRace(s: GameSessions): Promise<GameExport> {
  await s.newGame(where, alice, { game: 'dice-race', seed: 7, options: { goal: 40 } });
  for (const type of ['roll', 'step', 'roll', 'roll', 'step'] as const) await s.act(where.channelId, alice, { type });
  await s.end(where.channelId, alice);
  return (await s.exportGame(where)).file;
}

/** The same export with its recorded charts replaced. */
function withCharts(file: GameExport, charts: string): GameExport {
  return { ...file, game: { ...file.game, charts } };
}

describe('a new game records the charts of its definition', () => {
  it('stores the def’s charts id with every new game, and keeps it across a reload', async () => {
    const file = tempDataFile();
    const s = service(testGames(), file);
    const race = await s.newGame(where, alice, { game: 'dice-race', seed: 1 });
    expect(race.doc.charts).toBe('race-1');
    expect(race.doc.charts).toBe(raceGame.charts);
    const bfm = await s.newGame(other, alice, { game: 'battle-for-moscow', seed: 1 });
    expect(bfm.doc.charts).toBe('gdw-1986');
    const typhoon = await s.newGame({ channelId: 'charts-third', guildId: 'g' }, alice, { game: 'operation-typhoon', seed: 1 });
    expect(typhoon.doc.charts).toBe(typhoonGame.charts);
    expect(typhoon.doc.charts).toMatch(/^shipped-[0-9a-f]{16}$/);
    await s.store.close();
    open.splice(open.indexOf(s), 1);

    const reopened = service(testGames(), file);
    expect((await reopened.require(where.channelId)).doc.charts).toBe('race-1');
    expect((await reopened.require('charts-third')).doc.charts).toBe(typhoonGame.charts);
  });

  it('records an owner’s override charts when the registry plays with them', async () => {
    const games = overrideGames();
    const def = games.require('operation-typhoon');
    expect(def.charts).toMatch(/^override-[0-9a-f]{16}$/);
    expect(def.charts).not.toBe(typhoonGame.charts);
    const s = service(games);
    const created = await s.newGame(where, alice, { game: 'operation-typhoon', seed: 2 });
    expect(created.doc.charts).toBe(def.charts);
    expect(created.def).toBe(def);
  });
});

describe('export and verify replay on the recorded charts', () => {
  it('verifies a dice race’s export, dice and all, on the charts it recorded', async () => {
    const games = testGames();
    const file = await playRace(service(games));
    expect(file.game.charts).toBe('race-1');
    const verified = verifyExport(file, games);
    expect(verified.problems).toEqual([]);
    expect(verified.ok).toBe(true);
    expect(verified.actions).toBe(5);
    expect(verified.diceChecked).toBe(3);
  });

  it('verifies an Operation Typhoon export on the shipped charts it recorded, also where the bot now plays an override', async () => {
    const shipped = testGames();
    const file = await playTyphoon(service(shipped), 3);
    expect(file.game.charts).toBe(typhoonGame.charts);
    expect(file.game.actions.length).toBeGreaterThan(0);
    const here = verifyExport(file, shipped);
    expect(here.problems).toEqual([]);
    expect(here.ok).toBe(true);
    expect(here.actions).toBe(file.game.actions.length);
    expect(here.diceChecked).toBeGreaterThan(0);

    // A bot playing an owner's charts still knows the shipped ones: the game replays on those.
    const overridden = overrideGames();
    expect(overridden.require('operation-typhoon').charts).not.toBe(file.game.charts);
    const def = overridden.forGame(file.game);
    expect(def.charts).toBe(file.game.charts);
    expect((def.engine as TyphoonEngine).index.charts).toBe(CHARTS);
    const there = verifyExport(file, overridden);
    expect(there.problems).toEqual([]);
    expect(there.ok).toBe(true);
    expect(there.diceChecked).toBe(here.diceChecked);
    // On the override's charts the same orders do not reach the exported position: the recorded charts mattered.
    let onTheirs: unknown;
    try {
      onTheirs = replay(overridden.require('operation-typhoon'), file.game.options, file.game.seed!, file.game.actions);
    } catch (err) {
      onTheirs = err;
    }
    expect(onTheirs).not.toEqual(file.game.state);
  });

  it('imports an export with its charts, so the imported game goes on on them', async () => {
    const games = testGames();
    const s = service(games);
    const file = await playRace(s);
    const imported = await s.importGame(other, alice, JSON.stringify(file));
    expect(imported.doc.charts).toBe('race-1');
    expect(imported.def).toBe(raceGame);
    const stepped = await s.act(other.channelId, alice, { type: 'step' });
    expect(stepped.doc.charts).toBe('race-1');
  });
});

describe('a game on charts this bot does not have is refused, naming the charts', () => {
  /** A dice race with one step in, whose stored document then claims other charts. */
  async function foreignRace(s: GameSessions) {
    const created = await s.newGame(where, alice, { game: 'dice-race', seed: 3 });
    await s.act(where.channelId, alice, { type: 'step' });
    const stored = (await s.store.load(created.doc.id))!;
    await s.store.save({ ...stored, charts: FOREIGN });
    return (await s.store.load(created.doc.id))!;
  }

  it('refuses to act on, choose in or undo a stored game whose charts are not the def’s, changing nothing', async () => {
    const s = service();
    const before = await foreignRace(s);
    expect(before.charts).toBe(FOREIGN);
    const message = refusal('Dice Race', FOREIGN, 'race-1');

    const acted = await s.act(where.channelId, alice, { type: 'step' }).catch((e: unknown) => e);
    expect(acted).toBeInstanceOf(UserError);
    expect((acted as Error).message).toMatch(message);
    await expect(s.choose(where.channelId, alice, before.id, before.version, 0)).rejects.toThrow(message);
    const undone = await s.undo(where.channelId, alice).catch((e: unknown) => e);
    expect(undone).toBeInstanceOf(UserError);
    expect((undone as Error).message).toMatch(message);

    expect(await s.store.load(before.id)).toEqual(before);
  });

  it('still exports and ends a stored game whose charts this bot lacks, so the channel is never stuck', async () => {
    const s = service();
    const before = await foreignRace(s);
    const exported = await s.exportGame(where);
    expect(exported.file.game.charts).toBe(FOREIGN);
    expect(exported.def.name).toBe('Dice Race');
    const ended = await s.end(where.channelId, alice);
    expect(ended.status).toBe('ended');
    expect(ended.version).toBe(before.version);
    // The channel is free again for a new game.
    const next = await s.newGame(where, alice, { game: 'dice-race' });
    expect(next.doc.charts).toBe('race-1');
  });

  it('refuses to verify or import an export whose recorded charts are not the def’s', async () => {
    const games = testGames();
    const s = service(games);
    const file = withCharts(await playRace(s), FOREIGN);
    const message = refusal('Dice Race', FOREIGN, 'race-1');

    const verified = verifyExport(file, games);
    expect(verified.ok).toBe(false);
    expect(verified.problems).toHaveLength(1);
    expect(verified.problems[0]).toMatch(message);

    const imported = await s.importGame(other, alice, JSON.stringify(file)).catch((e: unknown) => e);
    expect(imported).toBeInstanceOf(UserError);
    expect((imported as Error).message).toMatch(message);
    await expect(s.current(other.channelId)).resolves.toBeUndefined();
  });

  it('refuses an Operation Typhoon game played on an owner’s charts where only the shipped ones are installed', async () => {
    const overridden = overrideGames();
    const theirs = overridden.require('operation-typhoon').charts;
    const file = await playTyphoon(service(overridden), 1);
    expect(file.game.charts).toBe(theirs);
    expect(verifyExport(file, overridden).ok).toBe(true);

    const shipped = testGames();
    const message = refusal('Operation Typhoon', theirs, typhoonGame.charts);
    expect(() => shipped.forGame(file.game)).toThrow(message);
    const verified = verifyExport(file, shipped);
    expect(verified.ok).toBe(false);
    expect(verified.problems[0]).toMatch(message);
    await expect(service(shipped).importGame(other, alice, JSON.stringify(file))).rejects.toThrow(message);
  });

  it('refuses edited charts on a stored Operation Typhoon game when it is acted on or undone', async () => {
    const s = service();
    const created = await s.newGame(where, alice, { game: 'operation-typhoon', seed: 5 });
    const stored = (await s.store.load(created.doc.id))!;
    await s.store.save({ ...stored, charts: FOREIGN });
    const message = refusal('Operation Typhoon', FOREIGN, typhoonGame.charts);
    await expect(s.act(where.channelId, alice, created.prompt.choices[0]!.action)).rejects.toThrow(message);
    await expect(s.undo(where.channelId, alice)).rejects.toThrow(message);
    expect((await s.store.load(created.doc.id))!.version).toBe(created.doc.version);
  });

  it('goes on with an Operation Typhoon game stored on the first edition of the shipped charts, on that edition', async () => {
    const file = tempDataFile();
    // The bot as it was: its Operation Typhoon played the first edition (18/9 MP on turns 1-4) as its own.
    const { configure: _reconfigured, ...asItWas } = createTyphoonGame(EARLIER_EDITIONS[0]!);
    const before = new GameRegistry([...INSTALLED_GAMES.filter((d) => d.id !== 'operation-typhoon'), asItWas]);
    const old = service(before, file);
    const created = await old.newGame(where, alice, { game: 'operation-typhoon', seed: 8 });
    expect(created.doc.charts).toBe('shipped-4fd427c6f7191a39');
    await old.store.close();
    open.splice(open.indexOf(old), 1);

    const today = service(testGames(), file);
    const stepped = await today.act(where.channelId, alice, created.prompt.choices[0]!.action);
    expect(stepped.doc.version).toBe(created.doc.version + 1);
    expect(stepped.doc.charts).toBe('shipped-4fd427c6f7191a39');
    const engine = stepped.def.engine as TyphoonEngine;
    expect(engine.index.charts.turns[2]!.mp).toEqual({ mechanized: 18, nonMechanized: 9 });
    // A new game here starts on today's edition.
    const fresh = await today.newGame(other, alice, { game: 'operation-typhoon', seed: 8 });
    expect(fresh.doc.charts).toBe(typhoonGame.charts);
    expect((fresh.def.engine as TyphoonEngine).index.charts.turns[2]!.mp).toEqual({ mechanized: 16, nonMechanized: 9 });
  });

  it('plays a stored game that recorded no charts (from before they were recorded) on today’s', async () => {
    const s = service();
    const created = await s.newGame(where, alice, { game: 'dice-race', seed: 6 });
    const { charts: _recorded, ...older } = (await s.store.load(created.doc.id))!;
    await s.store.save(older);
    const stepped = await s.act(where.channelId, alice, { type: 'step' });
    expect(stepped.def).toBe(raceGame);
    expect(stepped.doc.version).toBe(1);
  });
});
