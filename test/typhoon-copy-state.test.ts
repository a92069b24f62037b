import { describe, expect, it } from 'vitest';
import { POLICIES } from '../src/games/operation-typhoon/autoplay/index.js';
import { copyState } from '../src/games/operation-typhoon/copy-state.js';
import { type TyphoonState, typhoonEngine } from '../src/games/operation-typhoon/index.js';

const engine = typhoonEngine();

function deepFreeze<T>(x: T): T {
  if (x && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Plays a whole game handing the engine only deeply frozen states: any write to the caller's state throws. */
function playFrozen(policy: string, seed: number, scenario: 'historical' | 'clenched-fist'): { states: number; captures: number } {
  let state: TyphoonState = deepFreeze(engine.setup({ seed, scenario }));
  let states = 0;
  let captures = 0;
  while (state.phase !== 'over' && states < 3000) {
    const before = structuredClone(state);
    const next = engine.apply(state, POLICIES[policy]!.decide(engine, state)).state;
    expect(state).toEqual(before);
    if (next.taken.length > state.taken.length) captures += 1;
    state = deepFreeze(next);
    states += 1;
  }
  return { states, captures };
}

describe('the engine works on its own copy of the state', () => {
  it('copies every field: the copy equals the state and shares no object or array with it', () => {
    let state = engine.setup({ seed: 5, scenario: 'historical' });
    const shared = (a: unknown, b: unknown, path: string): string[] => {
      if (!a || typeof a !== 'object') return [];
      if (a === b) return [path];
      return Object.keys(a).flatMap((k) => shared((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`));
    };
    let checked = 0;
    let withBattle = 0;
    for (let i = 0; i < 400 && state.phase !== 'over'; i++) {
      const copy = copyState(state);
      expect(copy).toEqual(state);
      expect(shared(state, copy, 'state')).toEqual([]);
      if (state.battle) withBattle += 1;
      checked += 1;
      state = engine.apply(state, POLICIES['seek-pockets']!.decide(engine, state)).state;
    }
    expect(checked).toBeGreaterThan(200);
    expect(withBattle).toBeGreaterThan(0);
    // The fields only team play and failed attacks set.
    const full: TyphoonState = {
      ...state,
      ready: ['PG3'],
      airSplit: ['PG3', 'PG2'],
      airUsed: ['PG3'],
      held: { hex: '2616', soviet: [{ id: 'x', steps: 1 }] },
      result: { winner: 'german', reason: 'test' },
    };
    expect(copyState(full)).toEqual(full);
    expect(shared(full, copyState(full), 'state')).toEqual([]);
  });

  it('never writes to the state it was given, over whole games of both scenarios', () => {
    const a = playFrozen('seek-pockets', 2, 'historical');
    const b = playFrozen('rush-moscow', 3, 'clenched-fist');
    expect(a.states).toBeGreaterThan(200);
    expect(a.captures).toBeGreaterThan(20);
    expect(b.states).toBeGreaterThan(50);
  });
});
