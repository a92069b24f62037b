import { z } from 'zod';
import { HEX_ID_DIGITS, type HexGrid, type HexId } from './hex.js';

/**
 * One canonical key per hexside: the two printed ids, lower first, joined by "/".
 * Edge hexsides name the off-map hex (column 00, row 00 or one past the last).
 */
export type HexsideKey = string;

/** A hexside key in data: "XXYY/XXYY". */
export const hexsideKeySchema = z
  .string()
  .regex(new RegExp(`^${HEX_ID_DIGITS}/${HEX_ID_DIGITS}$`), 'a hexside is "XXYY/XXYY", lower id first');

export function hexsideKey(a: HexId, b: HexId): HexsideKey {
  return a < b ? `${a}/${b}` : `${b}/${a}`;
}

export function hexsideHexes(key: HexsideKey): [HexId, HexId] {
  const [a, b] = key.split('/');
  if (!a || !b) throw new RangeError(`not a hexside key: ${key}`);
  return [a, b];
}

/** The key of the side of `hex` facing `dir`, checked for adjacency. */
export function hexsideToward(grid: HexGrid, hex: HexId, neighbour: HexId): HexsideKey {
  if (grid.directionTo(hex, neighbour) === undefined) {
    throw new RangeError(`${hex} and ${neighbour} are not adjacent`);
  }
  return hexsideKey(hex, neighbour);
}
