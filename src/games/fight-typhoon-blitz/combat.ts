/**
 * Combat (10.0-10.7): declarations, odds with the halving and column-shift rules, the CRT,
 * step losses, retreats and advance after combat.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { type Ctx, other, sideName } from './context.js';
import { STACK } from './movement.js';
import type { Side, Unit } from './state.js';
import { locHexes } from './supply.js';
import { finishChit } from './turns.js';

/** 14.2: a Soviet defender in a defensive position adds 4 to the defence (once per hex). */
export const POSITION_BONUS = 4;

export interface Odds {
  attack: number;
  defence: number;
  /** Column index before shifts (may lie above the last column or below the first). */
  base: number;
  /** Net shifts: negative toward the defender (left), positive toward the attacker. */
  shifts: number;
  /** Final column index; below 0 the attack is not allowed (10.3(4)). */
  column: number;
  label: string;
  why: string[];
}

/**
 * 10.3(1) with 1.0(2): units attacking across a river or major river are halved; the total is
 * rounded down once (A-2), or each unit under the other reading.
 */
export function attackStrength(c: Ctx, target: HexId, units: readonly Unit[]): number {
  let whole = 0;
  let halved = 0;
  let each = 0;
  for (const u of units) {
    const a = c.values(u)[0];
    if (c.board.river(u.hex!, target)) {
      halved += a;
      each += Math.floor(a / 2);
    } else whole += a;
  }
  return c.s.options.halving === 'total' ? Math.floor(whole + halved / 2) : whole + each;
}

/** 10.3(1): defenders' defence (mech) or combat strength; units that retreated in add nothing (A-10); 14.2 positions. */
export function defenceStrength(c: Ctx, target: HexId): number {
  const units = c.at(target);
  let d = 0;
  for (const u of units) if (!c.s.chit?.retreatedInto.includes(u.id)) d += c.values(u)[1];
  if (c.board.isPosition(target) && units.some((u) => u.side === 'soviet')) d += POSITION_BONUS;
  return d;
}

/** 10.3(2): the ratio rounded down to a column; above 10-1 a whole ratio (index past the last column). */
export function baseColumn(ratios: readonly number[], ratio: number): number {
  const last = ratios.length - 1;
  if (ratio >= ratios[last]! + 1) return last + 1;
  for (let i = last; i >= 0; i--) if (ratio >= ratios[i]!) return i;
  // Below 1-1: 1-2 and worse, only a right shift could lift them.
  return ratio >= 0.5 ? -1 : ratio >= 1 / 3 ? -2 : -3;
}

/** 10.3(3) and 14.1: terrain and weather shifts, positive toward the attacker. */
export function shiftsOf(c: Ctx, target: HexId, attacker: Side): { shifts: number; why: string[] } {
  const why: string[] = [];
  const w = c.weather();
  let t = c.board.terrain(target);
  if (t === 'clear' && w !== 'clear') t = 'light';
  const TERRAIN: Record<string, number> = { clear: 0, light: 1, deep: 2, swamp: 1, major: 2, lake: 0 };
  let left = TERRAIN[t]!;
  if (left) why.push(`${t === 'major' ? 'major city' : t === 'light' ? 'light forest' : t === 'deep' ? 'deep forest' : 'swamp'} ${left}L`);
  if (c.board.isTown(target)) {
    left += 1;
    why.push('town 1L');
  }
  let right = 0;
  if (w === 'mud' || w === 'frost') {
    left += 1;
    why.push(`${w} 1L`);
  } else if (w === 'snow') {
    // 14.1.3(4), A-27: two columns in the Soviet favour, attacking or defending.
    if (attacker === 'soviet') right += 2;
    else left += 2;
    why.push(attacker === 'soviet' ? 'snow 2R' : 'snow 2L');
  }
  return { shifts: right - left, why };
}

