/**
 * Plays one whole game with a policy: the seeded set-up, the policy's actions through the
 * engine, and a record of each turn for the balance report. A cap on actions per turn makes
 * every game end even if a policy dithers.
 */

import { Play } from '../context.js';
import { frontGaps, victoryPoints } from '../control.js';
import type { TyphoonEngine } from '../engine.js';
import type { BattleWin, Scenario, TyphoonAction, TyphoonState } from '../state.js';
import type { Policy } from './policy.js';
import { colOf } from './view.js';

/** More than any sensible turn needs (about 70 units, a few steps each). */
export const ACTIONS_PER_TURN_CAP = 1500;

export interface TurnStats {
  turn: number;
  actions: number;
  /** Hexes taken east of the initial front line so far. */
  taken: number;
  pocketTally: number;
  vp: number;
  frontGaps: number;
  /** Soviet hexes west of column 29 (4.4). */
  sovietWest: number;
  /** Battles fought this turn (defending forces generated) and lost. */
  battles: number;
  battlesLost: number;
  capped: boolean;
}

export type Outcome = 'win' | '4.2' | '4.3' | '4.4' | 'turn 8' | 'other';

export interface GameRecord {
  policy: string;
  seed: number;
  scenario: Scenario;
  actions: TyphoonAction[];
  final: TyphoonState;
  turns: TurnStats[];
  outcome: Outcome;
  /** The last turn played. */
  turnReached: number;
}

export function outcomeOf(state: TyphoonState): Outcome {
  const r = state.result;
  if (!r) return 'other';
  if (r.winner === 'german') return 'win';
  for (const o of ['4.2', '4.3', '4.4'] as const) if (r.reason.startsWith(o)) return o;
  return r.reason.startsWith('4.1') ? 'turn 8' : 'other';
}

export function playGame(
  engine: TyphoonEngine,
  policy: Policy,
  seed: number,
  scenario: Scenario = 'historical',
  battleWin: BattleWin = 'set-aside-out',
): GameRecord {
  let state = engine.setup({ seed, scenario, battleWin });
  const actions: TyphoonAction[] = [];
  const turns: TurnStats[] = [];
  let count = 0;
  let battles = 0;
  let lost = 0;
  const step = (action: TyphoonAction) => {
    // The policy's own typed orders: the rules are checked, the parse of player input is not needed.
    const applied = engine.applyOwn(state, action);
    for (const e of applied.events) {
      if (e.kind === 'battle-lost') lost += 1;
      if (e.kind === 'force-generated' && !e.text.includes('defend with --')) battles += 1;
    }
    actions.push(action);
    state = applied.state;
  };
  while (state.phase !== 'over') {
    const turn = state.turn;
    let action = policy.decide(engine, state);
    const capped = count >= ACTIONS_PER_TURN_CAP;
    if (capped) action = state.battle ? { type: 'retreat' } : { type: 'end-phase' };
    if (action.type === 'end-phase') turns.push({ ...snapshot(engine, state), actions: count + 1, battles, battlesLost: lost, capped });
    step(action);
    count += 1;
    if (state.turn !== turn || isOver(state)) {
      count = 0;
      battles = 0;
      lost = 0;
    }
  }
  return { policy: policy.name, seed, scenario, actions, final: state, turns, outcome: outcomeOf(state), turnReached: state.turn };
}

/** A function, so the loop's narrowing of `state.phase` does not hide the change an action made. */
function isOver(state: TyphoonState): boolean {
  return state.phase === 'over';
}

function snapshot(engine: TyphoonEngine, state: TyphoonState) {
  const play = new Play(engine.index, state);
  let sovietWest = 0;
  for (const h of engine.index.initiallySoviet) if (colOf(h) < 29 && play.isSoviet(h)) sovietWest += 1;
  return {
    turn: state.turn,
    taken: state.taken.length,
    pocketTally: state.pocketTally,
    vp: victoryPoints(play),
    frontGaps: frontGaps(play).length,
    sovietWest,
  };
}

/** Replays an action list from the seed: the same game, rebuilt. */
export function replay(engine: TyphoonEngine, seed: number, scenario: Scenario, actions: readonly TyphoonAction[]): TyphoonState {
  let state = engine.setup({ seed, scenario });
  for (const a of actions) state = engine.apply(state, a).state;
  return state;
}
