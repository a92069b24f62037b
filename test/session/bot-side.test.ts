import { afterEach, describe, expect, it } from 'vitest';
import { type BfmState, legalActions } from '../../src/games/battle-for-moscow/index.js';
import type { GameDef } from '../../src/games/registry.js';
import type { DiceSeed } from '../../src/kernel/dice.js';
import { BOT_ACTION_LIMIT, BOT_USER_ID, GameSessions, replay } from '../../src/session/index.js';
import type { GameDocument } from '../../src/store/game-document.js';
import { createGameStore } from '../../src/store/game-store.js';
import { alice, bob, type RaceAction, type RaceState, raceGame, tempDataFile, testGames } from '../helpers/test-game.js';

/** A race whose bot only ever passes, on both sides: it never hands the game back by itself. */
const endlessRace: GameDef<RaceState, RaceAction, { goal?: number; seed: DiceSeed }> = {
  ...raceGame,
  id: 'endless-race',
  name: 'Endless Race',
  autoPlay: () => ({ type: 'end-turn' }),
};

const games = testGames(endlessRace);

const open: GameSessions[] = [];
function service(file = tempDataFile()) {
  const s = new GameSessions(createGameStore({ dataFile: file }), games);
  open.push(s);
  return s;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.store.close()));
});

const where = { channelId: 'bot-ch', guildId: 'g' };
const bfm = () => games.require('battle-for-moscow');

/** Versions rise through the log, a bot answer takes the very next version, and the log replays to the state. */
function expectConsistent(doc: GameDocument): void {
  const versions = doc.actions.map((a) => a.version);
  versions.forEach((v, i) => {
    if (i > 0) expect(v).toBeGreaterThan(versions[i - 1]!);
    if (doc.actions[i]!.userId === BOT_USER_ID) expect(v).toBe(i === 0 ? 1 : versions[i - 1]! + 1);
  });
  expect(doc.version).toBeGreaterThanOrEqual(versions.at(-1) ?? 0);
  expect(JSON.stringify(replay(bfm(), doc.options, doc.seed, doc.actions))).toBe(JSON.stringify(doc.state));
}

