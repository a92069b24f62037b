/**
 * The Operation Typhoon rules engine: `setup`, `prompt`, `apply`, `result`. Pure: the state
 * is plain JSON, dice come from the seed stored in it, and an illegal action is refused with
 * the rule it breaks while the given state stays as it was.
 */

import { issuesText, plural } from '../../contracts/text.js';
import type { HexId } from '../../kernel/hex.js';
import { type Applied, type GameEngine, type GameResult, type Prompt, RuleError } from '../engine.js';
import {
  afterResumedFight,
  captureHex,
  continueBreakouts,
  endPlay,
  enterSovietHex,
  fighting,
  fightRegularRound,
  finishForce,
  sovietWin,
} from './battles.js';
import { turnSpec } from './charts/index.js';
import { CombatRound } from './combat.js';
import { Play } from './context.js';
import { copyState } from './copy-state.js';
import { allowance, mobilityOf, stackingProblem, startsMudBound, stepCost, unitsByHex } from './movement.js';
import { pocketPreview, pocketText } from './pocket-preview.js';
import { RulesIndex, type TyphoonRules } from './rules-index.js';
import { initialState, setupProblem } from './setup.js';
import {
  type ActiveForce,
  type Battle,
  type TyphoonAction,
  type TyphoonOptions,
  type TyphoonState,
  typhoonActionSchema,
  typhoonOptionsSchema,
} from './state.js';
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

/**
 * 4.0, 5.4: once play has stopped every order is refused, citing the rule that stopped it
 * (4.5 when Moscow was encircled in the middle of a move, 11.2). A state with a result is over
 * even if its phase was left open.
 */
export function gameOver(state: TyphoonState): RuleError | undefined {
  if (state.phase !== 'over' && !state.result) return undefined;
  const reason = state.result?.reason;
  const rule = (reason && /^(\d+\.\d+):/.exec(reason)?.[1]) || '4.0';
  const winner = state.result ? `${state.result.winner === 'german' ? 'German' : 'Soviet'} victory` : 'play has stopped';
  const why = reason ? reason.replace(/^\d+\.\d+:\s*/, '') : '';
  return new RuleError(rule, `the game is over (${winner}${why ? `: ${why}` : ''}); no further orders are taken`);
}

/** 2.2: every hex has its four-digit number on the map; an order naming another is refused as such. */
export function requireOnMap(index: RulesIndex, hex: HexId): void {
  if (!index.map.has(hex)) throw new RuleError('2.2', `there is no hex ${hex} on the map`);
}

/**
 * 9.11, 9.5: a force moves once a phase, and dropped-off units "end their activities for that
 * phase". Said the same by the orders and the engine.
 */
export function alreadyMoved(units: string[], hex?: HexId): RuleError {
  if (hex)
    return new RuleError('9.11', `every unit in ${hex} has already moved this phase (or was dropped off, 9.5); they move again next turn`);
  const were = units.length === 1 ? 'was' : 'were';
  return new RuleError(
    '9.11',
    `${units.join(', ')} already moved this phase (or ${were} dropped off, 9.5) and may not move again until next turn`,
  );
}

function requirePhase(play: Play, phase: TyphoonState['phase'], rule: string, message: string): void {
  if (play.s.phase !== phase) throw new RuleError(rule, message);
}

function noBattle(play: Play): void {
  const refusal = battleWaiting(play.s);
  if (refusal) throw refusal;
}

/** 10.5, 9.0: while a battle waits for the commander's decision no other order is taken. */
export function battleWaiting(s: TyphoonState): RuleError | undefined {
  if (!s.battle) return undefined;
  if (s.battle.pending) return hitsWaiting(s.battle);
  return new RuleError(
    '10.5',
    `a battle in ${s.battle.hex} is waiting: fight another round (/battle round, 1 MP) or retreat to ${s.battle.from} (/battle retreat) first`,
  );
}

/** 10.6: while hits wait to be placed, nothing else happens in the battle. */
function hitsWaiting(battle: Battle): RuleError {
  const p = battle.pending!;
  return new RuleError(
    '10.6',
    `${p.hits === 1 ? 'a hit waits' : `${p.hits} hits wait`} to be placed on ${p.on === 'german' ? 'German' : 'Soviet'} units in ${battle.hex}: /battle hit unit:<unit>, or /battle hit to let the bot place them`,
  );
}

