/**
 * Combat (10.0-10.7): declarations, one attack resolved on the CRT, and advance after combat.
 * The odds (odds.ts), step losses (losses.ts), retreats (retreat.ts) and the owners' choices
 * (owner-choices.ts) each have their own module.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { type Ctx, other, sideName } from './context.js';
import { takeLosses } from './losses.js';
import { STACK } from './movement.js';
import { oddsOf } from './odds.js';
import { proceedBattle } from './owner-choices.js';
import { retreat } from './retreat.js';
import type { Unit } from './state.js';

function hexesOfUnits(c: Ctx, ids: readonly string[]): HexId[] {
  return [...new Set(ids.map((id) => c.unit(id)?.hex).filter((h): h is HexId => !!h))];
}

/** 10.1-10.2: one attack declared: activated units next to one enemy hex, each unit and hex once. */
export function declare(c: Ctx, target: HexId, ids: readonly string[]): void {
  const chit = c.s.chit!;
  if (chit.resolving) throw new RuleError('10.2', 'every attack was declared before the first was resolved: no more now');
  const side = chit.side;
  if (c.sideAt(target) !== other(side)) throw new RuleError('10.1', `${target} holds no enemy unit`);
  if (chit.hexesAttacked.includes(target)) throw new RuleError('10.1', `${target} is already attacked this segment`);
  const units: Unit[] = [];
  for (const id of new Set(ids)) {
    const u = c.unit(id);
    if (u?.where !== 'map' || u.side !== side) throw new RuleError('10.1', `${id} is not one of your units on the map`);
    if (!chit.units.includes(id)) throw new RuleError('10.1', `${id} is not activated by the ${chit.name} chit`);
    if (chit.attacked.includes(id)) throw new RuleError('10.1', `${id} already attacks this segment`);
    if (c.board.distance(u.hex!, target) !== 1) throw new RuleError('10.1', `${id} is not next to ${target}`);
    if (c.board.impassable(u.hex!, target)) throw new RuleError('10.1(5)', `${id} faces ${target} across an impassable hexside`);
    units.push(u);
  }
  const odds = oddsOf(c, target, units);
  if (odds.column < 0)
    throw new RuleError(
      '10.3(4)',
      `${odds.attack} to ${odds.defence}${odds.why.length ? `, ${odds.why.join(', ')}` : ''} is below 1-1: the attack is not allowed`,
    );
  chit.declared = [...chit.declared, { target, units: units.map((u) => u.id) }];
  chit.attacked = [...chit.attacked, ...units.map((u) => u.id)];
  chit.hexesAttacked = [...chit.hexesAttacked, target];
  c.event(
    'attack',
    `Attack on ${target} declared by ${units.map((u) => u.id).join(', ')}: ${odds.attack} to ${odds.defence}, ${odds.label}${odds.why.length ? ` (${odds.why.join(', ')})` : ''}`,
    {
      rule: '10.2',
      hexes: [
        target,
        ...hexesOfUnits(
          c,
          units.map((u) => u.id),
        ),
      ],
    },
  );
}

/** 10.2-10.6: one declared attack resolved: odds, one die, the result. */
export function resolve(c: Ctx, target: HexId): void {
  const chit = c.s.chit!;
  const d = chit.declared.find((x) => x.target === target);
  if (!d) throw new RuleError('10.2', `no attack on ${target} waits to be resolved`);
  chit.resolving = true;
  chit.declared = chit.declared.filter((x) => x.target !== target);
  const attackers = d.units.map((id) => c.unit(id)!).filter((u) => u.where === 'map');
  const defenders = c.at(target);
  if (!attackers.length || !defenders.length) {
    c.event('battle', `The attack on ${target} falls away`, { rule: '10.2', hexes: [target] });
    return;
  }
  const odds = oddsOf(c, target, attackers);
  // 10.3(4): odds that fell below 1-1 since the declaration (attackers lost steps) still resolve at 1-1.
  const col = Math.max(0, odds.column);
  const die = c.die();
  const result = c.charts.crt.rows[die - 1]![col]!;
  if (c.s.options.losses === 'owner') {
    resolveOwned(c, d, target, result);
    c.event(
      'battle',
      `${sideName(chit.side)} attack on ${target}: ${odds.attack} to ${odds.defence}, ${c.charts.crt.columns[col]}, die ${die}: ${result}`,
      { rule: '10.4', hexes: [target], dice: [{ purpose: `attack on ${target} (${c.charts.crt.columns[col]})`, roll: die, result }] },
    );
    proceedBattle(c, false);
    return;
  }
  const lines: string[] = [];
  const m = /^A(\d)$/.exec(result);
  if (m) lines.push(...takeLosses(c, d.units, Number(m[1]), true));
  const x = /^(\d)?(R+)$/.exec(result);
  if (x) {
    if (x[1])
      lines.push(
        ...takeLosses(
          c,
          defenders.map((u) => u.id),
          Number(x[1]),
          true,
        ),
      );
    lines.push(...retreat(c, target, x[2]!.length));
  }
  c.event(
    'battle',
    `${sideName(chit.side)} attack on ${target}: ${odds.attack} to ${odds.defence}, ${c.charts.crt.columns[col]}, die ${die}: ${result}${lines.length ? ` (${lines.join('; ')})` : ''}`,
    {
      rule: '10.4',
      hexes: [target],
      dice: [{ purpose: `attack on ${target} (${c.charts.crt.columns[col]})`, roll: die, result }],
    },
  );
  if (c.at(target).length === 0) {
    const left = d.units.filter((id) => c.unit(id)?.where === 'map');
    if (left.length) {
      c.s.advance = { target, units: left, done: [] };
      c.s.phase = 'advance';
    }
  }
}

