import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/dispatch/limits.js';
import { expectRefused } from '../helpers/expect-refused.js';
import { type BotHarness, channel, member, startBotHarness } from '../helpers/fake-discord/bot-harness.js';
import { type BotProcess, spawnBot } from '../helpers/fake-discord/bot-process.js';
import { FakeDiscord, type FakeMessage, type FakeOptionValue } from '../helpers/fake-discord/fake-discord.js';
import { useBotHarness } from '../helpers/fake-discord/use-bot-harness.js';

/**
 * Floods and abuse through the fake Discord: thirty `/game new thread:true` at once from a
 * member without permissions, the caps on active games per member and per server, the
 * members' pace (a hand-driven clock: nothing here sleeps), and the check that no message of
 * the bot pings anyone, with proof that the check bites.
 */

let now = Date.UTC(2026, 10, 23, 12);
const h = useBotHarness({ limits: DEFAULT_LIMITS, limitClock: () => now });
const { run } = h;

/** Every answer to `records`, once all are in: within Discord's 3 s, one each. */
async function answersTo(fake: FakeDiscord, records: ReturnType<FakeDiscord['command']>[]): Promise<FakeMessage[]> {
  const answers = await Promise.all(records.map((r) => fake.answers(r, 1, 60_000)));
  for (const r of records) expect(r.answeredAfterMs).toBeLessThan(3000);
  return answers.map((a) => a[0]!);
}