/** 9.0, 9.5, 7.4: continue the moving force, or start a new one from a stack that has not moved. */
function takeForce(play: Play, from: HexId, units: string[] | undefined, airChoice?: 'with' | 'stays'): ActiveForce {
  const s = play.s;
  const active = s.active;
  if (active && active.hex === from && (!units || sameSet(units, active.units))) {
    if (airChoice) throw new RuleError('9.1', 'the force is already moving: its Luftwaffe unit was settled when it set out');
    return active;
  }
  requireOnMap(play.index, from);
  const here = play.unitsIn(from);
  if (here.length === 0) throw new RuleError('9.0', `there is no German unit in ${from}`);
  const ready = here.filter((u) => !s.done.includes(u) && !active?.units.includes(u));
  let chosen: string[];
  if (units) {
    const missing = units.filter((u) => !here.includes(u));
    if (missing.length) throw new RuleError('9.5', `${unitNames(play, missing)} ${missing.length === 1 ? 'is' : 'are'} not in ${from}`);
    const moving = units.filter((u) => active?.units.includes(u));
    if (moving.length)
      throw new RuleError(
        '9.5',
        `${moving.map((u) => play.index.unit(u).label).join(', ')} ${moving.length === 1 ? 'is' : 'are'} in the force moving now: name the whole force to move on, or leave units behind with /force drop`,
      );
    const spent = units.filter((u) => !ready.includes(u));
    if (spent.length) throw alreadyMoved(spent.map((u) => play.index.unit(u).label));
    chosen = [...new Set(units)];
  } else {
    if (ready.length === 0) throw alreadyMoved([], from);
    const classes = new Set(ready.map((u) => play.index.unit(u).mobility));
    if (classes.size > 1)
      throw new RuleError('7.4', `mechanized and non-mechanized units in ${from} cannot move together: name the units to move`);
    chosen = ready;
  }
  if (new Set(chosen.map((u) => play.index.unit(u).mobility)).size > 1) {
    throw new RuleError('7.4', 'mechanized and non-mechanized units may not move as one stack');
  }
  if (active) finishForce(play); // 9.0: a new force means the previous one is finished
  const air = takeAir(play, from, chosen, airChoice);
  const mobility = mobilityOf(play.index, chosen);
  s.active = {
    units: chosen.sort(),
    hex: from,
    mp: allowance(play.index, s.turn, mobility),
    trail: [from],
    air,
    mudBound: startsMudBound(s, from),
  };
  return s.active;
}

/**
 * 9.1: a Luftwaffe unit is placed on a force. When only part of that stack moves, the
 * commander decides whether it flies with the moving part (the default) or stays with the
 * units left in the hex for their own move later this phase.
 */
