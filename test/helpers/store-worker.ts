import { createServices } from '../../src/dispatch/services.js';
import { createGameStore } from '../../src/store/game-store.js';
import { BallotStore } from '../../src/votes/ballot-store.js';
import { testGames } from './test-game.js';

/**
 * One bot process's worth of services on a shared Redis, for the two-process tests
 * (test/store-two-processes.test.ts): `node --import tsx store-worker.ts '<task JSON>'`.
 * Starts its task at `task.at` (epoch ms) so both processes run it at once, and prints
 * one JSON line per result.
 */
interface Task {
  kind: 'orders' | 'open-ballots' | 'resume';
  url: string;
  at: number;
  channel?: string;
  count?: number;
  games?: string[];
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
await new Promise((r) => setTimeout(r, Math.max(0, task.at - Date.now())));

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
  say({ resumed: await services.votes.resume() });
  await new Promise((r) => setTimeout(r, task.waitMs ?? 3000));
}
services.votes.stop();
await store.close();
process.exit(0);
