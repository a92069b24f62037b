import { afterEach, describe, expect, it } from 'vitest';
import { UserError } from '../../src/contracts/errors.js';
import { type GameSessions, hashSeed, replay, StaleChoiceError } from '../../src/session/index.js';
import { alice, bob, openSessions, type RaceState, raceGame, tempDataFile, testGames } from '../helpers/test-game.js';

const open: GameSessions[] = [];
function service(file = tempDataFile()) {
  const s = openSessions(file);
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.store.close()));
});

const where = { channelId: 'c1', guildId: 'g1' };

describe('game sessions: create, act, save, reload', () => {
  it('keeps a game across a restart of the service', async () => {
    const file = tempDataFile();
    const first = service(file);
    const created = await first.newGame(where, alice, { game: 'dice-race', seed: 42 });
    expect(created.doc.version).toBe(0);
    await first.act('c1', alice, { type: 'step' });
    const rolled = await first.act('c1', alice, { type: 'roll' });
    expect(rolled.events[0]?.dice?.[0]?.roll).toBeGreaterThanOrEqual(1);
    await first.store.close();
    open.splice(open.indexOf(first), 1);

    const second = service(file);
    const reloaded = await second.require('c1');
    expect(reloaded.doc.id).toBe(created.doc.id);
    expect(reloaded.doc.version).toBe(2);
    expect(reloaded.doc.state).toEqual(rolled.doc.state);
    expect(reloaded.doc.actions.map((a) => a.action)).toEqual([{ type: 'step' }, { type: 'roll' }]);
    const next = await second.act('c1', alice, { type: 'step' });
    expect(next.doc.version).toBe(3);
    expect((next.doc.state as RaceState).at.soviet).toBe(1);
  });

  it('adds one to the version per accepted action and refuses a stale expected version, changing nothing', async () => {
    const s = service();
    await s.newGame(where, alice, { game: 'dice-race', seed: 1 });
    const a = await s.act('c1', alice, { type: 'step' }, 0);
    expect(a.doc.version).toBe(1);
    const before = await s.require('c1');
    const stale = await s.act('c1', alice, { type: 'step' }, 0).catch((e: unknown) => e);
    expect(stale).toBeInstanceOf(StaleChoiceError);
    expect((stale as Error).message).toMatch(/this choice is gone/i);
    expect((stale as StaleChoiceError).current?.version).toBe(1);
    expect((await s.require('c1')).doc).toEqual(before.doc);
  });

  it('acts on a prompt choice by index and refuses gone choices', async () => {
    const s = service();
    const { doc } = await s.newGame(where, alice, { game: 'dice-race', seed: 3 });
    const stepped = await s.choose('c1', alice, doc.id, 0, 1);
    expect(stepped.chosen).toBe('Step one hex');
    expect((stepped.doc.state as RaceState).at.german).toBe(1);
    await expect(s.choose('c1', alice, doc.id, 0, 1)).rejects.toThrow(/this choice is gone/i);
    await expect(s.choose('c1', alice, 'zzzzzzzz', 1, 0)).rejects.toThrow(/no longer the one/);
    await expect(s.choose('c1', alice, doc.id, 1, 9)).rejects.toThrow(/not among the choices/);
    expect((await s.require('c1')).doc.version).toBe(1);
  });

  it('turns a rule refusal into a clear answer and saves nothing', async () => {
    const s = service();
    await s.newGame(where, alice, { game: 'dice-race', seed: 5 });
    await s.act('c1', alice, { type: 'step' });
    await s.act('c1', alice, { type: 'step' });
    await expect(s.act('c1', alice, { type: 'step' })).rejects.toThrow(/^2\.2: a runner steps at most twice/);
    await expect(s.act('c1', alice, { type: 'jump' })).rejects.toThrow(/not understood/);
    await expect(s.act('c1', alice, 'roll')).rejects.toThrow(UserError);
    const view = await s.require('c1');
    expect(view.doc.version).toBe(2);
    expect(view.doc.actions).toHaveLength(2);
  });

  it('refuses game options the game does not take, and unknown games', async () => {
    const s = service();
    await expect(s.newGame(where, alice, { game: 'dice-race', options: { goal: 1000 } })).rejects.toThrow(
      /does not take those options: goal/,
    );
    await expect(s.newGame(where, alice, { game: 'chess' })).rejects.toThrow(/no game "chess".*dice-race/);
    await expect(s.current('c1')).resolves.toBeUndefined();
  });

  it('keeps one game per channel; an ended game stays readable', async () => {
    const s = service();
    const first = await s.newGame(where, alice, { game: 'dice-race' });
    await expect(s.newGame(where, bob, { game: 'dice-race' })).rejects.toThrow(/already has a game in progress/);
    await s.end('c1', alice);
    await expect(s.act('c1', alice, { type: 'roll' })).rejects.toThrow(/over \(ended\)/);
    const second = await s.newGame(where, bob, { game: 'dice-race' });
    expect(second.doc.id).not.toBe(first.doc.id);
    const old = await s.byId(where, first.doc.id);
    expect(old.doc.status).toBe('ended');
    await expect(s.byId({ channelId: 'c9', guildId: 'other' }, first.doc.id)).rejects.toThrow(/no game/);
    const { games } = await s.list(where);
    expect(games.map((g) => g.id)).toEqual([second.doc.id, first.doc.id]);
  });

  it('finishes when the engine reports a result and then refuses further orders', async () => {
    const s = service();
    await s.newGame(where, alice, { game: 'dice-race', seed: 9, options: { goal: 2 } });
    await s.act('c1', alice, { type: 'step' });
    const won = await s.act('c1', alice, { type: 'step' });
    expect(won.doc.status).toBe('finished');
    expect(won.doc.outcome).toMatch(/German victory\. 1\.2/);
    await expect(s.act('c1', alice, { type: 'roll' })).rejects.toThrow(/over \(finished\)/);
  });
});

