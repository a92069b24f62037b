/**
 * The moving force (9.0-9.6, 7.4): which units move together and whether the Luftwaffe goes
 * with them, then the walk along a path, hex by hex.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { enterSovietHex, finishForce } from './battles.js';
import type { Play } from './context.js';
import { allowance, mobilityOf, stackingProblem, startsMudBound, stepCost, unitsByHex } from './movement.js';
import { alreadyMoved, requireOnMap, sameSet, unitNames } from './order-checks.js';
import type { ActiveForce } from './state.js';

/** 9.0, 9.5, 7.4: continue the moving force, or start a new one from a stack that has not moved. */
export function takeForce(play: Play, from: HexId, units: string[] | undefined, airChoice?: 'with' | 'stays'): ActiveForce {
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

/**
 * 9.2, 9.4, 9.6: move hex by hex along `path`. The whole path is checked before anything
 * moves; a Soviet hex may only be its last step, where force generation and combat follow.
 */
export function walk(play: Play, force: ActiveForce, path: HexId[]): void {
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
