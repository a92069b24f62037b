import { describe, expect, it } from 'vitest';
import { readDiscordEnv } from '../../src/discord/config.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { channel, member } from '../helpers/fake-discord/bot-harness.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * Running for real servers: discord.js's caches stay bounded (a member and user cap, swept),
 * and failures on the bot's side reach the log as JSON lines with what they happened in and
 * the token blanked out, besides the player's answer, which says what really went wrong.
 */
const h = useBotHarness({ cache: { members: 3, users: 5, sweepSeconds: 600 } });
const { run } = h;

type Line = { level: number; msg: string; err?: { type: string; message: string; stack: string }; [k: string]: unknown };
const lines = (): Line[] => h.logs.map((l) => JSON.parse(l) as Line);
const WARN = 40;
const ERROR = 50;

describe('discord.js caches', () => {
  it('keep at most the configured members and users however many act, and are swept', async () => {
    const ch = channel();
    for (let i = 0; i < 12; i++) await run(member(`Crowd${i}`), ch, 'game', 'list');
    const guild = h.bot.client.guilds.cache.get(h.fake.guildId)!;
    // The bot's own member and user are kept over the limit.
    expect(guild.members.cache.size).toBeLessThanOrEqual(3 + 1);
    expect(guild.members.me).toBeTruthy();
    expect(h.bot.client.users.cache.size).toBeLessThanOrEqual(5 + 1);
    const sweepers = h.bot.client.options.sweepers as Record<string, { interval: number }>;
    expect(sweepers.users?.interval).toBe(600);
    expect(sweepers.guildMembers?.interval).toBe(600);
  });

  it('are set from the environment, with defaults', () => {
    const token = 'x'.repeat(30);
    expect(readDiscordEnv({ DISCORD_TOKEN: token })).toMatchObject({
      DISCORD_CACHE_MEMBERS: 200,
      DISCORD_CACHE_USERS: 1000,
      DISCORD_SWEEP_SECONDS: 3600,
      LOG_LEVEL: 'info',
    });
    expect(() => readDiscordEnv({ DISCORD_TOKEN: token, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL: a log level/);
    expect(() => readDiscordEnv({ DISCORD_TOKEN: token, DISCORD_CACHE_USERS: '-1' })).toThrow(/DISCORD_CACHE_USERS/);
  });
});

describe('failures on the bot’s side', () => {
  it('logs every line as JSON, the token blanked out', async () => {
    expect(lines().some((l) => /^Logged in as/.test(l.msg))).toBe(true);
    for (const l of h.logs) expect(l).not.toContain(h.fake.token);
  });

  it('tells the player the store is not answering and logs it with the command, channel and cause', async () => {
    const keyv = h.bot.services.sessions.store.keyv;
    const ch = channel();
    const who = member('Unlucky');
    const get = keyv.get.bind(keyv);
    keyv.get = (async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    }) as typeof keyv.get;
    const before = h.logs.length;
    try {
      const answer = await run(who, ch, 'game', 'status');
      expectRefused(answer, /The game store is not answering right now, so nothing was changed/);
    } finally {
      keyv.get = get;
    }
    const logged = lines().slice(before);
    const line = logged.find((l) => l.level === WARN);
    expect(line).toMatchObject({ msg: 'the game store did not answer a command', command: 'game', subcommand: 'status', channelId: ch });
    expect(line!.userId).toBe(who.id);
    expect(line!.guildId).toBe(h.fake.guildId);
    expect(JSON.stringify(line!.err)).toContain('ECONNREFUSED');
  });

  it('does not blame the store for an error of the code inside a write, and logs it with its stack', async () => {
    // A game is written in one conditional batch: the code error is thrown inside that write.
    const batches = h.bot.services.sessions.store.batches;
    const ch = channel();
    const who = member('Writer');
    const commit = batches.commit.bind(batches);
    batches.commit = (async () => {
      throw new TypeError('Do not know how to serialize a BigInt');
    }) as typeof batches.commit;
    const before = h.logs.length;
    try {
      const answer = await run(who, ch, 'game', 'new', { game: 'battle-for-moscow', seed: 5 });
      expect(answer.ephemeral).toBe(true);
      expect(answer.content).not.toMatch(/store is not answering/);
      expect(answer.content).toBe('Something went wrong on our side; nothing was changed. The error has been logged.');
    } finally {
      batches.commit = commit;
    }
    const line = lines()
      .slice(before)
      .find((l) => l.level === ERROR);
    expect(line).toMatchObject({ msg: 'a command failed', command: 'game', subcommand: 'new', channelId: ch, userId: who.id });
    expect(line!.err).toMatchObject({ type: 'TypeError', message: 'Do not know how to serialize a BigInt' });
    expect(line!.err!.stack).toMatch(/at /);
    expect(await h.bot.sessions.current(ch)).toBeUndefined();
  });
});
