import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Positions a test reaches by playing a seeded game for hundreds of orders, kept as fixtures
 * in test/fixtures/positions/ instead of replayed on every run (Drive on Moscow's GT8 of seed 3
 * is 1,246 heuristic orders, about 10 s of CPU). Each file says how it was made and holds the
 * state; `check` (the game's state schema) reads it back, so a fixture of an older shape fails
 * loudly instead of feeding a test a wrong position.
 *
 * When play changes on purpose (the pins of whole games by seed fail first), run the suite
 * with TEST_REFRESH_POSITIONS=1: every fixture used is replayed and written anew.
 */
const DIR = resolve(import.meta.dirname, '../fixtures/positions');

export interface ReplayedPosition<S> {
  /** How the position is reached, in words: the game, the seed, who plays, where it stops. */
  made: string;
  /** Orders played from the set-up to reach it. */
  orders: number;
  state: S;
}

export function replayedPosition<S>(
  name: string,
  made: string,
  replay: () => { state: S; orders: number },
  check: (state: unknown) => S,
): S {
  const file = join(DIR, `${name}.json`);
  if (existsSync(file) && !process.env.TEST_REFRESH_POSITIONS) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as ReplayedPosition<unknown>;
    if (kept.made !== made) throw new Error(`${file} was made as "${kept.made}", the test asks for "${made}": refresh it`);
    return check(kept.state);
  }
  const { state, orders } = replay();
  mkdirSync(DIR, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ made, orders, state } satisfies ReplayedPosition<S>)}\n`);
  return check(JSON.parse(JSON.stringify(state)));
}
