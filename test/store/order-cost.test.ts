import { afterEach, describe, expect, it } from 'vitest';
import type { GameDef } from '../../src/games/game-def.js';
import { INSTALLED_GAMES } from '../../src/games/installed.js';
import { GameRegistry } from '../../src/games/registry.js';
import { GameSessions } from '../../src/session/game-sessions.js';
import type { Batch } from '../../src/store/atomic-batch.js';
import { createGameStore, type GameStore } from '../../src/store/game-store.js';
import { alice, raceGame, tempDataFile } from '../helpers/test-game.js';

/**
 * Per-order cost stays flat as a game grows (measured in docs/performance.md; here what makes
 * it so): an order writes the game's head and the end of its log, not the whole log; a load
 * that finds the game as this process last saved it reads no log; an undo goes back to the
 * state kept with the last order instead of replaying the game.
 */
const stores: GameStore[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

/** The race, with its engine's applies counted. */
function countedRace(): { def: GameDef; applies: { n: number } } {
  const applies = { n: 0 };
  const engine = {
    ...raceGame.engine,
    apply: (s: Parameters<typeof raceGame.engine.apply>[0], a: Parameters<typeof raceGame.engine.apply>[1]) => {
      applies.n += 1;
      return raceGame.engine.apply(s, a);
    },
  };
  return { def: { ...raceGame, engine } as unknown as GameDef, applies };
}

function bytesOf(batch: Batch): number {
  return (batch.set ?? []).reduce((n, s) => n + JSON.stringify(s.value).length, 0);
}

describe('per-order cost', () => {
  it('writes the same few keys and bytes for an order late in a long game as early on', async () => {
    const { def } = countedRace();
    const store = createGameStore({ dataFile: tempDataFile() });
    stores.push(store);
    const s = new GameSessions(store, new GameRegistry([...INSTALLED_GAMES, def]));
    const written: { keys: number; bytes: number }[] = [];
    const commit = store.batches.commit.bind(store.batches);
    store.batches.commit = async (batch) => {
      written.push({ keys: (batch.set ?? []).length, bytes: bytesOf(batch) });
      return commit(batch);
    };
    await s.newGame({ channelId: 'long' }, alice, { game: 'dice-race', seed: 1, options: { goal: 40 } });
    for (let i = 0; i < 600; i++) await s.act('long', alice, { type: 'end-turn' });
    const early = written[10]!;
    const late = written.at(-1)!;
    // The head, the summary and one or two log chunks of each kind, however long the game.
    expect(late.keys).toBeLessThanOrEqual(6);
    expect(late.bytes).toBeLessThan(early.bytes * 3);
    // And the game reads back whole.
    const again = createGameStore({ dataFile: (store.keyv.store as { opts: { db: string } }).opts.db });
    stores.push(again);
    const doc = (await again.loadCurrent('long'))!;
    expect(doc.actions).toHaveLength(600);
    expect(doc.events).toHaveLength(601);
  });

  it('takes an order back without replaying the game', async () => {
    const { def, applies } = countedRace();
    const store = createGameStore({ dataFile: tempDataFile() });
    stores.push(store);
    const s = new GameSessions(store, new GameRegistry([...INSTALLED_GAMES, def]));
    await s.newGame({ channelId: 'undo' }, alice, { game: 'dice-race', seed: 1, options: { goal: 40 } });
    for (let i = 0; i < 300; i++) await s.act('undo', alice, { type: 'end-turn' });
    const before = (await s.require('undo')).doc;
    await s.act('undo', alice, { type: 'step' });
    applies.n = 0;
    const undone = await s.undo('undo', alice);
    expect(applies.n).toBe(0);
    expect(undone.doc.state).toEqual(before.state);
    expect(undone.doc.actions).toEqual(before.actions);
    // A second undo in a row has no kept state: it replays, and is refused here like any other (no step to take back).
    await expect(s.undo('undo', alice)).rejects.toThrow(/cannot be taken back/);
  });
});
