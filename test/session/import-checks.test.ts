import { afterEach, describe, expect, it } from 'vitest';
import { newDice, roll } from '../../src/kernel/dice.js';
import type { GameExport } from '../../src/session/export-format.js';
import { GameSessions, hashSeed, newCommittedSecret, newDiceSecret } from '../../src/session/index.js';
import { seedReveal } from '../../src/session/present.js';
import { verifyExport } from '../../src/session/verify-export.js';
import type { Reseed } from '../../src/store/game-document.js';
import { createGameStore } from '../../src/store/game-store.js';
import { alice, bob, type RaceState, raceGame, tempDataFile, testGames } from '../helpers/test-game.js';

/** The race without the reseed hook: a game that cannot take new dice. */
const plainRace = { ...raceGame, id: 'plain-race', name: 'Plain Race', reseed: undefined };

let s: GameSessions;
afterEach(async () => {
  await s.store.close();
});

const src = { channelId: 'src', guildId: 'g' };
const dst = { channelId: 'dst', guildId: 'g' };

/** Sessions on the test games and Plain Race, on a fresh SQLite file. */
function sessions() {
  s = new GameSessions(createGameStore({ dataFile: tempDataFile() }), testGames(plainRace));
  return s;
}

/** An ended race with dice in its log; its last order (a step) may be taken back. */
async function endedGame(options: { seed?: number; game?: string } = {}): Promise<GameExport> {
  sessions();
  await s.newGame(src, alice, {
    game: options.game ?? 'dice-race',
    options: { goal: 40 },
    ...(options.seed ? { seed: options.seed } : {}),
  });
  for (const type of ['roll', 'step', 'end-turn', 'roll', 'step']) await s.act('src', alice, { type });
  await s.end('src', alice);
  return (await s.exportGame(src)).file;
}

const text = (file: unknown) => JSON.stringify(file);
const dice = (state: unknown) => (state as RaceState).dice;

async function refused(file: unknown, message: RegExp): Promise<void> {
  await expect(s.importGame(dst, bob, text(file))).rejects.toThrow(message);
  // A refusal changes nothing: the channel is still free.
  await expect(s.current('dst')).resolves.toBeUndefined();
}

