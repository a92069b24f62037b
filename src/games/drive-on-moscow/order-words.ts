/**
 * What Drive on Moscow's orders share: units and hexes found by name, the stack that moves, the
 * choices autocomplete offers, and the options' checks.
 */
import { z } from 'zod';
import { UserError } from '../../contracts/errors.js';
import type { Choice } from '../../contracts/reply.js';
import type { HexId } from '../../kernel/hex.js';
import { hexOption, type Order, offer, unitByName, unitsByName } from '../orders.js';
import { domBoard } from './board.js';
import { SHIPPED_CHARTS } from './charts.js';
import { Ctx } from './context.js';
import { movingGroup, reach } from './movement.js';
import { factorsOf, other, Position } from './position.js';
import { entryHexes } from './reinforcements.js';
import { stackOrder } from './scene.js';
import type { DomAction, DomState, Unit } from './state.js';

export type DomOrder = Order<DomState, DomAction>;

const UNIT_HINT = 'is on the map (names as on the counters: "7 Pz", "RD 012", "GRD 001").';

/** A unit by id, any case and spacing: "7 Pz", "7pz". */
export function findUnit(s: DomState, text: string): string {
  return unitByName(Object.keys(s.units), text, UNIT_HINT);
}
export function findUnits(s: DomState, text: string): string[] {
  return unitsByName(Object.keys(s.units), text, UNIT_HINT);
}

export function unitName(u: Unit): string {
  const f = factorsOf(u);
  return u.untried ? `${u.id} (untried)` : f ? `${u.id} ${f[0]}-${f[1]}${u.maxSteps === 2 && u.steps === 1 ? ' reduced' : ''}` : u.id;
}

/** Units of the side to move that may still move, by hex: the stacks autocomplete offers. */
export function movers(s: DomState): Unit[] {
  if (s.phase !== 'movement') return [];
  return Object.values(s.units).filter(
    (u) => u.side === s.side && !s.done.includes(u.id) && (s.active.includes(u.id) || s.mp[u.id] === undefined),
  );
}

/** The units a /move or /attack names: units:, or every mover in force:'s hex. */
export function moveUnits(s: DomState, o: { units?: string; force?: string }): string[] {
  if (o.units) return findUnits(s, o.units);
  if (o.force) {
    const here = movers(s).filter((u) => u.hex === o.force);
    const active = here.filter((u) => s.active.includes(u.id));
    const list = active.length ? active : here.filter((u) => s.startHex[u.id] === o.force);
    if (list.length === 0) throw new UserError(`No unit in ${o.force} can move now.`);
    return list.slice(0, 5).map((u) => u.id);
  }
  throw new UserError('Name the units (units:"7 Pz, 6 Pz") or the hex of the stack (force:<hex>).');
}

export function destinationChoices(s: DomState, ids: string[], typed: string, limit = 25): Choice[] {
  const board = domBoard();
  try {
    const p = new Position(board, SHIPPED_CHARTS, s);
    const g = movingGroup(s, p, ids);
    const r = reach(p, g, Math.max(g.budget, g.northBudget));
    const out: Choice[] = [];
    for (const [h, c] of r.cost)
      if (h !== g.from) out.push({ name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ''} · ${c} MP`, value: h });
    return offer(
      out.sort((a, b) => (a.value < b.value ? -1 : 1)),
      typed,
      limit,
    );
  } catch {
    return [];
  }
}

export function enemyHexChoices(s: DomState, typed: string): Choice[] {
  const board = domBoard();
  const p = new Position(board, SHIPPED_CHARTS, s);
  const mine = Object.values(s.units).filter((u) => u.side === s.side);
  const targets = new Set<HexId>();
  for (const u of mine) for (const n of board.neighbours(u.hex)) if (p.unitsAt(n, other(s.side)).length > 0) targets.add(n);
  // 11.6: with the fog of war only the top unit of the enemy stack is named, and how many lie beneath.
  const enemy = (h: HexId) => {
    const units = stackOrder(p.unitsAt(h, other(s.side)));
    if (!s.fog || s.result || units.length < 2) return units.map(unitName);
    return [unitName(units[0]!), `+${units.length - 1} unseen`];
  };
  return offer(
    [...targets].sort().map((h) => ({
      name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ''} · ${[...p.unitsAt(h, s.side).map((u) => u.id), ...enemy(h)].join(
        ', ',
      )}`.slice(0, 100),
      value: h,
    })),
    typed,
  );
}

/**
 * 11.6: /odds before an attack may count only what the attacker sees of the defending stack,
 * its top unit (unless a battle under way has shown the rest): the state without the others.
 */
export function fogged(s: DomState, target: HexId, ids: readonly string[]): { state: DomState; unseen: number } {
  const side = s.units[ids[0]!]?.side;
  if (!s.fog || s.result || !side) return { state: s, unseen: 0 };
  const shown = new Set(s.battle?.odds ? [...s.battle.units, ...(s.battle.defenders ?? [])] : []);
  const beneath = stackOrder(Object.values(s.units).filter((u) => u.hex === target && u.side !== side))
    .slice(1)
    .filter((u) => !shown.has(u.id));
  if (!beneath.length) return { state: s, unseen: 0 };
  const units = { ...s.units };
  for (const u of beneath) delete units[u.id];
  return { state: { ...s, units }, unseen: beneath.length };
}

/** The target hex of /attack and /odds: a hex, or a unit standing in it. */
export function targetHex(s: DomState, text: string): HexId {
  if (/^\d{4}$/.test(text.trim())) return text.trim();
  return s.units[findUnit(s, text)]!.hex;
}

/** Units next to the target that may attack it now (PA), for a default attacker list. */
export function adjacentAttackers(s: DomState, target: HexId): string[] {
  const board = domBoard();
  return Object.values(s.units)
    .filter(
      (u) =>
        u.side === s.side &&
        !s.attacked.includes(u.id) &&
        board.map.grid.directionTo(u.hex, target) !== undefined &&
        !board.isReservoir(u.hex, target),
    )
    .filter((u) => !(board.natural(target) === 'marsh' && u.mech && !u.cavalry))
    .map((u) => u.id);
}

export const moveSchema = z.object({
  units: z.string().max(200).optional(),
  force: hexOption.optional(),
  to: hexOption.optional(),
  path: z.string().max(300).optional(),
});
export const attackSchema = z.object({
  defender: z.string().min(1).max(60),
  attackers: z.string().max(200).optional(),
  mode: z.enum(['prepared', 'mobile']).optional(),
  air: z.number().int().min(0).max(3).optional(),
});
export const unitSchema = z.object({ unit: z.string().min(1).max(60) });

export const hexOpt = (name: string, description: string, required = false) => ({
  name,
  type: 'string' as const,
  description,
  required,
  autocomplete: true,
  minLength: 4,
  maxLength: 4,
});

export function entryChoices(s: DomState): Choice[] {
  const board = domBoard();
  return entryHexes(new Ctx(board, SHIPPED_CHARTS, s)).map((h) => ({
    name: `${h}${board.placeName(h) ? ` ${board.placeName(h)}` : ' supply source'}`,
    value: h,
  }));
}
export function entryList(s: DomState): string {
  return entryChoices(s)
    .slice(0, 10)
    .map((c) => c.name)
    .join(', ');
}