/** losses:owner: the result as steps to take and units to retreat, carried out by proceedBattle. */
function resolveOwned(c: Ctx, d: { units: string[] }, target: HexId, result: string): void {
  const side = c.s.chit!.side;
  const defenders = c
    .at(target)
    .map((u) => u.id)
    .sort();
  const a = /^A(\d)$/.exec(result);
  const x = /^(\d)?(R+)$/.exec(result);
  c.s.battle = {
    target,
    attackers: [...d.units],
    ...(a ? { loss: { side, from: [...d.units], steps: Number(a[1]) } } : {}),
    ...(x?.[1] ? { loss: { side: other(side), from: defenders, steps: Number(x[1]) } } : {}),
    ...(x ? { retreat: { units: defenders, hexes: x[2]!.length } } : {}),
  };
}

/**
 * 10.7: an attacker advances into the emptied hex, then (mechanized only) one hex more, unless
 * the first hex is a city, town, forest or swamp, or a river is crossed (TEC: the advance
 * stops); under the default reading the second hex must be clear too (A-32). EZOCs and MP do
 * not count; lakes, enemy units and over-stacking do.
 */
export function advance(c: Ctx, id: string, path: readonly HexId[]): void {
  const a = c.s.advance!;
  const u = c.unit(id);
  if (!u || !a.units.includes(id) || u.where !== 'map') throw new RuleError('10.7', `${id} did not attack ${a.target}`);
  if (a.done.includes(id)) throw new RuleError('10.7', `${id} has advanced already`);
  if (path[0] !== a.target) throw new RuleError('10.7(2)', `the first hex of an advance is the defender's hex ${a.target}`);
  const stops = (from: HexId, h: HexId) => {
    let t = c.board.terrain(h);
    if (t === 'clear' && c.weather() !== 'clear') t = 'light';
    return t !== 'clear' || c.board.isTown(h) || !!c.board.river(from, h);
  };
  if (path.length === 2) {
    const second = path[1]!;
    if (!c.isMech(u)) throw new RuleError('10.7(1)', 'only mechanized units advance two hexes');
    if (stops(u.hex!, a.target)) throw new RuleError('10.7(1)', `the advance ends in ${a.target} (its terrain or a river)`);
    if (c.board.distance(a.target, second) !== 1 || second === u.hex)
      throw new RuleError('10.7', `${second} is not a hex beyond ${a.target}`);
    if (c.board.impassable(a.target, second) || c.sideAt(second) === other(u.side))
      throw new RuleError('10.7(4)', `${second} cannot be entered`);
    if (c.board.river(a.target, second)) throw new RuleError('10.7(1)', 'a river ends the advance');
    if (c.s.options.advance === 'both' && stops(a.target, second)) throw new RuleError('10.7(1)', `${second} is not clear terrain (A-32)`);
  }
  const end = path.at(-1)!;
  if (c.at(end).filter((x) => x.id !== id).length >= STACK) throw new RuleError('3.1', `${end} already holds ${STACK} units`);
  for (const h of path) c.enter(h, u.side);
  c.s.units[id] = { ...u, hex: end };
  c.changed();
  a.done = [...a.done, id];
  c.event('advance', `${id} advances to ${end}`, { rule: '10.7', hexes: [u.hex!, ...path] });
}