describe('with the default limits (3 games per member, 20 per server, 10 commands per 10 s, 3 new games a minute)', () => {
  it('thirty /game new thread:true at once from a member without permissions: at most 3 threads and games, every other told why', async () => {
    const { guildId, channelId } = h.fake.channelInNewGuild();
    const flooder = member('Flooder');
    const opened = h.fake.threadsOpened;
    const started = performance.now();
    const records = Array.from({ length: 30 }, () =>
      h.fake.command(flooder, channelId, 'game', 'new', { game: 'battle-for-moscow', thread: true }),
    );
    const answers = await answersTo(h.fake, records);
    const ms = performance.now() - started;
    const threads = h.fake.threadsOpened - opened;
    const games = await h.bot.services.limiter.caps.active({ channelId, guildId });
    const links = answers.filter((a) => /The game is in <#\d+>/.test(a.content));
    const refused = answers.filter((a) => a.ephemeral);
    console.log(
      `flood: 30 /game new thread:true → ${threads} threads, ${games.length} games, ${refused.length} refused, ${Math.round(ms)} ms`,
    );
    expect(threads).toBe(3);
    expect(games).toHaveLength(3);
    expect(links).toHaveLength(3);
    expect(refused).toHaveLength(27);
    for (const r of refused)
      expect(r.content).toMatch(
        /started games faster than this server allows \(3 per minute per member\)\. Try again in \d+ s; nothing was started\./,
      );
    // Every thread holds its game; none was left empty.
    expect(h.fake.threads.filter((t) => t.parentId === channelId)).toHaveLength(3);
    for (const g of games) expect(h.fake.messagesIn(g.channelId)[0]!.content).toMatch(/has started/);
  });

  it('a member too fast is told when to try again, and nothing changes; buttons count too', async () => {
    const ch = channel();
    const quick = member('Quick');
    for (let i = 0; i < 10; i++) expect((await run(quick, ch, 'game', 'help')).ephemeral).toBe(true);
    const refused = await run(quick, ch, 'game', 'new', { game: 'operation-typhoon' });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toBe(
      'You are sending commands faster than this bot takes them (10 per 10 s per member). Try again in 1 s; nothing was changed.',
    );
    expect(await h.bot.sessions.current(ch)).toBeUndefined();
    // A second later one command goes through.
    now += 1000;
    const start = await run(quick, ch, 'game', 'new', { game: 'operation-typhoon' });
    expect(start.content).toMatch(/has started/);
    const version = (await h.bot.sessions.require(ch)).doc.version;
    const [pressed] = await h.fake.answers(h.fake.click(quick, start, start.buttons[0]!.customId));
    expectRefused(pressed, /Try again in 1 s; nothing was changed/);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(version);
    now += 1000;
    const [begun] = await h.fake.answers(h.fake.click(quick, start, start.buttons[0]!.customId));
    expect(begun!.content).toMatch(/Turn 1/);
  });

  it('checks a /game new thread:true fully before opening its thread: a refused one leaves none', async () => {
    const ch = channel();
    const careful = member('Careful');
    const opened = h.fake.threadsOpened;
    const refusals: [Record<string, FakeOptionValue>, RegExp][] = [
      [{ game: 'nosuch', thread: true }, /^There is no game "nosuch" here\. Games: /],
      [{ game: 'operation-typhoon', vs: 'bot', thread: true }, /Operation Typhoon has no vs: option/],
      [{ game: 'operation-typhoon', scenario: 'nope', thread: true }, /Operation Typhoon does not take those options/],
      [{ game: 'battle-for-moscow', mode: 'duel', thread: true }, /options are not right/],
      [{ game: 'battle-for-moscow', seed: -5, thread: true }, /options are not right/],
    ];
    for (const [options, message] of refusals) {
      now += 60_000; // a fresh minute each time: the pace is not what refuses these
      const answer = await run(careful, ch, 'game', 'new', options);
      expect(answer.ephemeral, JSON.stringify(options)).toBe(true);
      expect(answer.content).toMatch(message);
    }
    expect(h.fake.threadsOpened).toBe(opened);
    expect(h.fake.unknownRoutes).toEqual([]);
  });

  it('holds a member to 3 active games on a server, frees a place when one ends, and lets a manager start more', async () => {
    const { guildId, channelId: first } = h.fake.channelInNewGuild();
    const chans = [first, ...Array.from({ length: 3 }, () => h.fake.channelInGuild(guildId))];
    const player = member('Player');
    const mod = member('Moderator', true);
    for (const ch of chans.slice(0, 3)) {
      now += 60_000;
      expect((await run(player, ch, 'game', 'new', { game: 'battle-for-moscow' })).content).toMatch(/has started/);
    }
    now += 60_000;
    const capped = await run(player, chans[3]!, 'game', 'new', { game: 'battle-for-moscow' });
    expectRefused(
      capped,
      /^You already have 3 active games on this server, the most a member may have at once: `[a-z0-9]{8}` in <#\d+>, .*End one with \/game end in its channel first; nothing was started\.$/,
    );
    expect(await h.bot.sessions.current(chans[3]!)).toBeUndefined();
    // Ending one frees its place.
    await run(player, chans[0]!, 'game', 'end');
    now += 60_000;
    expect((await run(player, chans[3]!, 'game', 'new', { game: 'battle-for-moscow' })).content).toMatch(/has started/);
    // A member with Manage Channels is not held to the member cap (documented choice).
    for (let i = 0; i < 4; i++) {
      now += 60_000;
      const ch = h.fake.channelInGuild(guildId);
      expect((await run(mod, ch, 'game', 'new', { game: 'operation-typhoon' })).content).toMatch(/has started/);
    }
    expect((await h.bot.services.limiter.caps.active({ channelId: first, guildId })).filter((g) => g.by === mod.id)).toHaveLength(4);
  });
});

describe('the caps alone under a flood (no pace limit)', () => {
  let c: BotHarness;
  beforeAll(async () => {
    c = await startBotHarness({ limits: { gamesPerMember: 3, gamesPerServer: 5 } });
  });
  afterAll(async () => {
    await c?.stop();
  });

  it('thirty /game new thread:true at once: exactly 3 threads and games, 27 told they have 3 active games', async () => {
    const { guildId, channelId } = c.fake.channelInNewGuild();
    const flooder = member('Flooder2');
    const opened = c.fake.threadsOpened;
    const records = Array.from({ length: 30 }, () =>
      c.fake.command(flooder, channelId, 'game', 'new', { game: 'battle-for-moscow', thread: true }),
    );
    const answers = await answersTo(c.fake, records);
    expect(c.fake.threadsOpened - opened).toBe(3);
    expect(await c.bot.services.limiter.caps.active({ channelId, guildId })).toHaveLength(3);
    const refused = answers.filter((a) => a.ephemeral);
    expect(refused).toHaveLength(27);
    for (const r of refused) expect(r.content).toMatch(/^You already have 3 active games on this server/);
  });

  it('a server holds at most its cap, whoever asks: seven members at once, five games', async () => {
    const { guildId, channelId } = c.fake.channelInNewGuild();
    const members = Array.from({ length: 7 }, (_, i) => member(`Member${i}`));
    const opened = c.fake.threadsOpened;
    const answers = await answersTo(
      c.fake,
      members.map((m) => c.fake.command(m, channelId, 'game', 'new', { game: 'operation-typhoon', thread: true })),
    );
    expect(c.fake.threadsOpened - opened).toBe(5);
    expect(await c.bot.services.limiter.caps.active({ channelId, guildId })).toHaveLength(5);
    const refused = answers.filter((a) => a.ephemeral);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r.content).toMatch(/^This server has 5 active games/);
  });
});

