import { describe, expect, it } from 'vitest';
import { crashLoop } from '../helpers/crash-loop.js';
import { sized } from '../helpers/test-size.js';

/**
 * The bot process killed with SIGKILL at random points of a scripted game (Battle for
 * Moscow against the bot, through the fake Discord), and restarted: no acknowledged order
 * is lost or stored differently, the logs stay gapless and replay to the stored positions,
 * and the game goes on. CI runs a few seeded kills; `npm run reliability` runs 100 and
 * writes docs/reliability.md. The same on Redis: kill-redis.test.ts (its own file, so the two
 * loops run side by side).
 */
describe.concurrent('crashes', () => {
  // CI makes 4 kills on SQLite, in two loops of 2 from two seeds run side by side (each
  // restart is seconds of a process starting); TEST_SCALE sizes them (`npm run reliability`
  // makes 100 in one loop).
  for (const seed of [11, 13]) {
    it(`loses no acknowledged order when the process is killed at random points of a game (seed ${seed})`, async () => {
      const kills = sized(2);
      const result = await crashLoop(kills, seed);
      console.log(`crash loop: ${JSON.stringify(result)}`);
      expect(result.problems).toEqual([]);
      expect(result.lost).toBe(0);
      expect(result.damaged).toBe(0);
      // Every round acknowledges at least one order before its kill is timed.
      expect(result.acknowledged).toBeGreaterThanOrEqual(kills + 1);
      // The last restart must lead to an acknowledged order: the game goes on.
      expect(result.resumed).toBeGreaterThanOrEqual(1);
      expect(result.finalVersion).toBeGreaterThan(0);
    }, 240_000);
  }
});
