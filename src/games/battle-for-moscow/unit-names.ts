import { UserError } from '../../contracts/errors.js';
import { type BfmAction, type BfmState, type Board, bfmEngine, legalActions } from './index.js';

/**
 * How players name Battle for Moscow's units and hexes in orders: units by id or printed
 * name ("XXIV", "xxiv panzer corps", "29", "29 Army", "1st Shock Army"), and the lines that
 * show a unit or a hex in replies and suggestions.
 */

export function boardOf(state: BfmState): Board {
  return bfmEngine().board(state);
}

/** "XXIV", "xxiv panzer corps", "29", "29A", "29 Army", "1st Shock Army", "1 Sh": one unit id. */
export function findUnit(state: BfmState, typed: string): string {
  const want = squash(typed);
  const b = boardOf(state);
  for (const id of Object.keys(state.units)) {
    if (unitNames(b, id).some((n) => squash(n) === want)) return id;
  }
  throw new UserError(
    `There is no unit "${typed.trim()}" in Battle for Moscow. German corps are named like XXIV or "XXIV Panzer Corps", Soviet armies like 29 or "29 Army", and "1st Shock Army".`,
  );
}

/** Units in a list written "XXIV, LVI" (commas or semicolons between them). */
export function findUnits(state: BfmState, typed: string): string[] {
  const parts = typed
    .split(/[,;+]/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0) throw new UserError('Name at least one unit, e.g. attackers:"XXIV, LVI".');
  const units = parts.map((p) => findUnit(state, p));
  const twice = units.find((u, i) => units.indexOf(u) !== i);
  if (twice) throw new UserError(`${boardOf(state).name(twice)} is named twice.`);
  return units;
}

/** The unit a player typed, or undefined when it names none (for suggestions). */
export function quietUnit(state: BfmState, typed: unknown): string | undefined {
  if (typeof typed !== 'string' || !typed.trim()) return undefined;
  try {
    return findUnit(state, typed);
  } catch {
    return undefined;
  }
}

function unitNames(b: Board, id: string): string[] {
  const spec = b.spec(id);
  return [id, spec.label, b.name(id), ...(spec.side === 'soviet' ? [`${spec.label} Army`] : [`${spec.label} Corps`])];
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A unit as players read it: "XXIV Panzer Corps (12-6) in 0409". */
export function unitLine(b: Board, id: string): string {
  const spec = b.spec(id);
  const u = b.s.units[id]!;
  const strength = `${u.full ? spec.full : spec.half}-${spec.movement}`;
  return `${b.name(id)} (${strength}) ${u.hex ? `in ${u.hex}` : 'off the map'}`;
}

/** Where the defender stands, with terrain and place: "0301 (forest, Kalinin)". */
export function hexLine(b: Board, hex: string): string {
  const place = b.bm.placeName(hex);
  const terrain = b.bm.terrain(hex);
  const bits = [terrain === 'clear' ? undefined : terrain, place].filter((x) => x !== undefined);
  return bits.length ? `${hex} (${bits.join(', ')})` : hex;
}

/** Legal actions of one type, typed for the caller. */
export function legalOf<T extends BfmAction['type']>(state: BfmState, type: T): Extract<BfmAction, { type: T }>[] {
  return legalActions(state).filter((a): a is Extract<BfmAction, { type: T }> => a.type === type);
}
