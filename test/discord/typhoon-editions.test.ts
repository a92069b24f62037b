import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { EARLIER_EDITIONS } from '../../src/games/operation-typhoon/charts/index.js';
import { createTyphoonGame, typhoonGame } from '../../src/games/operation-typhoon/definition.js';
import { GameRegistry } from '../../src/games/registry.js';
import { GameSessions } from '../../src/session/index.js';
import { createGameStore } from '../../src/store/game-store.js';
import { type BotHarness, channel, member, startBotHarness } from '../helpers/fake-discord/bot-harness.js';
import type { FakeMessage } from '../helpers/fake-discord/fake-discord.js';

/**
 * A game begun on the first edition of Operation Typhoon's shipped charts (18/9 MP on turns 1-4)
 * goes on with it through Discord after the bot moves to the second (9.3: MP lost every turn),
 * while a new game in another channel starts on the second.
 */
let h: BotHarness | undefined;
afterAll(async () => {
  await h?.stop();
});

/** A message's text: its content and its embeds' descriptions and fields. */
const shown = (m: FakeMessage) =>
  [m.content, ...m.embeds.flatMap((e) => [e.title, e.description, ...e.fields.map((f) => `${f.name}\n${f.value}`)])].join('\n');

/** The movement table's rows for turns 2-4, as `/rules chart:movement` prints them. */
const octoberRows = (content: string) => content.split('\n').filter((l) => /\b[234] Oct (II|III|IV)\b/.test(l));

describe('Operation Typhoon chart editions, in Discord', () => {
  it('keeps a stored first-edition game on its charts and starts new games on the second', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'typhoon-editions-')), 'games.sqlite');
    const anna = member('Anna');
    const old = channel();
    // The bot as it was: its Operation Typhoon played the first edition as its own.
    const { configure: _reconfigured, ...asItWas } = createTyphoonGame(EARLIER_EDITIONS[0]!);
    const before = new GameSessions(
      createGameStore({ dataFile }),
      new GameRegistry([...INSTALLED_GAMES.filter((d) => d.id !== 'operation-typhoon'), asItWas]),
    );
    const stored = await before.newGame(
      { channelId: old, guildId: 'g' },
      { id: anna.id, name: 'Anna' },
      { game: 'operation-typhoon', seed: 12 },
    );
    expect(stored.doc.charts).toBe('shipped-4fd427c6f7191a39');
    await before.store.close();

    h = await startBotHarness({ store: { dataFile } });
    const oldChart = await h.fake.ask(anna, old, 'rules', undefined, { chart: 'movement' });
    expect(octoberRows(oldChart.content)).toHaveLength(3);
    for (const row of octoberRows(oldChart.content)) expect(row).toMatch(/\b18\b.*\b9\b/);
    // The stored game takes orders on its own charts.
    const done = await h.fake.ask(anna, old, 'setup', 'done');
    expect(done.ephemeral).toBeFalsy();
    // Its status says which charts it is on, and why its numbers differ from a new game's.
    const status = await h.fake.ask(anna, old, 'game', 'status');
    expect(shown(status)).toMatch(/Charts: the first edition of the shipped charts \(18\/9 MP on turns 1-4\); new games use the second/);
    const after = (await h.bot.sessions.require(old)).doc;
    expect(after.charts).toBe('shipped-4fd427c6f7191a39');
    expect(after.version).toBe(stored.doc.version + 1);

    const fresh = channel();
    await h.fake.ask(anna, fresh, 'game', 'new', { game: 'operation-typhoon', seed: 12 });
    expect((await h.bot.sessions.require(fresh)).doc.charts).toBe(typhoonGame.charts);
    expect(shown(await h.fake.ask(anna, fresh, 'game', 'status'))).not.toMatch(/Charts:/);
    const newChart = await h.fake.ask(anna, fresh, 'rules', undefined, { chart: 'movement' });
    expect(octoberRows(newChart.content).map((r) => r.match(/\d+/g)!.slice(1).join('/'))).toEqual(['17/9', '16/9', '15/8']);
  });
});