export function oddsOf(c: Ctx, target: HexId, units: readonly Unit[]): Odds {
  const { columns, ratios } = c.charts.crt;
  const last = columns.length - 1;
  const attack = attackStrength(c, target, units);
  const defence = defenceStrength(c, target);
  const attacker = units[0]!.side;
  const { shifts, why } = shiftsOf(c, target, attacker);
  let ratio = defence === 0 ? Number.POSITIVE_INFINITY : attack / defence;
  if (ratio > ratios[last]!) ratio = Math.floor(ratio);
  let left = Math.max(0, -shifts);
  // A-8: under the "minus 2" reading each left shift above 10-1 takes two ratio points off.
  if (c.s.options.above10 === 'minus2' && Number.isFinite(ratio)) {
    while (left > 0 && ratio > ratios[last]!) {
      ratio -= 2;
      left--;
    }
  }
  // 10.3(3): defence 0 (only retreated units) is treated as 10-1+.
  const base = Number.isFinite(ratio) ? baseColumn(ratios, ratio) : last + 1;
  const net = shifts < 0 ? -left : shifts;
  const column = Math.min(last, base + net);
  const label = column < 0 ? 'below 1-1' : columns[column]!;
  return { attack, defence, base, shifts, column, label, why };
}

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

/** The unit the bot takes a step from for its owner: a full two-step unit before any is removed, HQs last, then the weakest. */
export function cheapestLoss(c: Ctx, ids: readonly string[]): Unit | undefined {
  const live = ids.map((id) => c.unit(id)!).filter((u) => u?.where === 'map');
  const rank = (u: Unit) => (u.steps === 2 ? 0 : 1) * 100 + (c.isHq(u) ? 50 : 0) + c.values(u)[0];
  return live.sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1))[0];
}

/** 10.5: the owner's steps, taken where they cost least: a full two-step unit flips before any unit is removed, HQs last. */
export function takeLosses(c: Ctx, ids: readonly string[], steps: number, inCombat: boolean): string[] {
  const lines: string[] = [];
  for (let i = 0; i < steps; i++) {
    const u = cheapestLoss(c, ids);
    if (!u) break;
    if (u.steps === 2) {
      c.s.units[u.id] = { ...u, steps: 1 };
      lines.push(`${u.id} reduced`);
    } else {
      eliminate(c, u, inCombat);
      lines.push(`${u.id} eliminated`);
    }
  }
  return lines;
}

/**
 * 12.3 and 13.0: a Soviet non-mechanized unit (HQs too) destroyed in combat goes to the
 * Available Box; any HQ destroyed in combat does under the default reading (A-16); all other
 * losses, and every unit lost to the supply check, are gone for good.
 */
export function eliminate(c: Ctx, u: Unit, inCombat: boolean): void {
  const hq = c.isHq(u);
  const back = inCombat && ((u.side === 'soviet' && !c.isMech(u)) || (hq && (u.side === 'soviet' || c.s.options.axisHqReturns)));
  c.remove(u, back ? 'available' : 'gone', true);
}

interface RetreatPath {
  path: HexId[];
  destroyed: boolean;
  ezoc: number;
  over: boolean;
  toLoc: number;
}

/**
 * 10.6: each defender retreats `n` hexes, not entering enemy units, lakes or a hex twice;
 * off the map, into a lake, across an impassable side or across an unbridged major river as
 * the second hex (A-11; any hex under the other reading) it is destroyed; each EZOC hex
 * entered costs a step (A-12); an over-stacked end goes on a hex. Of the paths, the one
 * heading the shortest way toward a hex with a line of communication, then without
 * destruction, then with fewest EZOC hexes, then not over-stacked (10.6(6), A-13); the
 * owner's choice among equals is taken as the lowest hex id.
 */
