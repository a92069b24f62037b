import { afterAll, describe, expect, it } from 'vitest';
import { UserError } from '../../src/contracts/errors.js';
import { closeGameWork, type GameWork, gameWork, workHere } from '../../src/session/game-work.js';
import { exportDocument, GameSessions } from '../../src/session/index.js';
import { createGameStore } from '../../src/store/game-store.js';
import { alice, tempDataFile, testGames } from '../helpers/test-game.js';

/**
 * The bot's thinking and an import's replay run on the game worker threads: while they run,
 * the main thread goes on with other work (here: a 1 ms interval that counts its ticks; a
 * synchronous search on the main thread lets it tick not once). Same rules, same bot: the
 * games played or checked either way are identical.
 */
afterAll(async () => {
  await closeGameWork();
});

interface Ticks {
  bot: number[];
  import: number[];
}

/** `work`, counting how often the main thread ran a 1 ms interval during each bot turn and import check. */
function counting(work: GameWork): { work: GameWork; ticks: Ticks } {
  const ticks: Ticks = { bot: [], import: [] };
  const during = async <T>(into: number[], run: () => Promise<T>): Promise<T> => {
    let n = 0;
    const timer = setInterval(() => (n += 1), 1);
    try {
      return await run();
    } finally {
      clearInterval(timer);
      into.push(n);
    }
  };
  return {
    ticks,
    work: {
      botTurn: (...args) => during(ticks.bot, () => work.botTurn(...args)),
      checkImport: (...args) => during(ticks.import, () => work.checkImport(...args)),
    },
  };
}

const games = testGames();
const now = () => new Date('2026-01-01T00:00:00Z');

/** A Battle for Moscow game against the search bot (the bot opens as the Germans), played a little, ended and exported. */
async function playAgainstBot(work: GameWork) {
  const sessions = new GameSessions(createGameStore({ dataFile: tempDataFile() }), games, { work, now });
  try {
    const where = { channelId: 'bot-ch', guildId: 'g' };
    const started = await sessions.newGame(where, alice, { game: 'battle-for-moscow', seed: 41, options: { vs: 'bot', side: 'soviet' } });
    // The Soviet player ends their phases: the bot thinks again for the next German turn.
    let view = started;
    for (let i = 0; i < 3 && view.doc.status === 'active'; i++) {
      const end = view.prompt.choices.find((c) => (c.action as { type?: string }).type === 'end-phase');
      if (!end) break;
      view = await sessions.act(where.channelId, alice, end.action);
    }
    await sessions.end(where.channelId, alice);
    const { doc } = await sessions.require(where.channelId);
    const file = JSON.stringify(exportDocument(doc, now()));
    const imported = await sessions.importGame({ channelId: 'import-ch', guildId: 'g' }, alice, file);
    return { doc, imported: imported.doc, file };
  } finally {
    await sessions.store.close();
  }
}

describe('bot turns and import checks off the main thread', () => {
  it('play the same game as on the main thread, while the main thread keeps running', async () => {
    const here = counting(workHere);
    const threads = counting(gameWork());
    const a = await playAgainstBot(here.work);
    const b = await playAgainstBot(threads.work);

    // The same bot moves, dice and position either way.
    expect(b.doc.actions.length).toBeGreaterThan(5);
    expect(b.doc.actions).toEqual(a.doc.actions);
    expect(b.doc.state).toEqual(a.doc.state);
    expect(b.imported.actions).toEqual(a.imported.actions);
    // The imported game goes on with dice from a fresh secret; the rest of its position is the same.
    const withoutDice = (state: unknown) => ({ ...(state as object), dice: undefined });
    expect(withoutDice(b.imported.state)).toEqual(withoutDice(a.imported.state));

    // On the main thread the bot's search and the import's replay hold the event loop: no tick at all.
    expect(here.ticks.bot.length).toBeGreaterThan(1);
    expect(here.ticks.bot.every((n) => n === 0)).toBe(true);
    expect(here.ticks.import).toEqual([0]);
    // On the workers the main thread ticks while the bot opens the game (a whole German turn of search) and while the import replays.
    expect(threads.ticks.bot[0]).toBeGreaterThan(0);
    expect(threads.ticks.import[0]).toBeGreaterThan(0);
  });

  it('hands a refusal from a worker back as a refusal, and the pool goes on', async () => {
    const work = gameWork();
    await expect(work.checkImport(games, 'not json')).rejects.toThrow(UserError);
    await expect(work.checkImport(games, 'not json')).rejects.toThrow(/not JSON/);
    await expect(work.checkImport(games, JSON.stringify({ format: 'x' }))).rejects.toThrow(/not a game export/);
  });
});
