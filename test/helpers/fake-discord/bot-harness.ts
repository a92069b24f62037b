import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCommands } from '../../../commands/index.js';
import { type DiscordBot, startDiscordBot } from '../../../src/discord/bot.js';
import { INSTALLED_GAMES } from '../../../src/games/installed.js';
import { GameRegistry } from '../../../src/games/registry.js';
import { createGameStore } from '../../../src/store/game-store.js';
import type { StoreConfig } from '../../../src/store/keyv-factory.js';
import type { VoteClock } from '../../../src/votes/index.js';
import { FakeDiscord, type FakeUser } from './fake-discord.js';

/** The real bot client connected to a fake Discord, over a real store; restartable. */
export interface BotHarness {
  fake: FakeDiscord;
  bot: DiscordBot;
  logs: string[];
  store: StoreConfig;
  /** Stop the bot and start a new one on the same store, as after a crash or deploy. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startBotHarness(
  options: { store?: StoreConfig; fake?: FakeDiscord; voteClock?: VoteClock; games?: GameRegistry } = {},
): Promise<BotHarness> {
  const fake = options.fake ?? (await new FakeDiscord().start());
  const games = options.games ?? new GameRegistry(INSTALLED_GAMES);
  fake.useCommands([...buildCommands(games).values()].map((c) => c.data.toJSON() as never));
  const store = options.store ?? { dataFile: join(mkdtempSync(join(tmpdir(), 'bot-e2e-')), 'games.sqlite') };
  const logs: string[] = [];
  const launch = () =>
    startDiscordBot({
      token: fake.token,
      store: createGameStore(store),
      apiUrl: fake.apiUrl,
      write: (l) => logs.push(l),
      voteClock: options.voteClock,
      games,
    });
  const harness: BotHarness = {
    fake,
    bot: await launch(),
    logs,
    store,
    async restart() {
      await harness.bot.stop();
      harness.bot = await launch();
    },
    async stop() {
      await harness.bot.stop();
      await fake.stop();
    },
  };
  return harness;
}

let nextUser = 1;
/** A member of the fake server; `manager` has Manage Channels. */
export function member(name: string, manager = false): FakeUser {
  nextUser += 1;
  return { id: `3${String(nextUser).padStart(17, '0')}`, name, ...(manager ? { permissions: String(1 << 4) } : {}) };
}

let nextChannel = 1;
export function channel(): string {
  nextChannel += 1;
  return `4${String(nextChannel).padStart(17, '0')}`;
}
