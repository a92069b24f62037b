import { afterAll, beforeAll } from 'vitest';
import { type BotHarness, type HarnessOptions, startBotHarness } from './bot-harness.js';
import type { FakeDiscord } from './fake-discord.js';
import type { FakeMessage, FakeUser } from './fake-types.js';

/** A stored game as the bot's sessions hand it out. */
type StoredGame = Awaited<ReturnType<BotHarness['bot']['sessions']['require']>>['doc'];

/** A test file's bot on a fake Discord, with the few moves every Discord test makes. */
export interface FileHarness extends BotHarness {
  /** A member runs a slash command; resolves with the bot's first answer. */
  run: FakeDiscord['ask'];
  /** A member clicks a button; resolves with the bot's first answer. */
  click(user: FakeUser, message: FakeMessage, customId: string): Promise<FakeMessage>;
  /** The game stored for a channel. */
  doc(channelId: string): Promise<StoredGame>;
}

/**
 * Start the bot on a fake Discord before the file's tests and stop both after them (the
 * stop fails when the bot pinged someone or sent a body Discord would refuse). The harness
 * returned reads through to the running one, so a file declares it once at the top.
 */
export function useBotHarness(options: HarnessOptions = {}): FileHarness {
  let current: BotHarness | undefined;
  beforeAll(async () => {
    current = await startBotHarness(options);
  });
  afterAll(async () => {
    await current?.stop();
  });
  const running = (): BotHarness => {
    if (!current) throw new Error('the bot harness starts before the tests: use it inside one');
    return current;
  };
  return {
    get fake() {
      return running().fake;
    },
    get bot() {
      return running().bot;
    },
    get logs() {
      return running().logs;
    },
    get store() {
      return running().store;
    },
    restart: () => running().restart(),
    stop: () => running().stop(),
    run: (...args) => running().fake.ask(...args),
    async click(user, message, customId) {
      const [first] = await running().fake.answers(running().fake.click(user, message, customId));
      return first!;
    },
    doc: async (channelId) => (await running().bot.sessions.require(channelId)).doc,
  };
}
