import { afterAll, describe, expect, it } from 'vitest';
import { type BotHarness, channel, member, startBotHarness } from '../helpers/fake-discord/bot-harness.js';
import { type LocalRedis, redisMissingReason, startLocalRedis } from '../helpers/local-redis.js';

/**
 * Redis stopped under a running bot and started again: meanwhile every order gets a clear
 * private answer within Discord's 3 s and changes nothing; afterwards play goes on where
 * it stood.
 */
const noRedis = redisMissingReason();
if (noRedis) console.warn(`Skipping the Redis outage test: ${noRedis}.`);

let redis: (LocalRedis & { dir: string }) | undefined;
let h: BotHarness | undefined;
afterAll(async () => {
  await h?.stop();
  await redis?.stop();
});

describe.skipIf(!!noRedis)('a Redis outage', () => {
  it('answers clearly while Redis is down and recovers fully when it is back', async () => {
    redis = await startLocalRedis(undefined, { durable: true });
    h = await startBotHarness({ store: { keyvUrl: redis.url } });
    const user = member('Weichs');
    const ch = channel();
    await h.fake.answers(h.fake.command(user, ch, 'game', 'new', { game: 'battle-for-moscow', seed: 5 }));
    const [swapped] = await h.fake.answers(h.fake.command(user, ch, 'setup', 'swap', { a: 'XXIV', b: 'XLI' }));
    expect(swapped!.ephemeral).toBe(false);

    const port = redis.port;
    const dir = redis.dir;
    await redis.stop();
    const during = [];
    for (let i = 0; i < 5; i++) {
      const record = h.fake.command(user, ch, 'setup', 'swap', { a: 'XLI', b: 'XXIV' });
      const [answer] = await h.fake.answers(record, 1, 20_000);
      expect(record.refused).toEqual([]);
      expect(answer!.ephemeral).toBe(true);
      expect(answer!.content).toMatch(/store|nothing was changed/i);
      during.push(answer!.content);
    }

    redis = await startLocalRedis(port, { dir, durable: true });
    let back: Awaited<ReturnType<typeof h.fake.answers>>[number] | undefined;
    for (let attempt = 0; attempt < 40; attempt++) {
      const [answer] = await h.fake.answers(h.fake.command(user, ch, 'game', 'status', {}), 1, 20_000);
      back = answer!;
      if (!back.ephemeral) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(back!.content).toMatch(/version 1\b/);
    const [again] = await h.fake.answers(h.fake.command(user, ch, 'setup', 'swap', { a: 'XLI', b: 'XXIV' }));
    expect(again!.ephemeral).toBe(false);
    expect((await h.bot.sessions.require(ch)).doc.version).toBe(2);
  }, 120_000);
});

describe.skipIf(!!noRedis)('a bot started before Redis', () => {
  it('waits for the store to answer before taking orders, and gives up clearly when it never does', async () => {
    const { createGameStore, StoreUnavailableError } = await import('../../src/store/game-store.js');
    const { freePort } = await import('../helpers/local-redis.js');
    const port = await freePort();
    const store = createGameStore({ keyvUrl: `redis://127.0.0.1:${port}` });
    try {
      await expect(store.waitUntilReady(300, 50)).rejects.toBeInstanceOf(StoreUnavailableError);
      const late = await startLocalRedis(port);
      try {
        await store.waitUntilReady(10_000, 50);
        expect(await store.currentId('no-such-channel')).toBeUndefined();
      } finally {
        await store.close();
        await late.stop();
      }
    } finally {
      await store.close();
    }
  }, 30_000);
});