export function retreatPaths(c: Ctx, u: Unit, n: number, toLoc: Map<HexId, number>): RetreatPath[] {
  const out: RetreatPath[] = [];
  const enemy = other(u.side);
  const walk = (path: HexId[], need: number, destroyed: boolean, ezoc: number, extra: number) => {
    const h = path.at(-1)!;
    if (need === 0) {
      const over = c.at(h).filter((x) => x.id !== u.id).length >= STACK;
      if (over && extra < 2) {
        const before = out.length;
        walk(path, 1, destroyed, ezoc, extra + 1);
        if (out.length > before) return;
      }
      out.push({ path, destroyed, ezoc, over, toLoc: toLoc.get(h) ?? 99 });
      return;
    }
    let any = false;
    for (const nb of c.board.neighbours(h)) {
      if (path.includes(nb) || c.board.impassable(h, nb) || c.sideAt(nb) === enemy) continue;
      any = true;
      const step = path.length; // 1 for the first hex of the retreat
      const major = c.board.river(h, nb) === 'major' && !c.board.isBridge(h, nb);
      const fatal = major && (c.s.options.retreatMajorRiver === 'any' || step === 2);
      const ez = c.ezoc(nb, u.side) ? 1 : 0;
      walk([...path, nb], need - 1, destroyed || fatal, ezoc + ez, extra);
    }
    // Off the map or boxed in: the unit cannot retreat and is destroyed.
    if (!any) out.push({ path, destroyed: true, ezoc, over: false, toLoc: 99 });
  };
  walk([u.hex!], n, false, 0, 0);
  return out;
}

function bestRetreat(paths: RetreatPath[]): RetreatPath {
  return [...paths].sort(
    (a, b) =>
      a.toLoc - b.toLoc ||
      Number(a.destroyed) - Number(b.destroyed) ||
      a.ezoc - b.ezoc ||
      Number(a.over) - Number(b.over) ||
      (a.path.join() < b.path.join() ? -1 : 1),
  )[0]!;
}

/** Distance from every hex to the nearest hex with a line of communication for `side`. */
function distanceToLoc(c: Ctx, side: Side): Map<HexId, number> {
  const loc = locHexes(c, side);
  const d = new Map<HexId, number>([...loc].map((h) => [h, 0]));
  const q = [...loc];
  for (let i = 0; i < q.length; i++) {
    for (const n of c.board.neighbours(q[i]!))
      if (!d.has(n) && c.board.terrain(n) !== 'lake') {
        d.set(n, d.get(q[i]!)! + 1);
        q.push(n);
      }
  }
  return d;
}

function retreat(c: Ctx, target: HexId, n: number): string[] {
  const lines: string[] = [];
  const units = [...c.at(target)].sort((a, b) => (a.id < b.id ? -1 : 1));
  if (!units.length) return lines;
  const toLoc = distanceToLoc(c, units[0]!.side);
  for (const u0 of units) lines.push(...retreatAlong(c, c.unit(u0.id)!, bestRetreat(retreatPaths(c, u0, n, toLoc))));
  return lines;
}

/** 10.6: one unit retreats along `path` (or is destroyed), losing a step per EZOC hex entered (10.6(4)). */
function retreatAlong(c: Ctx, u: Unit, best: RetreatPath): string[] {
  if (best.destroyed) {
    eliminate(c, u, true);
    return [`${u.id} cannot retreat and is destroyed`];
  }
  const end = best.path.at(-1)!;
  for (const h of best.path.slice(1)) c.enter(h, u.side);
  c.s.units[u.id] = { ...u, hex: end };
  c.changed();
  c.s.chit!.retreatedInto = [...c.s.chit!.retreatedInto, u.id];
  const lines = [`${u.id} retreats to ${end}`];
  const loss = c.s.options.retreatEzoc === 'once' ? Math.min(1, best.ezoc) : best.ezoc;
  if (loss) lines.push(...takeLosses(c, [u.id], loss, true).map((l) => `${l} (retreat through enemy zones, 10.6(4))`));
  return lines;
}

/**
 * 10.6(6): the retreats as good as the best (as short toward a line of communication, then
 * as free of destruction, EZOC hexes and over-stacking): the owner's choice among equals,
 * in the order the bot would take them.
 */
export function retreatChoices(c: Ctx, u: Unit, n: number): RetreatPath[] {
  const all = retreatPaths(c, u, n, distanceToLoc(c, u.side));
  const best = bestRetreat(all);
  const seen = new Set<string>();
  return all
    .filter((p) => p.toLoc === best.toLoc && p.destroyed === best.destroyed && p.ezoc === best.ezoc && p.over === best.over)
    .sort((a, b) => (a.path.join() < b.path.join() ? -1 : 1))
    .filter((p) => !seen.has(p.path.join()) && !!seen.add(p.path.join()));
}

