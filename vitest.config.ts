import { defineConfig } from 'vitest/config';

/**
 * Test files share their worker's module cache (isolate: false) instead of importing
 * discord.js, the games and the canvas afresh for each file and starting new render and game
 * worker threads: those imports were a third of the suite's CPU time. No test file sets
 * process.env or mocks a module, and spies are put back after each test (restoreMocks), so
 * no test sees another's. Projects do not inherit these settings: each sets them.
 *
 * Two groups. Most files run two at a time (a 2-core CI machine spends much of a file's time
 * waiting on sockets and child processes). The files that start bot processes, kill them,
 * or measure answers against Discord's 3-second window under load run afterwards, one at a
 * time, so no other file competes with them for the CPU. The rate limits (a hand-driven clock),
 * damaged stores and the two store processes (no Discord, no deadline but generous time
 * limits) run with the others.
 */
const ALONE = [
  'test/faults/kill.test.ts',
  'test/faults/redis.test.ts',
  'test/discord/load.test.ts',
  'test/discord/process.test.ts',
  'test/discord/abuse.test.ts',
  'test/project/production-build.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    projects: [
      {
        test: {
          name: 'parallel',
          include: ['test/**/*.test.ts'],
          exclude: ALONE,
          testTimeout: 30_000,
          isolate: false,
          restoreMocks: true,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'alone',
          include: ALONE,
          testTimeout: 30_000,
          isolate: false,
          restoreMocks: true,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
