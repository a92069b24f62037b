import { describe, expect, it } from 'vitest';
import { crashLoop } from '../helpers/crash-loop.js';
import { redisMissingReason } from '../helpers/local-redis.js';
import { sized } from '../helpers/test-size.js';

/**
 * The crash loop of kill.test.ts with the games in a Redis of its own (append-only, fsync
 * always): undo, a new game and ballots killed mid-write too.
 */
describe.skipIf(!!redisMissingReason())('crashes on Redis', () => {
  it('loses no acknowledged order, undo, new game or ballot when the process is killed, with the games in Redis', async () => {
    const result = await crashLoop(sized(2), 12, () => undefined, { store: 'redis' });
    console.log(`crash loop (redis): ${JSON.stringify(result)}`);
    expect(result.problems).toEqual([]);
    expect(result.lost).toBe(0);
    expect(result.damaged).toBe(0);
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result.resumed).toBeGreaterThanOrEqual(1);
  }, 240_000);
});
