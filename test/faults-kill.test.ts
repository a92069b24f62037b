import { describe, expect, it } from 'vitest';
import { killLoop } from './helpers/kill-loop.js';

/**
 * The bot process killed with SIGKILL in the middle of a stream of orders, and restarted:
 * no acknowledged order is ever lost, and the log stays gapless. CI runs a few kills;
 * `npm run reliability` runs 100 and writes docs/reliability.md.
 */
describe('crashes', () => {
  it('loses no acknowledged order when the process is killed at random points', async () => {
    const result = await killLoop(4, 11);
    expect(result.acknowledged).toBeGreaterThan(4);
    expect(result.lost).toBe(0);
    expect(result.gaps).toBe(0);
    expect(result.finalVersion).toBeGreaterThanOrEqual(result.acknowledged);
  }, 180_000);
});
