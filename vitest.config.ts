import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { SlowFirstSequencer } from './test/helpers/slow-first-sequencer.js';

/**
 * Test files share their worker's module cache (isolate: false) instead of importing
 * discord.js, the games and the canvas afresh for each file and starting new render and game
 * worker threads: those imports were a third of the suite's CPU time. No test file sets
 * process.env or mocks a module, and spies are put back after each test (restoreMocks), so
 * no test sees another's. Projects do not inherit these settings: each sets them.
 *
 * Three groups, one after another, so no file competes for the 2-core machine with one that
 * measures time:
 * - most files, three at a time (the longest first, see the sequencer): they wait on sockets and
 *   worker threads often enough that a third keeps both cores busy;
 * - PROCESSES: files whose time goes into bot processes they start, kill and restart, three at
 *   a time (each mostly waits on its children, and none measures an answer's delay); the crash
 *   loops on SQLite and on Redis in files of their own, so they run side by side;
 * - ALONE: files that measure answers against Discord's 3-second window under load, one at
 *   a time with the machine to themselves.
 *
 * `npm run test:quick` (TEST_QUICK set) runs only the engines, rules, session, store and
 * votes (QUICK below), fuzzers at a quarter of their size.
 */
const PROCESSES = [
  'test/faults/kill.test.ts',
  'test/faults/kill-redis.test.ts',
  'test/discord/process.test.ts',
  'test/discord/shards.test.ts',
  'test/project/production-build.test.ts',
];
const ALONE = ['test/discord/load.test.ts', 'test/faults/redis.test.ts', 'test/discord/abuse.test.ts'];
/**
 * The quick run: engines and rules, sessions, the store and votes. Not in it: the fake
 * Discord, processes, the console and command paths with their pictures, the bots' searches,
 * and the store's cost over a long game.
 */
const QUICK = [
  'test/kernel/**/*.test.ts',
  'test/contracts/**/*.test.ts',
  'test/games/**/*.test.ts',
  'test/session/**/*.test.ts',
  'test/store/**/*.test.ts',
  'test/votes/**/*.test.ts',
  'test/project/layers.test.ts',
  'test/project/docs-links.test.ts',
];
const NOT_QUICK = [
  'test/store/two-processes.test.ts',
  'test/store/order-cost.test.ts',
  'test/games/plugin-fixture.test.ts',
  'test/games/*/console.test.ts',
  'test/games/*/play.test.ts',
  'test/games/drive-on-moscow/search.test.ts',
  'test/games/drive-on-moscow/setup.test.ts',
  'test/games/operation-typhoon/table.test.ts',
  'test/games/operation-typhoon/air-split.test.ts',
  'test/games/operation-typhoon/allocation.test.ts',
  'test/games/operation-typhoon/battle-win.test.ts',
  'test/games/operation-typhoon/pocket-move.test.ts',
  'test/votes/console.test.ts',
];

const shared = { testTimeout: 30_000, isolate: false, restoreMocks: true, sequence: { sequencer: SlowFirstSequencer } };

function project(
  name: string,
  groupOrder: number,
  include: string[],
  exclude: string[],
  maxWorkers: number,
): TestProjectInlineConfiguration {
  return {
    test: { ...shared, name, include, exclude, maxWorkers, fileParallelism: maxWorkers > 1, sequence: { ...shared.sequence, groupOrder } },
  };
}

const ALL = ['test/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    reporters: ['default', './test/helpers/file-times-reporter.ts'],
    projects: process.env.TEST_QUICK
      ? [project('quick', 0, QUICK, NOT_QUICK, 2)]
      : [
          project('parallel', 0, ALL, [...PROCESSES, ...ALONE], 3),
          project('processes', 1, PROCESSES, [], 3),
          project('alone', 2, ALONE, [], 1),
        ],
  },
});