/**
 * losses:owner: the battle goes on with its owners' choices (10.5, 10.6): each step is taken
 * where its owner says when more than one unit could take it, each defender retreats the way
 * he picks when several are equally good; the phase pauses (loss, retreat) for each such
 * choice. Once all is done: the advance into an emptied hex (10.7), else back to combat, and
 * (`finish`) the chit ends when no attack is left.
 */
export function proceedBattle(c: Ctx, finish: boolean): void {
  const s = c.s;
  const b = s.battle!;
  const chit = s.chit!;
  for (;;) {
    if (b.loss && b.loss.steps > 0) {
      const live = b.loss.from.filter((id) => c.unit(id)?.where === 'map');
      if (live.length > 1) {
        s.phase = 'loss';
        s.side = b.loss.side;
        return;
      }
      if (live.length === 1) c.event('loss', takeLosses(c, live, 1, true).join('; '), { rule: '10.5', hexes: [b.target] });
      b.loss = live.length ? { ...b.loss, steps: b.loss.steps - 1 } : undefined;
      continue;
    }
    b.loss = undefined;
    const next = retreating(c);
    if (next) {
      const choices = retreatChoices(c, next, b.retreat!.hexes);
      if (choices.length > 1) {
        s.phase = 'retreat';
        s.side = next.side;
        return;
      }
      b.retreat!.units = b.retreat!.units.filter((id) => id !== next.id);
      c.event('retreat', retreatAlong(c, next, choices[0]!).join('; '), { rule: '10.6', hexes: [b.target, ...choices[0]!.path] });
      continue;
    }
    break;
  }
  s.battle = undefined;
  s.phase = 'combat';
  s.side = chit.side;
  if (c.at(b.target).length === 0) {
    const left = b.attackers.filter((id) => c.unit(id)?.where === 'map');
    if (left.length) {
      s.advance = { target: b.target, units: left, done: [] };
      s.phase = 'advance';
      return;
    }
  }
  if (finish && !chit.declared.length) finishChit(c, chit.name);
}

/** The defender that retreats next: the first still in the battle hex. */
export function retreating(c: Ctx): Unit | undefined {
  const b = c.s.battle;
  const id = b?.retreat?.units.find((x) => c.unit(x)?.where === 'map' && c.unit(x)?.hex === b.target);
  return id ? c.unit(id) : undefined;
}

/** losses:owner, 10.5: the owner takes the next step from `id`, one of his units in the battle. */
export function chooseLoss(c: Ctx, id: string): void {
  const b = c.s.battle;
  if (c.s.phase !== 'loss' || !b?.loss) throw new RuleError('10.5', 'no step loss waits for a choice');
  const live = b.loss.from.filter((x) => c.unit(x)?.where === 'map');
  if (!live.includes(id)) throw new RuleError('10.5', `${id} is not one of the units that fought at ${b.target}: ${live.join(', ')}`);
  c.event('loss', takeLosses(c, [id], 1, true).join('; '), { rule: '10.5', hexes: [b.target] });
  b.loss = { ...b.loss, steps: b.loss.steps - 1 };
  proceedBattle(c, true);
}

/** losses:owner, 10.6(6): the defender due to retreat goes along `path`, one of the equally good retreats. */
export function chooseRetreat(c: Ctx, id: string, path: readonly HexId[]): void {
  const b = c.s.battle;
  const u = retreating(c);
  if (c.s.phase !== 'retreat' || !b?.retreat || !u) throw new RuleError('10.6', 'no retreat waits for a choice');
  if (u.id !== id) throw new RuleError('10.6', `${u.id} retreats next`);
  const choices = retreatChoices(c, u, b.retreat.hexes);
  const pick = choices.find((p) => p.path.slice(1).join() === path.join());
  if (!pick)
    throw new RuleError(
      '10.6(6)',
      `that is not one of the shortest retreats toward a line of communication: ${choices.map((p) => p.path.slice(1).join('-')).join(' or ')}`,
    );
  b.retreat = { ...b.retreat, units: b.retreat.units.filter((x) => x !== id) };
  c.event('retreat', retreatAlong(c, u, pick).join('; '), { rule: '10.6', hexes: [b.target, ...pick.path] });
  proceedBattle(c, true);
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
