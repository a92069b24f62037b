import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCommands } from '../../../commands/index.js';
import { type DiscordBot, startDiscordBot } from '../../../src/discord/bot.js';
import type { CacheSettings } from '../../../src/discord/cache.js';
import type { Limits } from '../../../src/dispatch/limits.js';
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

export interface HarnessOptions {
  store?: StoreConfig;
  fake?: FakeDiscord;
  voteClock?: VoteClock;
  games?: GameRegistry;
  /** Rate limits and caps (default none, as for any library caller; the entry point reads the environment's). */
  limits?: Limits;
  /** The rate limits' clock in ms. */
  limitClock?: () => number;
  /** Where /game import may fetch attachments; default the fake's CDN only. */
  attachmentOrigins?: readonly string[];
  /** Member and user cache limits (default the bot's). */
  cache?: CacheSettings;
}

/**
 * The bot on a fake Discord. `stop()` stops the fake too, which fails when the bot sent a
 * message that could ping someone (see FakeDiscord).
 */
export async function startBotHarness(options: HarnessOptions = {}): Promise<BotHarness> {
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
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.limitClock ? { limitClock: options.limitClock } : {}),
      attachmentOrigins: options.attachmentOrigins ?? [fake.cdnOrigin],
      ...(options.cache ? { cache: options.cache } : {}),
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
      try {
        await harness.bot.stop();
      } finally {
        await fake.stop();
      }
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
