/**
 * The Operation Typhoon rules engine: `setup`, `prompt`, `apply`, `result`. Pure: the state
 * is plain JSON, dice come from the seed stored in it, and an illegal action is refused with
 * the rule it breaks while the given state stays as it was.
 */
import { issuesText } from '../../contracts/text.js';
import { type Applied, type GameEngine, type GameResult, RuleError } from '../engine.js';
import { airShare, airSharesLeft, formationsIn } from './air-shares.js';
import {
  afterResumedFight,
  captureHex,
  continueBreakouts,
  endPlay,
  fighting,
  fightRegularRound,
  finishForce,
  sovietWin,
} from './battles.js';
import { CombatRound } from './combat.js';
import { Play } from './context.js';
import { copyState } from './copy-state.js';
import { prompt } from './engine-prompt.js';
import { takeForce, walk } from './force-orders.js';
import { gameOver, hitsWaiting, noBattle, requireOnMap, requirePhase, unitNames } from './order-checks.js';
import { RulesIndex, type TyphoonRules } from './rules-index.js';
import { initialState, setupProblem } from './setup.js';
import { type TyphoonAction, type TyphoonOptions, type TyphoonState, typhoonActionSchema, typhoonOptionsSchema } from './state.js';
import { endPhase, startTurn } from './turn-end.js';

export type TyphoonEngine = GameEngine<TyphoonState, TyphoonAction, TyphoonOptions> & {
  readonly index: RulesIndex;
  /**
   * `apply` for orders this process built itself (auto-play's policies, typed as `TyphoonAction`):
   * the same rules, without parsing the order at the input boundary. Player and file input
   * always goes through `apply`.
   */
  applyOwn(state: TyphoonState, action: TyphoonAction): Applied<TyphoonState>;
};

export function createTyphoonEngine(rules: TyphoonRules): TyphoonEngine {
  const index = new RulesIndex(rules);
  return {
    id: 'operation-typhoon',
    index,
    setup(options) {
      const o = typhoonOptionsSchema.parse(options);
      const state = initialState(index, o.scenario, o.seed, o.battleWin);
      return o.allocation === 'manual' ? { ...state, allocation: 'manual' } : state;
    },
    prompt: (state) => prompt(index, state),
    apply: (state, action) => apply(index, state, action),
    applyOwn: (state, action) => applyOrder(index, state, action),
    applyChecked: (state, action) => applyOrder(index, state, action),
    // 4.0, 5.4: the engine's own verdict; every way play stops (victory checks, Moscow encircled
    // during movement, the last turn, conceding) records it in the state.
    result: (state) => state.result as GameResult | undefined,
  };
}

export function apply(index: RulesIndex, state: TyphoonState, input: TyphoonAction): Applied<TyphoonState> {
  // The engine takes untrusted input too (imports, fuzzing): an order it does not know is refused, never run.
  const parsed = typhoonActionSchema.safeParse(input);
  if (!parsed.success) throw new RuleError('5.0', `not an Operation Typhoon order: ${issuesText(parsed.error, 'order', 2)}`);
  return applyOrder(index, state, parsed.data);
}

/**
 * `apply` without the parse of the order: for orders built in this process as typed
 * `TyphoonAction`s (the scripted German of auto-play), never for anything a player sent or a
 * file held. Every rule is still checked; only the order's shape is taken on trust.
 */
export function applyOrder(index: RulesIndex, state: TyphoonState, action: TyphoonAction): Applied<TyphoonState> {
  const over = gameOver(state);
  if (over) throw over;
  // Only the order that ended a battle shows its defenders. Left out by a copy, not `delete`,
  // which would make the state a slow dictionary object for everything that reads it later.
  const { held: _shown, ...rest } = state;
  const play = new Play(index, copyState(rest));
  const rollsBefore = state.dice.rolls;
  const takenBefore = state.taken.length;
  HANDLERS[action.type](play, action as never);
  play.s.undoable =
    play.s.dice.rolls === rollsBefore &&
    play.s.taken.length === takenBefore &&
    action.type !== 'end-phase' &&
    action.type !== 'concede' &&
    play.s.turn === state.turn &&
    play.s.phase === state.phase;
  return { state: play.s, events: play.events };
}

type Handler<T extends TyphoonAction['type']> = (play: Play, action: Extract<TyphoonAction, { type: T }>) => void;

