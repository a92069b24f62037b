import { defineConfig } from 'vitest/config';

/**
 * Two groups. Most files run two at a time (a 2-core CI machine spends much of a file's time
 * waiting on sockets and child processes). The files that start bot processes, kill them,
 * or measure answers against Discord's 3-second window under load run afterwards, one at a
 * time, so no other file competes with them for the CPU.
 */
const ALONE = [
  'test/faults-*.test.ts',
  'test/load-discord.test.ts',
  'test/discord-process.test.ts',
  'test/discord-abuse.test.ts',
  'test/store-two-processes.test.ts',
  'test/production-build.test.ts',
  'test/rate-limits.test.ts',
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
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'alone',
          include: ALONE,
          testTimeout: 30_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
