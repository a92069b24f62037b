import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameStore } from '../../src/store/game-store.js';
import { member } from '../helpers/fake-discord/bot-harness.js';
import { type BotProcess, spawnBot } from '../helpers/fake-discord/bot-process.js';
import { FakeDiscord } from '../helpers/fake-discord/fake-discord.js';
import { type LocalRedis, redisMissingReason, startLocalRedis } from '../helpers/local-redis.js';

/**
 * `npm run start:sharded:prod`: the shard manager and its shards as real processes, as built
 * (plain JavaScript, see plain-build.ts), on one Redis store, against the fake Discord. Apart
 * from process.test.ts so the two run side by side.
 */
const noRedis = redisMissingReason();

let fake: FakeDiscord;
const running: BotProcess[] = [];

beforeAll(async () => {
  fake = await new FakeDiscord().start();
});
afterAll(async () => {
  for (const p of running) await p.kill();
  await fake.stop();
});

function launch(entry: string, extra: Record<string, string>, options: { plain?: boolean } = {}): BotProcess {
  const p = spawnBot(entry, { DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl, ...extra }, options);
  running.push(p);
  return p;
}

describe.skipIf(!!noRedis)('the bot sharded on Redis', () => {
  let redis: LocalRedis;
  beforeAll(async () => {
    redis = await startLocalRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('runs two shards in two processes on one Redis store, each guild served by its shard', async () => {
    const before = fake.identifies.length;
    const manager = launch('src/shard.ts', { KEYV_URL: redis.url, SHARD_COUNT: '2' }, { plain: true });
    await manager.waitForOutput(/All 2 shards are up/, 60_000);
    expect(
      fake.identifies
        .slice(before)
        .map((s) => s.join('/'))
        .sort(),
    ).toEqual(['0/2', '1/2']);
    // One channel on each shard.
    const channels: string[] = [];
    while (channels.length < 2) {
      const { channelId } = fake.channelInNewGuild();
      if (!channels.some((c) => fake.shardOf(c, 2) === fake.shardOf(channelId, 2))) channels.push(channelId);
    }
    const user = member('Model');
    for (const ch of channels) {
      const [start] = await fake.answers(fake.command(user, ch, 'game', 'new', { game: 'battle-for-moscow', vs: 'bot' }));
      expect(start!.content, `answer: ${start!.content}\nshard output:\n${manager.output().slice(-3000)}`).toMatch(/Battle for Moscow/);
      expect(start!.files).toHaveLength(1);
    }
    const store = createGameStore({ keyvUrl: redis.url });
    for (const ch of channels) expect(await store.currentId(ch)).toMatch(/^[a-z0-9]{8}$/);
    await store.close();
    await manager.kill('SIGTERM');
    expect(manager.output()).not.toContain(fake.token);
  });
});
