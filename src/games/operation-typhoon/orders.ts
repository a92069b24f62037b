/**
 * Orders as players type them (`/move force:2415 to:2620 units:mech`) turned into engine
 * actions, and the lists autocomplete offers. Pure: the same state gives the same choices.
 */

import type { HexId } from '../../kernel/hex.js';
import { columnOf, parseHexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { Play } from './context.js';
import { movableStacks } from './engine-prompt.js';
import { allowance, destinations, mobilityOf, startsMudBound } from './movement.js';
import { alreadyMoved, battleWaiting, gameOver } from './order-checks.js';
import { pocketPreview } from './pocket-preview.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonAction, TyphoonState } from './state.js';

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Units named in `text` among `candidates`: ids or counter labels separated by commas, or
 * "mech" / "foot" for a whole mobility class. Undefined text means "let the engine decide".
 */
export function resolveUnits(index: RulesIndex, candidates: string[], text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const t = norm(text);
  if (['mech', 'mechanized', 'mechanised', 'motorized', 'armour', 'armor'].includes(t))
    return candidates.filter((u) => index.unit(u).mobility === 'mechanized');
  if (['foot', 'nonmech', 'nonmechanized', 'infantry', 'leg'].includes(t))
    return candidates.filter((u) => index.unit(u).mobility === 'non-mechanized');
  const out: string[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const found = findUnit(index, candidates, part);
    if (!found) {
      const here = candidates.map((u) => index.unit(u).label).join(', ') || 'none';
      throw new RuleError('9.5', `no unit "${part}" here (units: ${here})`);
    }
    out.push(found);
  }
  return out;
}

/** One unit named by id or counter label among `candidates`, or undefined. */
export function findUnit(index: RulesIndex, candidates: string[], name: string): string | undefined {
  const key = norm(name);
  return candidates.find((u) => norm(u) === key) ?? candidates.find((u) => norm(index.unit(u).label) === key);
}

export interface MoveOrder {
  force: HexId;
  to?: HexId;
  path?: string;
  units?: string;
  /** 9.1: when part of a stack moves, where its Luftwaffe unit goes. */
  air?: 'with' | 'stays';
}

const blank = (text: string | undefined) => text === undefined || text.trim() === '';

/**
 * The refusals the engine gives before it looks at a path, in its order, so that a /move with
 * `to:` (which the bot turns into a path first) is refused for the true reason too: play over
 * (4.0), not Phase I (9.0), a battle waiting (10.5), a hex not on the map (2.2).
 */
function moveRefusal(index: RulesIndex, s: TyphoonState, order: MoveOrder): RuleError | undefined {
  const over = gameOver(s);
  if (over) return over;
  if (s.phase === 'setup') return new RuleError('9.0', 'German units move in Phase I: finish set-up first with /setup done');
  const battle = battleWaiting(s);
  if (battle) return battle;
  for (const hex of [order.force, ...(order.to ? [order.to] : [])]) {
    if (!index.map.has(hex)) return new RuleError('2.2', `there is no hex ${hex} on the map`);
  }
  return undefined;
}

/**
 * The force an order would move: the active force, or units of a stack that has not moved.
 * Units are named among every German unit in the hex, so a unit that has moved is refused
 * because it moved (9.11), not as unknown.
 */
function forceFor(
  index: RulesIndex,
  s: TyphoonState,
  hex: HexId,
  units: string | undefined,
): { units: string[]; mp: number; mudBound: boolean; named?: string[] } {
  const active = s.active;
  const here = Object.keys(s.units).filter((id) => s.units[id]!.hex === hex);
  if (active && active.hex === hex) {
    const named = resolveUnits(index, here, units);
    if (!named || (named.length === active.units.length && named.every((u) => active.units.includes(u)))) {
      return { units: active.units, mp: active.mp, mudBound: active.mudBound, ...(named ? { named } : {}) };
    }
  }
  if (here.length === 0) throw new RuleError('9.0', `there is no German unit in ${hex}`);
  const ready = here.filter((u) => !s.done.includes(u) && !active?.units.includes(u));
  const named = resolveUnits(index, here, units);
  if (named) {
    const moving = named.filter((u) => active?.units.includes(u));
    if (moving.length)
      throw new RuleError(
        '9.5',
        `${labels(index, moving)} ${moving.length === 1 ? 'is' : 'are'} in the force moving now: name the whole force to move on, or leave units behind with /force drop`,
      );
    const spent = named.filter((u) => !ready.includes(u));
    if (spent.length) throw alreadyMoved(spent.map((u) => index.unit(u).label));
  } else if (ready.length === 0) {
    throw alreadyMoved([], hex);
  }
  let chosen = named ?? ready;
  if (!named && new Set(chosen.map((u) => index.unit(u).mobility)).size > 1) {
    chosen = chosen.filter((u) => index.unit(u).mobility === 'mechanized');
  }
  if (chosen.length === 0) throw new RuleError('9.0', `no such units can move from ${hex}`);
  return {
    units: chosen,
    mp: allowance(index, s.turn, mobilityOf(index, chosen)),
    mudBound: startsMudBound(s, hex),
    ...(named ? { named } : {}),
  };
}

/**
 * 9.2: where the force in `hex` can move now (the active force with the MP it has left, or
 * the stack's units that have not moved, mechanized first as /move picks them), for the map.
 */
export function reachOf(index: RulesIndex, s: TyphoonState, hex: HexId): { costs: Record<HexId, number>; battle: HexId[]; force: string } {
  const refusal = moveRefusal(index, s, { force: hex });
  if (refusal) throw refusal;
  const force = forceFor(index, s, hex, undefined);
  const costs: Record<HexId, number> = {};
  const battle: HexId[] = [];
  for (const d of destinations(new Play(index, s), force.units, hex, force.mp, force.mudBound)) {
    costs[d.hex] = d.cost;
    if (d.soviet) battle.push(d.hex);
  }
  return { costs, battle, force: `${labels(index, force.units)} in ${hex}, ${force.mp} MP` };
}

/** A /move order as an engine action: an explicit path, or the cheapest path to `to`. */
export function moveAction(index: RulesIndex, s: TyphoonState, order: MoveOrder): TyphoonAction {
  const refusal = moveRefusal(index, s, order);
  if (refusal) throw refusal;
  if (!order.to && !order.path) throw new RuleError('9.2', 'say where to: to:XXYY, or path:XXYY,XXYY,...');
  const force = forceFor(index, s, order.force, blank(order.units) ? undefined : order.units);
  const units = force.named;
  if (order.path) {
    const path = order.path.split(/[\s,;>-]+/).filter(Boolean);
    return { type: 'move', from: order.force, ...(units ? { units } : {}), path, ...(order.air ? { air: order.air } : {}) };
  }
  const play = new Play(index, s);
  const dest = destinations(play, force.units, order.force, force.mp, force.mudBound).find((d) => d.hex === order.to);
  if (!dest) {
    throw new RuleError(
      '9.2',
      `${order.to} cannot be reached from ${order.force} with ${force.mp} MP (Soviet hexes are entered one at a time; stacking limits apply)`,
    );
  }
  return { type: 'move', from: order.force, ...(units ? { units } : {}), path: dest.path, ...(order.air ? { air: order.air } : {}) };
}

export interface Choice {
  name: string;
  value: string;
}

/**
 * Autocomplete for `force:`: the moving force first, then stacks that may still move, each
 * with its formation ("PG3"), units and MP. Typed digits match hex ids from their start;
 * anything else matches a formation or any unit of the stack ("pg3", "7 pz", "gross").
 */
export function forceChoices(index: RulesIndex, s: TyphoonState, typed: string, limit = 25): Choice[] {
  const out: (Choice & { search: string[] })[] = [];
  const formations = (units: string[]) => [...new Set(units.map((u) => index.unit(u).formation))].join('+');
  const search = (units: string[]) => [...units.map((u) => index.unit(u).label), ...units.map((u) => index.unit(u).formation)];
  if (s.active)
    out.push({
      name: `${s.active.hex} · moving: ${formations(s.active.units)} ${labels(index, s.active.units)} · ${s.active.mp} MP left`,
      value: s.active.hex,
      search: search(s.active.units),
    });
  for (const stack of movableStacks(index, s)) {
    const mech = stack.units.filter((u) => index.unit(u).mobility === 'mechanized');
    const foot = stack.units.filter((u) => index.unit(u).mobility !== 'mechanized');
    const mp = [
      mech.length ? `mech ${allowance(index, s.turn, 'mechanized')}` : '',
      foot.length ? `foot ${allowance(index, s.turn, 'non-mechanized')}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    out.push({
      name: `${stack.hex} · ${formations(stack.units)} ${labels(index, stack.units)} · ${mp} MP`,
      value: stack.hex,
      search: search(stack.units),
    });
  }
  return matchTyped(out, typed, limit);
}

/** Autocomplete for `to:`: every reachable hex with its MP cost; Soviet hexes say a battle follows. */
export function destinationChoices(
  index: RulesIndex,
  s: TyphoonState,
  force: string | undefined,
  units: string | undefined,
  typed: string,
  limit = 25,
): Choice[] {
  if (!force || !parseHexId(force)) return [];
  let f: ReturnType<typeof forceFor>;
  try {
    f = forceFor(index, s, force, units);
  } catch {
    return [];
  }
  const play = new Play(index, s);
  const list = destinations(play, f.units, force, f.mp, f.mudBound).map((d) => {
    const place = index.map.hex(d.hex)!.place?.name;
    // 11.1: a Soviet hex whose capture would cut off a pocket says so, with its size and breakout roll.
    const pocket = d.soviet ? pocketPreview(index, s, d.hex) : undefined;
    const cut = pocket
      ? pocket.moscow
        ? ' · cuts off Moscow: wins'
        : ` · closes a pocket of ${pocket.sizes[0]} (breakout ${pocket.units.min}-${pocket.units.max} units)`
      : '';
    return {
      name: `${d.hex}${place ? ` ${place}` : ''} · ${d.cost} MP${d.soviet ? ` · Soviet: battle${cut}` : ''}`,
      value: d.hex,
      search: place ? [place] : [],
      // Towards the enemy first: a hex that cuts off a pocket, then Soviet hexes, then the farthest east.
      rank: [pocket ? 0 : d.soviet ? 1 : 2, -columnOf(d.hex), d.cost] as const,
    };
  });
  list.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2] || a.value.localeCompare(b.value));
  return matchTyped(list, typed, limit);
}

function labels(index: RulesIndex, units: string[]): string {
  const names = units.map((u) => index.unit(u).label);
  return names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ');
}

/**
 * What autocomplete keeps of `list` for `typed`: digits match a hex id from its start
 * ("15" finds 1520, not 2715); other text matches within the name, or the start of a unit,
 * formation or place, ignoring case, spaces and punctuation ("7pz" finds "7 Pz", not
 * "17 Pz"). At most `limit`, in the list's order.
 */
function matchTyped(list: readonly (Choice & { search?: string[] })[], typed: string, limit = 25): Choice[] {
  const t = typed.trim();
  const squash = (x: string) => x.toLowerCase().replace(/[^a-z0-9]/g, '');
  const want = squash(t);
  const keep = !t
    ? list
    : /^\d+$/.test(t)
      ? list.filter((c) => c.value.startsWith(t))
      : list.filter((c) => c.name.toLowerCase().includes(t.toLowerCase()) || (c.search ?? []).some((w) => squash(w).startsWith(want)));
  return keep.slice(0, limit).map((c) => ({ name: c.name, value: c.value }));
}
