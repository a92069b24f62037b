import { describe, expect, it } from 'vitest';
import { POLICIES } from '../../../src/games/operation-typhoon/autoplay/index.js';
import { copyState } from '../../../src/games/operation-typhoon/copy-state.js';
import { type TyphoonState, typhoonEngine } from '../../../src/games/operation-typhoon/index.js';

const engine = typhoonEngine();

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Plays a whole game handing the engine only deeply frozen states: any write to the caller's state throws. */
function playFrozen(
  policy: string,
  seed: number,
  scenario: 'historical' | 'clenched-fist',
  allocation: 'auto' | 'manual' = 'auto',
): { states: number; captures: number; paused: number } {
  let state: TyphoonState = deepFreeze(engine.setup({ seed, scenario, allocation }));
  let states = 0;
  let captures = 0;
  let paused = 0;
  while (state.phase !== 'over' && states < 3000) {
    const before = structuredClone(state);
    const next = engine.apply(state, POLICIES[policy]!.decide(engine, state)).state;
    expect(state).toEqual(before);
    if (next.taken.length > state.taken.length) captures += 1;
    if (next.battle?.pending) paused += 1;
    state = deepFreeze(next);
    states += 1;
  }
  return { states, captures, paused };
}

describe('the engine works on its own copy of the state', () => {
  it('copies every field: the copy equals the state and shares no object or array with it but the taken hexes and the units', () => {
    // Manual allocation (10.6), so rounds and breakouts paused for the commander are copied too.
    let state = engine.setup({ seed: 5, scenario: 'historical', allocation: 'manual' });
    const shared = (a: unknown, b: unknown, path: string): string[] => {
      if (!a || typeof a !== 'object') return [];
      if (a === b) return [path];
      return Object.keys(a).flatMap((k) => shared((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
    };
    let checked = 0;
    let withBattle = 0;
    let paused = 0;
    for (let i = 0; i < 400 && state.phase !== 'over'; i++) {
      const copy = copyState(state);
      expect(copy).toEqual(state);
      // 3.5: control only turns German; a capture replaces the list, so it is shared (copy-state.ts).
      // The units are copied on write (Play.unitToChange).
      expect(shared(state, copy, 'state')).toEqual(['state.taken', 'state.units']);
      if (state.battle) withBattle += 1;
      if (state.battle?.pending) paused += 1;
      checked += 1;
      state = engine.apply(state, POLICIES['seek-pockets']!.decide(engine, state)).state;
    }
    expect(checked).toBeGreaterThan(200);
    expect(withBattle).toBeGreaterThan(0);
    expect(paused).toBeGreaterThan(0);
    // The fields only team play, failed attacks and breakouts waiting for an allocation set.
    const full: TyphoonState = {
      ...state,
      ready: ['PG3'],
      airSplit: ['PG3', 'PG2'],
      airUsed: ['PG3'],
      held: { hex: '2616', soviet: [{ id: 'x', steps: 1 }] },
      result: { winner: 'german', reason: 'test' },
      battle: {
        kind: 'breakout',
        hex: '2616',
        from: '2515',
        riverCrossed: false,
        round: 1,
        soviet: [{ id: 'x', steps: 2 }],
        germanOut: [],
        pocket: ['2617'],
        germans: ['a'],
        air: true,
        step: 1,
        fired: ['a'],
        pending: { firer: 'a', on: 'soviet', hits: 1, rule: '10.4' },
      },
      breakouts: {
        captured: '2616',
        pockets: [['2617']],
        force: { units: ['a'], at: '2616', trail: ['2515', '2616'], air: true },
        fromMove: true,
      },
    };
    expect(copyState(full)).toEqual(full);
    expect(shared(full, copyState(full), 'state')).toEqual(['state.taken', 'state.units']);
  });

  it('copies the map of units and a unit only when an order changes it', () => {
    const policy = POLICIES['rush-moscow']!;
    let state = engine.setup({ seed: 4 });
    state = engine.apply(state, { type: 'setup-done' }).state;
    // Orders that move no unit (the Luftwaffe assigned first, 9.1) leave the units as they were, shared.
    let action = policy.decide(engine, state);
    let unmoving = 0;
    while (action.type === 'assign-air') {
      const next = engine.apply(state, action).state;
      expect(next.units).toBe(state.units);
      unmoving += 1;
      state = next;
      action = policy.decide(engine, state);
    }
    expect(unmoving).toBeGreaterThan(0);
    // A move copies the map and the moving units; the others stay shared, the position before is untouched.
    expect(action.type).toBe('move');
    const before = structuredClone(state.units);
    const after = engine.apply(state, action).state;
    expect(state.units).toEqual(before);
    expect(after.units).not.toBe(state.units);
    const moved = Object.keys(after.units).filter((id) => after.units[id]!.hex !== state.units[id]!.hex);
    expect(moved.length).toBeGreaterThan(0);
    for (const id of Object.keys(after.units)) {
      if (moved.includes(id)) expect(after.units[id]).not.toBe(state.units[id]);
      else expect(after.units[id]).toBe(state.units[id]);
    }
  });

  it('never writes to the state it was given, over whole games of both scenarios', () => {
    const a = playFrozen('seek-pockets', 2, 'historical', 'manual');
    const b = playFrozen('rush-moscow', 3, 'clenched-fist');
    expect(a.states).toBeGreaterThan(200);
    expect(a.captures).toBeGreaterThan(20);
    expect(a.paused).toBeGreaterThan(0);
    expect(b.states).toBeGreaterThan(50);
  });
});