const HANDLERS: { [T in TyphoonAction['type']]: Handler<T> } = {
  'setup-place': (play, a) => {
    requirePhase(play, 'setup', '3.2', 'units are placed only during set-up');
    if (!play.s.units[a.unit]) throw new RuleError('3.2', `there is no German unit "${a.unit}"`);
    const problem = setupProblem(play, a.unit, a.hex);
    if (problem) throw problem;
    const from = play.s.units[a.unit]!.hex;
    play.unitToChange(a.unit).hex = a.hex;
    play.event('setup', `${play.index.unit(a.unit).label} moves from ${from} to ${a.hex}.`, { rule: '3.2', hexes: [a.hex] });
  },
  'setup-reset': (play) => {
    requirePhase(play, 'setup', '3.2', 'set-up is already finished');
    // The default deployment takes no dice, so any seed gives the same placement.
    play.s.units = initialState(play.index, play.s.scenario, 0).units;
    play.event('setup', 'Every unit is back in the default deployment.', { rule: '3.2', hexes: [] });
  },
  'setup-done': (play) => {
    requirePhase(play, 'setup', '3.2', 'set-up is already finished');
    startTurn(play, play.s.turn);
  },
  'assign-air': (play, a) => {
    requirePhase(play, 'movement', '9.1', 'air support is assigned in Phase I');
    if (play.s.done.length > 0 || play.s.active)
      throw new RuleError('9.1', 'air support is assigned at the start of Phase I, before any force moves');
    if (play.s.airAvailable <= 0) throw new RuleError('9.1', `no Luftwaffe unit left to assign on turn ${play.s.turn}`);
    requireOnMap(play.index, a.hex);
    const units = play.unitsIn(a.hex);
    if (units.length === 0) throw new RuleError('9.1', `there is no German force in ${a.hex}`);
    if (play.s.airWith.some((g) => g.some((u) => units.includes(u))))
      throw new RuleError('9.1', `the force in ${a.hex} already has an air unit (one per force)`);
    const share = airShare(play, units);
    if (share === null) {
      const left = airSharesLeft(play.s);
      throw new RuleError(
        '9.1',
        `the Luftwaffe is split ${play.s.airSplit!.join(', ')} by the commander-in-chief: the force in ${a.hex} (${formationsIn(play, units).join(', ')}) has no share left this turn${left.length ? ` (left: ${left.join(', ')})` : ''}`,
      );
    }
    if (share) play.s.airUsed = [...(play.s.airUsed ?? []), share];
    play.s.airWith.push(units);
    play.s.airAvailable -= 1;
    play.event('air', `A Luftwaffe unit flies with the force in ${a.hex}.`, { rule: '9.1', hexes: [a.hex] });
  },
  move: (play, a) => {
    requirePhase(play, 'movement', '9.0', 'German units move in Phase I');
    noBattle(play);
    const force = takeForce(play, a.from, a.units, a.air);
    walk(play, force, a.path);
  },
  drop: (play, a) => {
    requirePhase(play, 'movement', '9.5', 'units are dropped off while moving');
    noBattle(play);
    const active = play.s.active;
    if (!active) throw new RuleError('9.5', 'no force is moving');
    const unknown = a.units.filter((u) => !active.units.includes(u));
    if (unknown.length)
      throw new RuleError('9.5', `${unitNames(play, unknown)} ${unknown.length === 1 ? 'is' : 'are'} not in the moving force`);
    if (a.units.length >= active.units.length) throw new RuleError('9.5', 'dropping every unit ends the force: use /force end');
    active.units = active.units.filter((u) => !a.units.includes(u));
    for (const u of a.units) play.s.done.push(u); // 9.5: dropped units end their activities
    play.s.done.sort();
    play.event('drop', `${a.units.map((u) => play.index.unit(u).label).join(', ')} stay in ${active.hex}.`, {
      rule: '9.5',
      hexes: [active.hex],
    });
  },
  'end-force': (play) => {
    requirePhase(play, 'movement', '9.0', 'no force is moving');
    noBattle(play);
    if (!play.s.active) throw new RuleError('9.0', 'no force is moving');
    const hex = play.s.active.hex;
    finishForce(play);
    play.event('force-done', `The force in ${hex} ends its move.`, { rule: '9.11', hexes: [hex] });
  },
  'another-round': (play) => {
    const battle = play.s.battle;
    if (!battle) throw new RuleError('10.5', 'there is no battle to continue');
    if (battle.pending) throw hitsWaiting(battle);
    const active = play.s.active!;
    if (active.mp < 1) throw new RuleError('10.5', 'another round costs 1 MP and the force has none left: it must retreat');
    active.mp -= 1; // 9.7
    battle.round += 1;
    play.event('round', `Round ${battle.round} in ${battle.hex} (1 MP; ${active.mp} MP left).`, { rule: '10.5', hexes: [battle.hex] });
    fightRegularRound(play);
  },
  retreat: (play) => {
    if (!play.s.battle) throw new RuleError('10.5', 'there is no battle to retreat from');
    if (play.s.battle.pending) throw hitsWaiting(play.s.battle);
    sovietWin(play, 'the commander retreats');
  },
  ready: (play, a) => {
    requirePhase(play, 'movement', '5.2', 'Phase I is not under way');
    noBattle(play);
    const known = new Set<string>(play.index.charts.formations.map((f) => f.id));
    const unknown = a.formations.filter((f) => !known.has(f));
    if (unknown.length) throw new RuleError('1.4', `there is no formation ${unknown.join(', ')}`);
    // 9.0: a commander who is done stops their own moving force, never another's.
    if (play.s.active && formationsIn(play, play.s.active.units).every((f) => a.formations.includes(f))) finishForce(play);
    const ready = [...new Set([...(play.s.ready ?? []), ...a.formations])].sort();
    play.s.ready = ready;
    const waiting = [...known].filter(
      (f) => !ready.includes(f) && Object.keys(play.s.units).some((u) => play.index.unit(u).formation === f),
    );
    play.event(
      'ready',
      `${a.formations.join(', ')} ${a.formations.length === 1 ? 'is' : 'are'} done for this turn.${waiting.length ? ` Waiting for ${waiting.join(', ')}.` : ''}`,
      {
        rule: '5.2',
      },
    );
    if (waiting.length === 0) {
      finishForce(play);
      endPhase(play);
    }
  },
  'air-split': (play, a) => {
    const known = new Set<string>(play.index.charts.formations.map((f) => f.id));
    const unknown = a.formations.filter((f) => !known.has(f));
    if (unknown.length) throw new RuleError('1.4', `there is no formation ${unknown.join(', ')}`);
    if (a.formations.length === 0) delete play.s.airSplit;
    else play.s.airSplit = [...a.formations];
    play.event(
      'air-split',
      a.formations.length
        ? `The Luftwaffe units of each turn go to ${a.formations.join(', ')}, one each in that order (9.1).`
        : 'The Luftwaffe units go to whoever assigns them first (9.1).',
      { rule: '9.1' },
    );
  },
  'end-phase': (play) => {
    requirePhase(play, 'movement', '5.2', 'Phase I is not under way');
    noBattle(play);
    finishForce(play);
    endPhase(play);
  },
  allocate: (play, a) => {
    const battle = play.s.battle;
    if (!battle?.pending) throw new RuleError('10.6', 'no hits are waiting to be placed');
    const fromMove = battle.kind === 'regular' ? battle.round === 1 : (play.s.breakouts?.fromMove ?? true);
    const round = new CombatRound(play, battle, () =>
      battle.kind === 'breakout' ? (battle.germans ?? []).filter((u) => !battle.germanOut.includes(u)) : fighting(play),
    );
    round.placePending(a.unit);
    if (battle.pending) return; // more hits of this fire to place
    // 10.6: the fire is placed; the round (and the breakouts after it) go on where they stopped.
    if (battle.kind === 'regular') fightRegularRound(play);
    else continueBreakouts(play);
    afterResumedFight(play, fromMove);
  },
  allocation: (play, a) => {
    if (play.s.battle?.pending) throw hitsWaiting(play.s.battle);
    if (a.mode === 'manual') play.s.allocation = 'manual';
    else delete play.s.allocation;
    play.event(
      'allocation',
      a.mode === 'manual'
        ? 'From now on the commander places every hit that could land more than one way (10.6).'
        : 'From now on the bot places the hits: on Soviet units to silence the most fire, on German units to lose the least (10.6).',
      { rule: '10.6' },
    );
  },
  concede: (play) => {
    endPlay(play, 'soviet', '5.4: the German commander concedes');
    play.event('defeat', 'The German commander concedes.', { rule: '5.4' });
  },
};

export { captureHex };
