import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServices } from '../../src/dispatch/services.js';
import { createGameStore } from '../../src/store/game-store.js';
import { BallotStore } from '../../src/votes/ballot-store.js';
import { ManualClock } from '../../src/votes/index.js';
import { type LocalRedis, redisMissingReason, startLocalRedis } from '../helpers/local-redis.js';
import { plainEntry } from '../helpers/plain-build.js';
import { alice, bob, testGames } from '../helpers/test-game.js';

/**
 * Two bot processes on one Redis (two services, a rolling restart, a shard misrouted): an
 * order is applied by one of them only, every acknowledged order is kept, ballots opened at
 * once are all listed, and a ballot due while both run is closed and reported once.
 */
const noRedis = redisMissingReason();
if (noRedis) console.warn(`Skipping the two-process tests: ${noRedis}.`);

let redis: LocalRedis | undefined;
beforeAll(async () => {
  if (!noRedis) redis = await startLocalRedis();
});
afterAll(async () => {
  await redis?.stop();
});

/**
 * Run the task in two worker processes at once (each starts it when both are connected and
 * ready); their output lines, parsed. The workers run as plain JavaScript (plain-build.ts):
 * under tsx their start-up cost twice the CPU.
 */
async function inTwoProcesses(task: Record<string, unknown>, second: Record<string, unknown> = {}): Promise<Record<string, unknown>[][]> {
  let ready = 0;
  const children: ChildProcess[] = [];
  const one = (extra: Record<string, unknown>) =>
    new Promise<Record<string, unknown>[]>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [plainEntry('test/helpers/store-worker.ts'), JSON.stringify({ url: redis!.url, ...task, ...extra })],
        { stdio: ['pipe', 'pipe', 'pipe'] },
      );
      children.push(child);
      child.stdin!.on('error', () => undefined); // a worker that already exited
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        const wasReady = out.includes('{"ready":true}');
        out += d.toString();
        if (wasReady || !out.includes('{"ready":true}')) return;
        ready += 1;
        if (ready === 2) for (const c of children) c.stdin!.end('go\n');
      });
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.once('exit', (code) => {
        if (code !== 0) {
          // The other worker waits for a start that will not come: closing its stdin stops it.
          for (const c of children) c.stdin!.end();
          return reject(new Error(`worker exited ${code}:\n${out.slice(-2000)}`));
        }
        resolve(
          out
            .split('\n')
            .filter((l) => l.startsWith('{') && l !== '{"ready":true}')
            .map((l) => JSON.parse(l) as Record<string, unknown>),
        );
      });
    });
  return Promise.all([one({}), one(second)]);
}

describe.skipIf(!!noRedis)('two bot processes on one Redis', () => {
  it('applies each order once and loses none it acknowledged (saves are compare-and-set)', async () => {
    const store = createGameStore({ keyvUrl: redis!.url });
    const services = createServices({ store, games: testGames() });
    await services.sessions.newGame({ channelId: 'cas', guildId: 'g' }, alice, { game: 'dice-race', seed: 3 });
    const [a, b] = await inTwoProcesses({ kind: 'orders', channel: 'cas', count: 25 });
    const acked = [...a!, ...b!].filter((l) => 'ok' in l).map((l) => l.ok as number);
    const refused = [...a!, ...b!].filter((l) => 'refused' in l).map((l) => String(l.refused));
    const fresh = createGameStore({ keyvUrl: redis!.url });
    const doc = (await fresh.loadCurrent('cas'))!;
    // Every acknowledged order is stored, at the version it was acknowledged with; nothing else is.
    expect(new Set(acked).size).toBe(acked.length);
    expect(doc.version).toBe(acked.length);
    expect(doc.actions.map((x) => x.version).sort((x, y) => x - y)).toEqual(acked.sort((x, y) => x - y));
    for (const r of refused) expect(r).toMatch(/another order got there first|nothing was changed/);
    expect(acked.length + refused.length).toBe(50);
    await fresh.close();
    await store.close();
  }, 60_000);

  it('lists every ballot opened at once by both processes', async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `open${String(i).padStart(4, '0')}`);
    await inTwoProcesses({ kind: 'open-ballots', games: ids.slice(0, 4) }, { games: ids.slice(4) });
    const store = createGameStore({ keyvUrl: redis!.url });
    expect((await new BallotStore(store).openIds()).filter((id) => id.startsWith('open')).sort()).toEqual(ids);
    await store.close();
  }, 60_000);

  it('closes a ballot that falls due while both run once, and reports it once', async () => {
    const store = createGameStore({ keyvUrl: redis!.url });
    // The ballot opens "three minutes ago" by the clock it was opened with, so it is due at once.
    const clock = new ManualClock(Date.now() - 180_000);
    const services = createServices({ store, games: testGames(), clock });
    const where = { channelId: 'due', guildId: 'g' };
    const started = await services.sessions.newGame(where, alice, { game: 'operation-typhoon', mode: 'vote', seed: 21 });
    // Two voters, so one vote is no majority and the ballot waits for its deadline.
    await services.sessions.join('due', bob);
    const reply = await services.votes.propose('due', alice, started.prompt.choices[0]!.action);
    expect(reply.content).toMatch(/Proposal #1/);
    services.votes.stop();
    const [a, b] = await inTwoProcesses({ kind: 'resume', waitMs: 10_000 });
    const posts = [...a!, ...b!].filter((l) => 'post' in l);
    expect(posts).toHaveLength(1);
    expect(String(posts[0]!.content)).toMatch(/Ballot closed \(time is up\)/);
    const fresh = createGameStore({ keyvUrl: redis!.url });
    expect((await fresh.loadCurrent('due'))!.version).toBe(started.doc.version + 1);
    await fresh.close();
    await store.close();
  }, 60_000);

  it('lets only one of two services whose deadlines fire together close the ballot and report it', async () => {
    const clock = new ManualClock(Date.now());
    const posts: string[][] = [[], []];
    const both = [0, 1].map((i) => {
      const store = createGameStore({ keyvUrl: redis!.url });
      return createServices({ store, games: testGames(), clock, post: async (_c, reply) => posts[i]!.push(reply.content) });
    });
    const [one, two] = both as [ReturnType<typeof createServices>, ReturnType<typeof createServices>];
    const started = await one.sessions.newGame({ channelId: 'both', guildId: 'g2' }, alice, {
      game: 'operation-typhoon',
      mode: 'vote',
      seed: 22,
    });
    await one.sessions.join('both', bob);
    await one.votes.propose('both', alice, started.prompt.choices[0]!.action);
    expect(await two.votes.resume()).toBe(1);
    // Count the closes that ran to their end (closed and carried out, or found the ballot taken).
    let ended = 0;
    for (const s of both) {
      const votes = s.votes as unknown as { close: (...args: unknown[]) => Promise<unknown> };
      const close = votes.close.bind(votes);
      votes.close = async (...args) => {
        const reply = await close(...args);
        ended += 1;
        return reply;
      };
    }
    // Both deadlines fire in the same turn of the event loop: both read the ballot before either takes it.
    clock.advance(121_000);
    await vi.waitFor(() => expect(posts.flat().length).toBeGreaterThanOrEqual(1), { timeout: 20_000 });
    // Both services' closes have ended, and what they report (posted as close returns) is out.
    await vi.waitFor(() => expect(ended).toBe(2), { timeout: 20_000 });
    await new Promise((r) => setImmediate(r));
    expect(posts.flat()).toHaveLength(1);
    expect(posts.flat()[0]).toMatch(/Carried out: #1/);
    for (const s of both) {
      s.votes.stop();
      await s.sessions.store.close();
    }
  }, 60_000);
});
