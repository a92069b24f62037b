import { afterEach, describe, expect, it } from 'vitest';
import { replay, StaleChoiceError } from '../../src/session/index.js';
import { KeyedLock } from '../../src/store/keyed-lock.js';
import { alice, openSessions, type RaceState, tempDataFile } from '../helpers/test-game.js';

const file = tempDataFile();
let s = openSessions(file);
afterEach(async () => {
  await s.store.close();
  s = openSessions(tempDataFile());
});

describe('per-channel serialisation', () => {
  it('applies 50 racing actions on one channel exactly once each, with consecutive versions', async () => {
    await s.newGame({ channelId: 'race' }, alice, { game: 'dice-race', options: { goal: 40 } });
    // Steps would hit the two-per-turn rule, so race with rolls (each passes the turn) up to a win.
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => s.act('race', alice, { type: 'roll' })));
    const accepted = results.filter((r) => r.status === 'fulfilled');
    const view = await s.require('race');
    const state = view.doc.state as RaceState;
    // Every accepted roll is in the log once; once someone wins, the rest are refused (game over).
    expect(view.doc.actions).toHaveLength(accepted.length);
    expect(view.doc.actions.map((a) => a.version)).toEqual(Array.from({ length: accepted.length }, (_, i) => i + 1));
    expect(view.doc.version).toBe(accepted.length);
    expect(state.dice.rolls).toBe(accepted.length);
    expect(replay(view.def, view.doc.options, view.doc.seed, view.doc.actions)).toEqual(view.doc.state);
    const versions = accepted
      .map((r) => (r as PromiseFulfilledResult<{ doc: { version: number } }>).value.doc.version)
      .sort((a, b) => a - b);
    expect(versions).toEqual(view.doc.actions.map((a) => a.version));
    for (const r of results) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/over \(finished\)/);
  });

  it('accepts all 50 racing actions when none ends the game', async () => {
    await s.newGame({ channelId: 'many' }, alice, { game: 'dice-race', options: { goal: 40 } });
    // end-turn never wins, so all 50 must land.
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => s.act('many', alice, { type: 'end-turn' })));
    expect(outcomes.map((o) => o.doc.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const view = await s.require('many');
    expect(view.doc.version).toBe(50);
    expect(view.doc.actions.map((a) => a.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect((view.doc.state as RaceState).turn).toBe('german');
  });

  it('lets exactly one of 50 clicks on the same button through', async () => {
    await s.newGame({ channelId: 'click' }, alice, { game: 'dice-race', seed: 2 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => s.act('click', alice, { type: 'step' }, 0)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.reason).toBeInstanceOf(StaleChoiceError);
    expect((await s.require('click')).doc.version).toBe(1);
  });

  it('keeps channels independent', async () => {
    await Promise.all(['x', 'y', 'z'].map((c) => s.newGame({ channelId: c }, alice, { game: 'dice-race', options: { goal: 40 } })));
    await Promise.all(['x', 'y', 'z'].flatMap((c) => Array.from({ length: 10 }, () => s.act(c, alice, { type: 'end-turn' }))));
    for (const c of ['x', 'y', 'z']) expect((await s.require(c)).doc.version).toBe(10);
  });
});

describe('KeyedLock', () => {
  it('runs tasks for one key in order and goes on after a failure', async () => {
    const lock = new KeyedLock();
    const seen: number[] = [];
    const tasks = [
      lock.run('k', async () => {
        await new Promise((r) => setTimeout(r, 5));
        seen.push(1);
      }),
      lock.run('k', async () => {
        seen.push(2);
        throw new Error('boom');
      }),
      lock.run('k', async () => {
        seen.push(3);
      }),
    ];
    const settled = await Promise.allSettled(tasks);
    expect(seen).toEqual([1, 2, 3]);
    expect(settled.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(lock.busyKeys).toBe(0);
  });
});
