import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type GameRecord, POLICIES, type Policy, playGame, replay } from '../../../src/games/operation-typhoon/autoplay/index.js';
import {
  findPockets,
  frontGaps,
  Play,
  type TyphoonAction,
  type TyphoonState,
  typhoonEngine,
  typhoonScene,
} from '../../../src/games/operation-typhoon/index.js';

const engine = typhoonEngine();

/** Plays a game action by action, checking the invariants after each one. */
function playChecked(policy: Policy, seed: number): { actions: TyphoonAction[]; state: TyphoonState } {
  let state = engine.setup({ seed });
  const actions: TyphoonAction[] = [];
  let takenBefore = new Set<string>();
  for (let i = 0; state.phase !== 'over'; i++) {
    if (i >= 20_000) expect(i).toBeLessThan(20_000); // terminates
    const action = policy.decide(engine, state);
    state = engine.apply(state, action).state;
    actions.push(action);
    checkInvariants(state, takenBefore);
    takenBefore = new Set(state.taken);
  }
  return { actions, state };
}

/**
 * Runs after every action of whole games: each check calls expect only when it fails (with the
 * same message), as thousands of passing expect calls a game cost more than the game.
 */
function checkInvariants(state: TyphoonState, takenBefore: Set<string>): void {
  const play = new Play(engine.index, state);
  const weight = new Map<string, number>();
  for (const [id, u] of Object.entries(state.units)) {
    weight.set(u.hex, (weight.get(u.hex) ?? 0) + engine.index.unit(id).stacking);
    // A German unit stands on a Soviet hex only while its battle there is being fought.
    if (play.isSoviet(u.hex) && state.battle?.hex !== u.hex) expect(state.battle?.hex, `${id} on Soviet ${u.hex}`).toBe(u.hex);
  }
  for (const [hex, w] of weight) if (!(w <= 3)) expect(w, `stacking in ${hex}`).toBeLessThanOrEqual(3);
  const taken = new Set(state.taken);
  for (const h of takenBefore) if (!taken.has(h)) expect(taken.has(h), `${h} flipped back`).toBe(true);
  if (!(state.pocketTally >= 0)) expect(state.pocketTally).toBeGreaterThanOrEqual(0);
  // Deep strict equality implies toEqual's: toEqual only runs (to say what differs) when it fails.
  const copy = JSON.parse(JSON.stringify(state)) as TyphoonState;
  if (!isDeepStrictEqual(copy, state)) expect(copy).toEqual(state);
}

/** A historical game played once by the runner, for the tests that only read its record. */
const recorded = new Map<string, GameRecord>();
function recordedGame(policy: string, seed: number): GameRecord {
  const key = `${policy}:${seed}`;
  if (!recorded.has(key)) recorded.set(key, playGame(engine, POLICIES[policy]!, seed));
  return recorded.get(key)!;
}

describe('Operation Typhoon auto-play', () => {
  for (const name of Object.keys(POLICIES)) {
    it(`${name} plays whole games within the rules, replayable from the seed`, () => {
      for (const seed of [3, 17]) {
        const { actions, state } = playChecked(POLICIES[name]!, seed);
        expect(state.phase).toBe('over');
        expect(state.result).toBeDefined();
        expect(JSON.stringify(replay(engine, seed, 'historical', actions))).toBe(JSON.stringify(state));
      }
    });
  }

  it('the runner records each turn and rebuilds its final state from the action list', () => {
    const g = recordedGame('seek-pockets', 2);
    expect(g.turns.length).toBeGreaterThanOrEqual(2);
    expect(g.turns.map((t) => t.turn)).toEqual(g.turns.map((_, i) => i + 1));
    expect(g.turns.every((t) => !t.capped)).toBe(true);
    expect(JSON.stringify(replay(engine, 2, 'historical', g.actions))).toBe(JSON.stringify(g.final));
  });

  it('policies are deterministic: the same seed gives the same game', () => {
    const a = playGame(engine, POLICIES['rush-moscow']!, 11);
    const b = playGame(engine, POLICIES['rush-moscow']!, 11);
    expect(b.actions).toEqual(a.actions);
  });

  it('seek-pockets closes pockets on turns 1-2 where rush-moscow does not', () => {
    const tally = (name: string) => recordedGame(name, 2).turns.find((t) => t.turn === 2)?.pocketTally ?? 0;
    expect(tally('seek-pockets')).toBeGreaterThan(tally('rush-moscow'));
    expect(tally('seek-pockets')).toBeGreaterThan(40);
  });

  it('clenched-fist games run to the end too', () => {
    const g = playGame(engine, POLICIES['seek-pockets']!, 7, 'clenched-fist');
    expect(g.final.phase).toBe('over');
    expect(JSON.stringify(replay(engine, 7, 'clenched-fist', g.actions))).toBe(JSON.stringify(g.final));
    expect(g.final.scenario).toBe('clenched-fist');
    expect(g.final.result).toBeDefined();
    // Its last turn's pockets were all taken before the game ended: no Soviet hex is left cut off.
    expect(findPockets(new Play(engine.index, g.final))).toEqual([]);
    // It was lost at the front integrity check: every later picture outlines the hexes that failed it.
    expect(g.final.result!.reason).toMatch(/^4\.3: the front has 5 unwatched hexes$/);
    const lost = typhoonScene(engine.index, g.final, []).regions?.find((r) => r.label === 'Front hexes unwatched (4.3)');
    expect(lost?.hexes).toEqual(frontGaps(new Play(engine.index, g.final)));
    expect(lost?.hexes).toHaveLength(5);
  });
});