function takeAir(play: Play, from: HexId, chosen: string[], choice: 'with' | 'stays' | undefined): boolean {
  const s = play.s;
  const group = s.airWith.findIndex((g) => g.some((u) => chosen.includes(u)));
  if (group < 0) {
    if (choice) throw new RuleError('9.1', `no Luftwaffe unit is with the force in ${from}`);
    return false;
  }
  const rest = s.airWith[group]!.filter((u) => !chosen.includes(u) && !s.done.includes(u));
  const names = (units: string[]) => units.map((u) => play.index.unit(u).label).join(', ');
  if (choice !== 'stays') {
    s.airWith.splice(group, 1);
    if (rest.length > 0)
      play.event('air', `The Luftwaffe unit flies with the moving units; ${names(rest)} stay in ${from} without it.`, {
        rule: '9.1',
        hexes: [from],
      });
    return true;
  }
  if (rest.length === 0) throw new RuleError('9.1', `every unit of the force in ${from} is moving: its Luftwaffe unit goes with them`);
  s.airWith[group] = rest;
  play.event('air', `The Luftwaffe unit stays in ${from} with ${names(rest)}.`, { rule: '9.1', hexes: [from] });
  return false;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * 9.2, 9.4, 9.6: move hex by hex along `path`. The whole path is checked before anything
 * moves; a Soviet hex may only be its last step, where force generation and combat follow.
 */
function walk(play: Play, force: ActiveForce, path: HexId[]): void {
  const { index } = play;
  const mobility = mobilityOf(index, force.units);
  let at = force.hex;
  let mp = force.mp;
  // Nothing moves until the whole path is checked: on a longer path the units by hex are looked up once.
  const present = path.length > 1 ? unitsByHex(play) : undefined;
  path.forEach((hex, i) => {
    requireOnMap(index, hex);
    if (!index.map.neighbours(at).includes(hex)) throw new RuleError('9.2', `${hex} is not next to ${at}: hexes cannot be skipped`);
    const soviet = play.isSoviet(hex);
    if (soviet && i < path.length - 1)
      throw new RuleError('8.0', `movement stops in Soviet hex ${hex} to generate its defenders; end the path there`);
    if (soviet && force.mudBound)
      throw new RuleError('12.1', 'on turn 5 a force that started on or north of row 40 may not enter Soviet hexes');
    const cost = stepCost(index, mobility, at, hex);
    if (cost > mp) throw new RuleError('9.2', `entering ${hex} costs ${cost} MP and the force has ${mp} left`);
    const problem = stackingProblem(play, force.units, hex, present ? (present.get(hex) ?? []) : play.unitsIn(hex));
    if (problem) throw problem;
    mp -= cost;
    at = hex;
  });
  const start = force.hex;
  const before = force.mp;
  const last = path[path.length - 1]!;
  const from = path.length > 1 ? path[path.length - 2]! : force.hex;
  force.mp = mp;
  force.hex = last;
  force.trail.push(...path);
  for (const u of force.units) play.unitToChange(u).hex = last;
  // This order's cost and what is left, not the running total (9.2).
  play.event('moved', `${force.units.map((u) => index.unit(u).label).join(', ')} move to ${last}: ${before - mp} MP, ${mp} MP left.`, {
    rule: '9.2',
    hexes: [start, ...path],
  });
  if (play.isSoviet(last)) enterSovietHex(play, last, from);
  if (play.s.active && !play.s.battle && play.s.active.mp <= 0) finishForce(play);
}

/** What the game waits for. Movement is free-form (/move); the choices are the small decisions. */
export function prompt(index: RulesIndex, s: TyphoonState): Prompt<TyphoonAction> {
  if (s.phase === 'over' || s.result) return { text: `Game over: ${s.result?.reason ?? ''}`, choices: [] };
  if (s.phase === 'setup') {
    return {
      side: 'german',
      text: 'Set-up: the default deployment is ready. Move units with /setup place, or start the game.',
      choices: [{ action: { type: 'setup-done' }, label: `Start turn ${s.turn}` }],
    };
  }
  if (s.battle?.pending) return allocationPrompt(index, s, s.battle);
  if (s.battle) {
    const mp = s.active?.mp ?? 0;
    // 11.1: what winning here would cut off, so the choice to fight on is made knowing it.
    const pocket = s.battle.kind === 'regular' ? pocketPreview(index, s, s.battle.hex) : undefined;
    return {
      side: 'german',
      text: `Battle in ${s.battle.hex}, round ${s.battle.round} over: fight on (1 MP, ${mp} left) or retreat to ${s.battle.from}.${pocket ? ` If you win, ${pocketText(pocket, s, s.battle.from)}.` : ''}`,
      choices: [
        ...(mp >= 1 ? [{ action: { type: 'another-round' } as TyphoonAction, label: 'Another round (1 MP)', continues: true }] : []),
        { action: { type: 'retreat' }, label: `Retreat to ${s.battle.from}` },
      ],
    };
  }
  const spec = turnSpec(index.charts, s.turn);
  const left = movableStacks(index, s).length;
  const unmoved = unmovedWarning(index, s);
  const parts = [`Turn ${s.turn} (${spec.label}): German movement and combat.`];
  if (s.active)
    parts.push(`Moving: ${s.active.units.map((u) => index.unit(u).label).join(', ')} in ${s.active.hex}, ${s.active.mp} MP left.`);
  parts.push(`${plural(left, 'stack')} still to move.`);
  if (s.airAvailable > 0 && !s.active && s.done.length === 0)
    parts.push(`${plural(s.airAvailable, 'Luftwaffe unit')} to assign (/air assign).`);
  return {
    side: 'german',
    text: parts.join(' '),
    choices: [
      ...(s.active ? [{ action: { type: 'end-force' } as TyphoonAction, label: 'End this force' }] : []),
      {
        action: { type: 'end-phase' },
        label: unmoved ? `End turn ${s.turn} (${plural(left, 'stack')} unmoved)` : `End turn ${s.turn}`,
        endsTurn: true,
        ...(unmoved ? { confirm: `End turn ${s.turn} now? ${unmoved}` } : {}),
      },
    ],
  };
}

/** 10.6: the hits of one unit's fire, one button per unit that may take the next, and the bot's placement last. */
function allocationPrompt(index: RulesIndex, s: TyphoonState, battle: Battle): Prompt<TyphoonAction> {
  const p = battle.pending!;
  const play = new Play(index, structuredClone(s));
  const round = new CombatRound(play, play.s.battle!, () =>
    battle.kind === 'breakout' ? (battle.germans ?? []).filter((u) => !battle.germanOut.includes(u)) : fighting(play),
  );
  const firer = p.on === 'soviet' ? index.unit(p.firer).label : index.sovietUnit(p.firer).label;
  const steps = (n: number) => (n === 2 ? 'full strength' : 'reduced');
  return {
    side: 'german',
    text: `${battle.kind === 'breakout' ? 'Breakout' : 'Battle'} in ${battle.hex}: ${firer} scored ${plural(p.hits, 'hit')} on ${p.on === 'german' ? 'your units' : 'the Soviets'}. Place the next hit (10.6: no one-step unit until every two-step unit has taken one).`,
    choices: [
      ...round.targetsOfPending().map((t) => ({
        action: { type: 'allocate', unit: t.id } as TyphoonAction,
        label: `Hit ${t.label} (${steps(t.steps)})`,
      })),
      { action: { type: 'allocate' }, label: p.hits === 1 ? 'Let the bot place it' : 'Let the bot place them' },
    ],
  };
}

/**
 * What ending the phase now would give up (5.2, 9.0): stacks that have not moved (by
 * formation), the moving force's MP, Luftwaffe units not assigned. Undefined when nothing.
 * `formations` narrows it to one commander's (team play).
 */
export function unmovedWarning(index: RulesIndex, s: TyphoonState, formations?: readonly string[]): string | undefined {
  if (s.phase !== 'movement' || s.battle) return undefined;
  const mine = (u: string) => !formations || formations.includes(index.unit(u).formation);
  const stacks = movableStacks(index, s)
    .map((st) => ({ ...st, units: st.units.filter(mine) }))
    .filter((st) => st.units.length > 0);
  const parts: string[] = [];
  if (stacks.length) {
    const by = new Map<string, number>();
    for (const st of stacks) for (const f of new Set(st.units.map((u) => index.unit(u).formation))) by.set(f, (by.get(f) ?? 0) + 1);
    const order = index.charts.formations.map((f) => f.id as string).filter((f) => by.has(f));
    parts.push(
      `${plural(stacks.length, 'stack')} can still move (${order.map((f) => `${f} ${by.get(f)}`).join(', ')}) and would stay where ${stacks.length === 1 ? 'it is' : 'they are'}`,
    );
  }
  if (s.active && s.active.mp > 0 && s.active.units.some(mine))
    parts.push(`the force in ${s.active.hex} would lose its ${s.active.mp} MP left`);
  if (s.airAvailable > 0 && !formations && s.done.length === 0 && !s.active)
    parts.push(`${plural(s.airAvailable, 'Luftwaffe unit')} not assigned would be lost (9.1)`);
  return parts.length ? `${parts.join('; ')}.` : undefined;
}

/** The formations of these units, in chart order. */
export function formationsIn(play: { index: RulesIndex }, units: readonly string[]): string[] {
  const of = new Set(units.map((u) => play.index.unit(u).formation));
  return play.index.charts.formations.map((f) => f.id).filter((f) => of.has(f));
}

/** Team play's shares of the Luftwaffe not assigned yet this phase (9.1), one entry per unit. */
export function airSharesLeft(s: TyphoonState): string[] {
  const used = [...(s.airUsed ?? [])];
  // This turn's units are those still available and those assigned; the split's first entries get them.
  const left = (s.airSplit ?? []).slice(0, s.airAvailable + used.length);
  for (const f of used) {
    const i = left.indexOf(f);
    if (i >= 0) left.splice(i, 1);
  }
  return left;
}

/** The share an assignment to `units` takes: a formation, '' without a split, null when none is left. */
function airShare(play: Play, units: readonly string[]): string | null {
  if (!play.s.airSplit?.length) return '';
  const left = airSharesLeft(play.s);
  return formationsIn(play, units).find((f) => left.includes(f)) ?? null;
}

/** Stacks with units that may still move this phase, by hex. */
export function movableStacks(index: RulesIndex, s: TyphoonState): { hex: HexId; units: string[] }[] {
  // Asked by every decision of the scripted German: a set of the units done, no copies per unit.
  const done = new Set(s.done);
  const moving = s.active?.units;
  const byHex = new Map<HexId, string[]>();
  const ids = Object.keys(s.units);
  const units = Object.values(s.units);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    if (done.has(id) || moving?.includes(id)) continue;
    const hex = units[i]!.hex;
    const here = byHex.get(hex);
    if (here) here.push(id);
    else byHex.set(hex, [id]);
  }
  void index;
  const stacks: { hex: HexId; units: string[] }[] = [];
  for (const [hex, units] of byHex) stacks.push({ hex, units: units.sort() });
  // Hex ids are four digits (2.2): comparing them as strings orders them as localeCompare does.
  return stacks.sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : 0));
}

export { captureHex };

/** Units as players know them ("7 Pz"), an unknown id as given. */
function unitNames(play: Play, ids: readonly string[]): string {
  return ids
    .map((id) => {
      try {
        return play.index.unit(id).label;
      } catch {
        return id;
      }
    })
    .join(', ');
}
