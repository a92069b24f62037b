import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCommands } from '../../commands/index.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { createGameStore } from '../../src/store/game-store.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { type BotProcess, spawnBot } from '../helpers/fake-discord/bot-process.js';
import { FakeDiscord } from '../helpers/fake-discord/fake-discord.js';

/**
 * The bot as real processes, as an operator runs it: `npm start` (src/main.ts) and
 * `npm run deploy-commands` under tsx, and the shard manager refusing to start without Redis,
 * against the fake Discord. Sharded on Redis: shards.test.ts.
 */

/** The slash commands of the installed games: what deploy-commands registers. */
const COMMANDS = buildCommands(new GameRegistry(INSTALLED_GAMES));

let fake: FakeDiscord;
const running: BotProcess[] = [];
/** The two short runs, started together (neither answers an interaction): their start-ups overlap. */
let deploy: BotProcess;
let unsharded: BotProcess;

beforeAll(async () => {
  fake = await new FakeDiscord().start();
  deploy = launch('scripts/deploy-commands.ts', { DISCORD_GUILD_ID: fake.guildId });
  unsharded = launch('src/shard.ts', { DATA_FILE: join(tmpdir(), 'unused.sqlite') }, { plain: true });
});
afterAll(async () => {
  for (const p of running) await p.kill();
  await fake.stop();
});

function botEnv(extra: Record<string, string>): Record<string, string> {
  return { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, ...extra };
}

function launch(entry: string, extra: Record<string, string>, options: { plain?: boolean } = {}): BotProcess {
  const p = spawnBot(entry, botEnv(extra), options);
  running.push(p);
  return p;
}

describe('the bot process', () => {
  it('deploys every slash command to a guild with npm run deploy-commands', async () => {
    // Not spawnSync: the fake Discord answering it lives in this process.
    expect(await deploy.exited, deploy.output()).toBe(0);
    expect(deploy.output()).not.toContain(fake.token);
    expect(deploy.output()).toMatch(new RegExp(`Deployed ${COMMANDS.size} commands \\(guild ${fake.guildId}\\)`));
    expect(
      fake.deployed
        .get(fake.guildId)
        ?.map((c) => c.name)
        .sort(),
    ).toEqual([...COMMANDS.keys()].sort());
  });

  it('connects when DISCORD_TOKEN is set, survives SIGKILL after an acknowledged order, and goes on with an old button', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'bot-process-')), 'games.sqlite');
    let bot = launch('src/main.ts', { DATA_FILE: dataFile });
    await bot.waitForOutput(/Logged in as Referee/);
    expect(bot.output()).toMatch(/Connecting to Discord; games are kept in SQLite file/);
    const user = member('Hoepner');
    const ch = channel();
    const [start] = await fake.answers(fake.command(user, ch, 'game', 'new', { game: 'operation-typhoon', seed: 31 }));
    const [begun] = await fake.answers(fake.click(user, start!, start!.buttons[0]!.customId));
    expect(begun!.content).toMatch(/Turn 1 \(Oct I/);

    await bot.kill('SIGKILL');
    bot = launch('src/main.ts', { DATA_FILE: dataFile });
    await bot.waitForOutput(/Logged in as Referee/);
    await fake.waitForShards(1);
    // The acknowledged order is stored: the old "Start turn 1" button is now stale...
    const [stale] = await fake.answers(fake.click(user, start!, start!.buttons[0]!.customId));
    expectRefused(stale, /gone/i);
    // ...and the buttons of the last answer still act.
    const endTurn = begun!.buttons.find((b) => /End turn 1/.test(b.label))!;
    // Stacks can still move, so the restarted bot asks first; its answer ends the turn.
    const [asked] = await fake.answers(fake.click(user, begun!, endTurn.customId));
    expect(asked!.ephemeral).toBe(true);
    expect(asked!.content).toMatch(/End turn 1 now\? \d+ stacks can still move/);
    const [ended] = await fake.answers(fake.click(user, asked!, asked!.buttons.find((b) => /^Yes: End turn 1/.test(b.label))!.customId));
    expect(ended!.content).toMatch(/German regroup|Turn 2/);
    await bot.kill('SIGTERM');
    expect(bot.output()).not.toContain(fake.token);
    const store = createGameStore({ dataFile });
    const doc = await store.loadCurrent(ch);
    expect(doc?.actions.map((a) => a.version)).toEqual([1, 2]);
    await store.close();
  });

  it('refuses to start sharded without the Redis store', async () => {
    expect(await unsharded.exited).toBe(2);
    expect(unsharded.output()).toMatch(/start:sharded needs KEYV_URL=redis/);
  });
});