describe('the bot side of a game', () => {
  it('plays first when its side opens, logging every action as the bot’s, in one save', async () => {
    const s = service();
    const created = await s.newGame(where, alice, { game: 'battle-for-moscow', seed: 77, options: { vs: 'bot', side: 'soviet' } });
    const { doc } = created;
    expect(doc.actions.length).toBeGreaterThan(3);
    expect(doc.actions.every((a) => a.userId === BOT_USER_ID)).toBe(true);
    expect(doc.version).toBe(doc.actions.length);
    expect(created.bot?.actions).toBe(doc.actions.length);
    expect(created.bot?.events.some((e) => e.kind === 'battle' && e.dice?.length)).toBe(true);
    expect(created.prompt.side).toBe('soviet');
    // Log lines carry the version of the bot action that made them.
    const battleLine = doc.events.find((e) => e.kind === 'battle' && e.dice);
    expect(battleLine?.version).toBeGreaterThan(0);
    expect(doc.events.filter((e) => e.version > 0).every((e) => e.version <= doc.version)).toBe(true);
    expectConsistent(doc);
    // Nothing of the human's to take back yet.
    await expect(s.undo('bot-ch', alice)).rejects.toThrow(/nothing of yours to undo/);
  });

  it('answers each human action until a human must act again; undo takes back the order and its answers, never past dice', async () => {
    const s = service();
    // The heuristic bot: its Soviets do not attack on turn 1, which the undo below relies on.
    await s.newGame(where, alice, { game: 'battle-for-moscow', seed: 78, options: { vs: 'bot', side: 'german', level: 'heuristic' } });
    const swap = await s.act('bot-ch', alice, { type: 'setup-swap', a: 'XXIV', b: 'XLI' });
    expect(swap.bot).toBeUndefined();
    expect(swap.doc.version).toBe(1);
    const swapped = await s.undo('bot-ch', alice);
    expect(swapped.doc.version).toBe(2);
    expect(swapped.doc.actions).toHaveLength(0);

    await s.act('bot-ch', alice, { type: 'setup-done' });
    // Germans end every phase of turn 1 without fighting: the bot then plays all the Soviet phases.
    let last = await s.act('bot-ch', alice, { type: 'end-phase' });
    while ((last.doc.state as BfmState).turn === 1) {
      const state = last.doc.state as BfmState;
      expect(state.phase.startsWith('german')).toBe(true);
      last = await s.act('bot-ch', alice, { type: 'end-phase' });
    }
    const after = last.doc.state as BfmState;
    expect(after.phase.startsWith('german')).toBe(true);
    expect(last.bot?.actions).toBeGreaterThan(0);
    expect(last.events.map((e) => e.text).join(' ')).toMatch(/Soviet replacement phase/);
    const human = last.doc.actions.filter((a) => a.userId === alice.id);
    const botActions = last.doc.actions.filter((a) => a.userId === BOT_USER_ID);
    expect(human.length).toBeGreaterThan(0);
    expect(botActions.length).toBe(last.bot!.actions);
    // Every bot action is one the rules allowed at the time (replay checks), and the versions run on.
    expectConsistent(last.doc);

    // No die was rolled since Alice's last order (the Soviet bot did not attack): it goes back with the bot's answers.
    expect(last.doc.events.some((e) => e.version > human.at(-1)!.version && e.dice?.length)).toBe(false);
    const undone = await s.undo('bot-ch', alice);
    expect(undone.doc.actions.at(-1)?.userId).toBe(alice.id);
    expect(undone.doc.actions).toHaveLength(last.doc.actions.length - 1 - last.bot!.actions);
    expect(undone.doc.events.at(-1)?.text).toMatch(new RegExp(`and the bot’s ${last.bot!.actions} after it`));
    expect((undone.doc.state as BfmState).phase).toBe('german-movement');
    expect(undone.prompt.side).toBe('german');
    expectConsistent(undone.doc);
  });

  it('is restart-safe: a reopened store continues the same game, and the bot keeps answering', async () => {
    const file = tempDataFile();
    const first = service(file);
    await first.newGame(where, alice, { game: 'battle-for-moscow', seed: 79, options: { vs: 'bot', side: 'soviet' } });
    const mine = legalActions((await first.require('bot-ch')).doc.state as BfmState).find((a) => a.type === 'replace')!;
    const acted = await first.act('bot-ch', alice, mine);
    await first.store.close();
    open.splice(open.indexOf(first), 1);

    const second = service(file);
    const reloaded = await second.require('bot-ch');
    expect(reloaded.doc).toEqual(acted.doc);
    expectConsistent(reloaded.doc);
    // The Soviets end their phases; the bot's German turn 2 follows in the same reply.
    let out = await second.act('bot-ch', alice, { type: 'end-phase' });
    for (let i = 0; i < 6 && !out.bot; i++) out = await second.act('bot-ch', alice, { type: 'end-phase' });
    expect(out.bot?.actions).toBeGreaterThan(0);
    expect((out.doc.state as BfmState).turn).toBe(2);
    expect(out.prompt.side).toBe('soviet');
    expectConsistent(out.doc);
    // The bot's German turn fought battles: the dice stand, so Alice's order before them does too.
    expect(out.bot?.events.some((e) => e.dice?.length)).toBe(true);
    await expect(second.undo('bot-ch', alice)).rejects.toThrow(/Dice were rolled since your last order/);
    expect((await second.require('bot-ch')).doc).toEqual(out.doc);
  });

  it('refuses a spectator’s order in a team game against the bot, changing nothing', async () => {
    const s = service();
    await s.newGame(where, alice, { game: 'battle-for-moscow', seed: 80, mode: 'team', options: { vs: 'bot', side: 'german' } });
    const before = await s.require('bot-ch');
    await expect(s.act('bot-ch', bob, { type: 'setup-done' })).rejects.toThrow(/not playing/);
    expect((await s.require('bot-ch')).doc).toEqual(before.doc);
  });

  it(`stops after ${BOT_ACTION_LIMIT} bot actions and plays on at the next order, telling the player`, async () => {
    const s = service();
    const created = await s.newGame(where, alice, { game: 'endless-race', seed: 1 });
    expect(created.bot).toMatchObject({ actions: BOT_ACTION_LIMIT, unfinished: true });
    expect(created.doc.version).toBe(BOT_ACTION_LIMIT);
    const next = await s.act('bot-ch', alice, { type: 'step' });
    expect(next.events[0]?.text).toMatch(/bot had not finished its turn/);
    expect(next.doc.version).toBe(2 * BOT_ACTION_LIMIT);
    expect(next.doc.actions.every((a) => a.userId === BOT_USER_ID && (a.action as RaceAction).type === 'end-turn')).toBe(true);
  });
});
