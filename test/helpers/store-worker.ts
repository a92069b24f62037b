import { once } from 'node:events';
import { createServices } from '../../src/dispatch/services.js';
import { createGameStore } from '../../src/store/game-store.js';
import { BallotStore } from '../../src/votes/ballot-store.js';
import { testGames } from './test-game.js';

/**
 * One bot process's worth of services on a shared Redis, for the two-process tests
 * (test/store/two-processes.test.ts), run as plain JavaScript (plain-build.ts): `node store-worker.js '<task JSON>'`.
 * Prints `{"ready":true}` once connected and starts its task when a line comes on stdin, so
 * the test starts both processes' tasks at once; then prints one JSON line per result.
 */
interface Task {
  kind: 'orders' | 'open-ballots' | 'resume';
  url: string;
  channel?: string;
  count?: number;
  games?: string[];
  /** For `resume`: the longest wait for this process's attempt to close the due ballot. */
  waitMs?: number;
}

const task = JSON.parse(process.argv[2]!) as Task;
const store = createGameStore({ keyvUrl: task.url });
await store.waitUntilReady();
const say = (line: unknown) => console.log(JSON.stringify(line));
const services = createServices({
  store,
  games: testGames(),
  post: async (channelId, reply) => say({ post: channelId, content: reply.content }),
});
// Each ballot deadline that fires calls close(); note when one has run to its end (closed and
// carried out, or found the ballot taken by the other process), whatever it returned.
const votes = services.votes as unknown as { close: (...args: unknown[]) => Promise<unknown> };
const close = votes.close.bind(votes);
let closed: () => void = () => undefined;
const closedOnce = new Promise<void>((resolve) => (closed = resolve));
votes.close = async (...args) => {
  const reply = await close(...args);
  closed();
  return reply;
};
say({ ready: true });
// Closed stdin without a start (the test gave up, or the other worker failed): stop.
const go = await Promise.race([once(process.stdin, 'data').then(() => true), once(process.stdin, 'end').then(() => false)]);
if (!go) process.exit(1);

if (task.kind === 'orders') {
  const player = { id: 'u-alice', name: 'Alice' };
  await Promise.all(
    Array.from({ length: task.count! }, async () => {
      try {
        const outcome = await services.sessions.act(task.channel!, player, { type: 'end-turn' });
        say({ ok: outcome.doc.version });
      } catch (err) {
        say({ refused: err instanceof Error ? err.message : String(err) });
      }
    }),
  );
} else if (task.kind === 'open-ballots') {
  const ballots = new BallotStore(store);
  await Promise.all(
    task.games!.map((gameId) =>
      ballots.save({ gameId, channelId: `c-${gameId}`, version: 0, opensAt: 0, closesAt: 1, quick: false, proposals: [], votes: {} }),
    ),
  );
  say({ opened: task.games!.length });
} else {
  const resumed = await services.votes.resume();
  say({ resumed });
  // A due ballot closes at once: wait until this process's attempt has ended, then let its
  // report (posted when close returns) out before stopping.
  if (resumed > 0) await Promise.race([closedOnce, new Promise((r) => setTimeout(r, task.waitMs ?? 3000))]);
  await new Promise((r) => setImmediate(r));
}
services.votes.stop();
await store.close();
process.exit(0);