describe('game registry', () => {
  it('lists registered games and refuses a second, different game under the same id', () => {
    const games = testGames();
    const def = games.get('dice-race');
    expect(def).toBe(raceGame);
    expect(games.all()).toContain(raceGame);
    expect(games.require('dice-race')).toBe(raceGame);
    // No global registration: building the registry again is harmless.
    expect(() => testGames()).not.toThrow();
    expect(() => testGames({ ...raceGame })).toThrow(/Two games are registered as "dice-race"/);
    expect(games.get('nope')).toBeUndefined();
    expect(() => games.require('nope')).toThrow(UserError);
    expect(() => games.require('nope')).toThrow(/no game "nope".*dice-race/);
  });
});

describe('seeds', () => {
  it('publishes the sha256 of a secret seed and the revealed seed matches it and replays the dice', async () => {
    const s = service();
    const created = await s.newGame(where, alice, { game: 'dice-race', options: { goal: 40 } });
    expect(created.doc.seedHash).toMatch(/^[0-9a-f]{64}$/);
    for (let i = 0; i < 5; i++) await s.act('c1', alice, { type: 'roll' });
    const during = await s.exportGame(where);
    expect(during.file.game.seed).toBeUndefined();
    expect(during.file.game.state).toBeUndefined();
    await s.end('c1', alice);
    const after = await s.exportGame(where);
    const seed = after.file.game.seed!;
    expect(hashSeed(seed, after.file.game.seedNonce)).toBe(created.doc.seedHash);
    expect(replay(after.def, after.file.game.options, seed, after.file.game.actions)).toEqual(after.file.game.state);
  });

  it('draws different seeds for different games', async () => {
    const s = service();
    const a = await s.newGame({ channelId: 'a' }, alice, { game: 'dice-race' });
    const b = await s.newGame({ channelId: 'b' }, alice, { game: 'dice-race' });
    expect(a.doc.seedHash).not.toBe(b.doc.seedHash);
  });
});

describe('undo', () => {
  it('takes back a step by replay, bumps the version, and never goes past a die roll', async () => {
    const s = service();
    await s.newGame(where, alice, { game: 'dice-race', seed: 11 });
    await s.act('c1', alice, { type: 'roll' });
    const beforeStep = await s.require('c1');
    await s.act('c1', alice, { type: 'step' });
    const undone = await s.undo('c1', alice);
    expect(undone.doc.state).toEqual(beforeStep.doc.state);
    expect(undone.doc.version).toBe(3);
    expect(undone.doc.actions).toHaveLength(1);
    await expect(s.undo('c1', alice)).rejects.toThrow(/die roll/);
    expect((await s.require('c1')).doc.version).toBe(3);
  });

  it('refuses undo with nothing to undo', async () => {
    const s = service();
    await s.newGame(where, alice, { game: 'dice-race' });
    await expect(s.undo('c1', alice)).rejects.toThrow(/nothing to undo/);
  });
});