describe('mentions', () => {
  it('every message the bot sent so far pinged nobody: allowed_mentions { parse: [] } on each', () => {
    const sent = [...h.fake.channelMessages.values()].flat().filter((m) => !m.pending);
    expect(sent.length).toBeGreaterThan(20);
    expect(h.fake.mentionChecks).toBeGreaterThanOrEqual(sent.length);
    for (const m of sent) expect(m.allowedMentions, m.content).toEqual({ parse: [] });
    expect(h.fake.mentionProblems).toEqual([]);
  });

  it('the check bites: a message sent with mentions enabled, or without allowed_mentions, is flagged and fails the fake’s stop', async () => {
    const rest = h.bot.client.rest;
    const ch = channel();
    await rest.post(Routes.channelMessages(ch), {
      body: { content: '<@300000000000000001> your turn', allowed_mentions: { parse: ['users'] } },
    });
    await rest.post(Routes.channelMessages(ch), { body: { content: '@everyone look' } });
    await rest.post(Routes.channelMessages(ch), { body: { content: 'quiet', allowed_mentions: { parse: [] } } });
    expect(h.fake.mentionProblems).toHaveLength(2);
    expect(h.fake.mentionProblems[0]).toMatch(/channel message: allowed_mentions.parse is \["users"\]/);
    expect(h.fake.mentionProblems[1]).toMatch(/channel message: no allowed_mentions/);
    expect(() => h.fake.assertNoMentions()).toThrow(/2 message\(s\) from the bot could ping someone/);
    // Taken back here, so that this file's own after-hook (the fake's stop) passes.
    h.fake.mentionProblems.length = 0;

    // The after-hook itself: a fake that saw one such message fails when stopped.
    const other = await new FakeDiscord().start();
    const client = new REST({ api: other.apiUrl }).setToken(other.token);
    await client.post(Routes.channelMessages(ch), { body: { content: 'hi <@&1>', allowed_mentions: { roles: ['1'] } } });
    await expect(other.stop()).rejects.toThrow(/allowed_mentions.roles lists 1/);
  });
});

describe('the limits from the environment, in the bot process', () => {
  let fake: FakeDiscord;
  const running: BotProcess[] = [];
  beforeAll(async () => {
    fake = await new FakeDiscord().start();
  });
  afterAll(async () => {
    for (const p of running) await p.kill();
    await fake.stop();
  });

  it('reads LIMIT_* at start-up and refuses a bad value by name', async () => {
    const env = { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, RENDER_WORKERS: '0' };
    // Both processes start at once (the bad one stops before connecting), as plain JavaScript
    // (a start-up under tsx costs twice the CPU; test/discord/process.test.ts starts it with tsx).
    const bad = spawnBot('src/main.ts', { ...env, LIMIT_GAMES_PER_MEMBER: 'many' }, { plain: true });
    running.push(bad);
    const dataFile = join(mkdtempSync(join(tmpdir(), 'limits-process-')), 'games.sqlite');
    const bot = spawnBot(
      'src/main.ts',
      { ...env, DATA_FILE: dataFile, LIMIT_NEW_GAMES: '1', LIMIT_NEW_GAMES_SECONDS: '3600' },
      { plain: true },
    );
    running.push(bot);
    expect(await bad.exited).not.toBe(0);
    expect(bad.output()).toMatch(/LIMIT_GAMES_PER_MEMBER: /);
    expect(bad.output()).not.toContain(fake.token);

    await bot.waitForOutput(/Logged in as/);
    await fake.waitForShards(1);
    const user = member('Env');
    const [first] = await fake.answers(fake.command(user, channel(), 'game', 'new', { game: 'operation-typhoon' }));
    expect(first!.content).toMatch(/has started/);
    const [second] = await fake.answers(fake.command(user, channel(), 'game', 'new', { game: 'operation-typhoon' }));
    expectRefused(second, /\(1 per hour per member\)\. Try again in 60 min; nothing was started\./);
  });
});