describe('an honest import', () => {
  it('replays, publishes a new commitment and draws its dice from the new secret', async () => {
    const file = await endedGame();
    const imported = await s.importGame(dst, bob, text(file));
    const { doc } = imported;
    expect(doc.settings).toEqual({ importedFrom: file.game.id, seedRevealed: true });
    expect(doc.version).toBe(file.game.version);
    expect(doc.seed).toBe(file.game.seed);
    const [reseed] = doc.reseeds!;
    expect(doc.reseeds).toHaveLength(1);
    expect(reseed!.atVersion).toBe(file.game.version);
    expect(reseed!.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(reseed!.seed).not.toBe(file.game.seed);
    expect(reseed!.seedHash).toBe(hashSeed(reseed!.seed, reseed!.seedNonce));
    // Published: in the reply's event and in the game's log line, which says the seed is public.
    expect(imported.events[0]!.text).toMatch(/^Its seed is public now, so its dice from here on come from a new secret seed/);
    expect(imported.events[0]!.text).toContain(reseed!.seedHash);
    expect(doc.events.at(-1)!.text).toMatch(
      new RegExp(`Bob imported game ${file.game.id} \\(version ${doc.version}\\)\\. Its seed is public now`),
    );
    expect(dice(doc.state)).toEqual({ key: reseed!.seed, rolls: 0 });

    // Going on: the next die is the new secret's first.
    const rolled = await s.act('dst', bob, { type: 'roll' });
    expect(rolled.events[0]!.dice![0]!.roll).toBe(roll(newDice(reseed!.seed)).value);
    expect(dice(rolled.doc.state)).toEqual({ key: reseed!.seed, rolls: 1 });

    // While it runs, its export keeps the new secret back, and the commitment in.
    const running = (await s.exportGame(dst)).file;
    expect(running.game.reseeds).toEqual([{ atVersion: reseed!.atVersion, seedHash: reseed!.seedHash }]);
    expect(text(running)).not.toContain(reseed!.seed);
    expect(text(running)).not.toContain(reseed!.seedNonce);
    await expect(s.importGame({ channelId: 'x' }, bob, text(running))).rejects.toThrow(/in progress, so its seed is secret/);
  });

  it('goes on after the import: play, undo, end, export and verify, and the reveal names the new secret', async () => {
    const file = await endedGame();
    const { doc } = await s.importGame(dst, bob, text(file));
    const reseed = doc.reseeds![0]!;
    await s.act('dst', bob, { type: 'roll' });
    await s.act('dst', bob, { type: 'step' });
    const undone = await s.undo('dst', bob);
    expect(dice(undone.doc.state)).toEqual({ key: reseed.seed, rolls: 1 });
    await s.act('dst', bob, { type: 'roll' });
    const ended = await s.end('dst', bob);
    expect(seedReveal(ended)).toContain(`New dice from version ${reseed.atVersion}: seed ${reseed.seed}, nonce ${reseed.seedNonce}`);
    const final = (await s.exportGame(dst)).file;
    expect(final.game.reseeds).toEqual([reseed]);
    expect(verifyExport(final, s.games)).toMatchObject({ ok: true, diceChecked: 4 });

    const wrongSecret = structuredClone(final);
    wrongSecret.game.reseeds![0]!.seed = newDiceSecret();
    expect(verifyExport(wrongSecret, s.games).problems.join(' ')).toMatch(
      /dice secret from version \d+ on, with its nonce, does not match/,
    );
    const wrongNonce = structuredClone(final);
    wrongNonce.game.reseeds![0]!.seedNonce = '0'.repeat(32);
    expect(verifyExport(wrongNonce, s.games).ok).toBe(false);
    const noReseed = structuredClone(final);
    delete noReseed.game.reseeds;
    expect(verifyExport(noReseed, s.games).problems.join(' ')).toMatch(/the log shows dice|position differs/);

    // The continued game imports again: both reseeds kept, a third secret on top.
    const again = await s.importGame({ channelId: 'third' }, alice, text(final));
    expect(again.doc.reseeds!.map((r) => r.atVersion)).toEqual([reseed.atVersion, final.game.version]);
    expect(again.doc.reseeds![0]).toEqual(reseed);
  });

  it('keeps the new dice when an order from before the import is taken back', async () => {
    const file = await endedGame();
    const { doc } = await s.importGame(dst, bob, text(file));
    const reseed = doc.reseeds![0]!;
    // The file's last order was a step: the importer may take it back, and the public seed does not come back with it.
    const undone = await s.undo('dst', bob);
    expect(undone.undone.version).toBe(file.game.actions.at(-1)!.version);
    expect(dice(undone.doc.state)).toEqual({ key: reseed.seed, rolls: 0 });
    const rolled = await s.act('dst', bob, { type: 'roll' });
    expect(rolled.events[0]!.dice![0]!.roll).toBe(roll(newDice(reseed.seed)).value);
    await s.end('dst', bob);
    expect(verifyExport((await s.exportGame(dst)).file, s.games)).toMatchObject({ ok: true });
  });

  it('of a game played on a public numeric seed (the old way) still verifies, and goes on on a secret', async () => {
    const file = await endedGame({ seed: 1941 });
    const old = { ...structuredClone(file), formatVersion: 1 };
    expect(old.game.seedHash).toBe(hashSeed(1941));
    const { doc } = await s.importGame(dst, bob, text(old));
    expect(doc.seed).toBe(1941);
    expect(doc.seedNonce).toBeUndefined();
    expect(dice(doc.state)).toEqual({ key: doc.reseeds![0]!.seed, rolls: 0 });
  });

  it('of a finished game needs no new dice, so even a game without the reseed hook imports then', async () => {
    sessions();
    await s.newGame(src, alice, { game: 'plain-race', options: { goal: 2 } });
    await s.act('src', alice, { type: 'step' });
    const won = await s.act('src', alice, { type: 'step' });
    expect(won.doc.status).toBe('finished');
    const file = (await s.exportGame(src)).file;
    const imported = await s.importGame(dst, bob, text(file));
    expect(imported.doc.status).toBe('finished');
    expect(imported.doc.reseeds).toBeUndefined();
    expect(imported.events[0]!.text).toBe('It is over, so it rolls no more dice.');
  });
});

describe('an import is refused, changing nothing, when the file', () => {
  it('(a) has its seed replaced along with its own commitment', async () => {
    const file = await endedGame();
    const forged = structuredClone(file);
    const mine = newCommittedSecret();
    Object.assign(forged.game, { seed: mine.seed, seedNonce: mine.seedNonce, seedHash: mine.seedHash });
    // A forged secret's dice match the logged ones now and then (a die has six faces), so the
    // replay parts from the log at a die or, when all happened to match, at the position.
    await refused(forged, /does not pass the check of npm run verify: .*(the log shows dice|position differs)/);
    const numeric = structuredClone(file);
    Object.assign(numeric.game, { seed: 7, seedHash: hashSeed(7) });
    delete numeric.game.seedNonce;
    await refused(numeric, /does not pass the check of npm run verify: .*the log shows dice/);
  });

  it('(b) has an altered die in its log (which import used to accept)', async () => {
    const file = await endedGame();
    const forged = structuredClone(file);
    const line = forged.game.events.find((e) => e.dice?.length)!;
    const die = line.dice![0] as { roll: number };
    die.roll = (die.roll % 6) + 1;
    await refused(forged, /version \d+: the log shows dice .*, the replay rolls/);
  });

  it('(c) gives the game a version its log does not reach (1e15), or versions that do not increase', async () => {
    const file = await endedGame();
    const huge = structuredClone(file);
    huge.game.version = 1e15;
    await refused(huge, new RegExp(`says it is at version 1000000000000000, but its log reaches version ${file.game.version}`));
    const shifted = structuredClone(file);
    for (const a of shifted.game.actions) a.version += 1e15;
    for (const e of shifted.game.events) if (e.version > 0) e.version += 1e15;
    shifted.game.version += 1e15;
    await refused(shifted, /skipped, with no undo in the log.*beyond any game's/);
    const backwards = structuredClone(file);
    backwards.game.actions[1]!.version = 1;
    await refused(backwards, /order #2 has version 1 after version 1: versions must increase/);
    const gap = structuredClone(file);
    gap.game.actions.at(-1)!.version += 5;
    await refused(gap, /are skipped, with no undo in the log/);
  });

  it('(d) has a bad mode, orders logged as a bot that is not there, or options that are not the game’s', async () => {
    const file = await endedGame();
    await refused({ ...file, game: { ...file.game, mode: 'anarchy' } }, /not a game export/);
    const bot = structuredClone(file);
    bot.game.actions[0]!.userId = 'bot';
    await refused(bot, /order #1 is logged as the bot's, but Dice Race has no bot/);
    const options = structuredClone(file);
    options.game.options = { goal: 400 };
    await refused(options, /the game's options are not Dice Race's/);
  });

  it('is of a running game that cannot take new dice (its seed would stay public)', async () => {
    const file = await endedGame({ game: 'plain-race' });
    await refused(file, /Plain Race cannot give an imported game new dice/);
  });
});

describe('imported settings', () => {
  it('keep only known settings with valid values; importedFrom and seedRevealed are set by the import', async () => {
    const file = await endedGame();
    const edited = structuredClone(file);
    edited.game.settings = {
      evil: { nested: true },
      thread: 'yes',
      sharedSeats: true,
      'vote.quorum': 3,
      'vote.tiebreak': 'coin',
      importedFrom: 'zzzzzzzz',
      seedRevealed: false,
      seedChosen: true,
    };
    const { doc } = await s.importGame(dst, bob, text(edited));
    expect(doc.settings).toEqual({ sharedSeats: true, 'vote.quorum': 3, importedFrom: file.game.id, seedRevealed: true });
    expect(doc.events.at(-1)!.text).toMatch(/Settings left out: evil, thread, vote\.tiebreak\.$/);
  });
});

describe('reseeds in a stored game', () => {
  it('are part of the stored document and of a finished game’s export', async () => {
    const file = await endedGame();
    const { doc } = await s.importGame(dst, bob, text(file));
    const stored = await s.store.load(doc.id);
    expect(stored!.reseeds).toEqual(doc.reseeds);
    const reseed: Reseed = doc.reseeds![0]!;
    expect(reseed.seedNonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
