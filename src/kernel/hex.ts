import { z } from 'zod';
/**
 * Hex coordinates. Printed maps number hexes XXYY (column, row) on a flat-topped grid
 * whose columns alternate high and low; algorithms work in axial coordinates (q, r),
 * following Red Blob Games' hexagon guide. Conversion happens only at the edges.
 */

export type HexId = string;

/** Axial coordinates: q is the column; r runs north-south along the column. */
export interface Axial {
  readonly q: number;
  readonly r: number;
}

export interface Offset {
  readonly col: number;
  readonly row: number;
}

/** Flat-topped directions, clockwise from north. */
export const DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export type Direction = (typeof DIRECTIONS)[number];

const AXIAL_STEPS: Record<Direction, Axial> = {
  N: { q: 0, r: -1 },
  NE: { q: 1, r: -1 },
  SE: { q: 1, r: 0 },
  S: { q: 0, r: 1 },
  SW: { q: -1, r: 1 },
  NW: { q: -1, r: 0 },
};

export function opposite(dir: Direction): Direction {
  return DIRECTIONS[(DIRECTIONS.indexOf(dir) + 3) % 6]!;
}

/**
 * The column stagger of a printed map: which printed column parity sits half a hex
 * lower. Battle for Moscow: 0101 is the top-left hex and even columns are low.
 */
export type LowColumns = 'even' | 'odd';

export interface GridSpec {
  readonly lowColumns: LowColumns;
}

/** The printed id's digits: two of column, two of row. */
export const HEX_ID_DIGITS = '\\d{4}';
const HEX_ID = /^(\d{2})(\d{2})$/;

export function parseHexId(id: string): Offset | undefined {
  const m = HEX_ID.exec(id.trim());
  if (!m) return undefined;
  return { col: Number(m[1]), row: Number(m[2]) };
}

/** The column of a printed id: "1019" → 10. */
export function columnOf(id: HexId): number {
  return Number(id.slice(0, 2));
}

/** The row of a printed id: "1019" → 19. */
export function rowOf(id: HexId): number {
  return Number(id.slice(2));
}

/** A hex id as players type it (four digits, column then row), checked at every input boundary. */
export const hexIdSchema = z.string().trim().regex(HEX_ID, 'a hex is four digits, column then row, e.g. 1019');

export function formatHexId({ col, row }: Offset): HexId {
  if (col < 0 || row < 0 || col > 99 || row > 99) {
    throw new RangeError(`hex ${col},${row} has no four-digit id`);
  }
  return `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;
}

/** Half-column shift in axial r: low columns sit half a hex further south. */
function shift(col: number, low: LowColumns): number {
  return low === 'even' ? Math.floor((col + 1) / 2) : Math.floor(col / 2);
}

export function offsetToAxial(o: Offset, spec: GridSpec): Axial {
  return { q: o.col, r: o.row - shift(o.col, spec.lowColumns) };
}

export function axialToOffset(a: Axial, spec: GridSpec): Offset {
  return { col: a.q, row: a.r + shift(a.q, spec.lowColumns) };
}

export function isLowColumn(col: number, spec: GridSpec): boolean {
  return (col % 2 === 0) === (spec.lowColumns === 'even');
}

export function axialDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function axialStep(a: Axial, dir: Direction): Axial {
  const s = AXIAL_STEPS[dir];
  return { q: a.q + s.q, r: a.r + s.r };
}

/**
 * Geometry of one printed grid. Every id in and out is a printed XXYY id; ids of hexes
 * just off the map (column 00, row 00, one past the last) are still formed so that
 * hexsides on the map edge have a name.
 */
export class HexGrid {
  /** Ids already converted: distances and neighbours are asked for the same hexes over and over. */
  private readonly axial = new Map<HexId, Readonly<Axial>>();

  constructor(readonly spec: GridSpec) {}

  toAxial(id: HexId): Readonly<Axial> {
    const known = this.axial.get(id);
    if (known) return known;
    const o = parseHexId(id);
    if (!o) throw new RangeError(`not a hex id: ${id}`);
    const a = Object.freeze(offsetToAxial(o, this.spec));
    if (this.axial.size < 10_000) this.axial.set(id, a);
    return a;
  }

  fromAxial(a: Axial): HexId {
    return formatHexId(axialToOffset(a, this.spec));
  }

  /** The hex one step away in a direction (it may lie off the map). */
  step(id: HexId, dir: Direction): HexId | undefined {
    const o = axialToOffset(axialStep(this.toAxial(id), dir), this.spec);
    return o.col < 0 || o.row < 0 || o.col > 99 || o.row > 99 ? undefined : formatHexId(o);
  }

  /** All six neighbours in direction order N, NE, SE, S, SW, NW (off-map ones included). */
  neighbours(id: HexId): { dir: Direction; id: HexId }[] {
    const out: { dir: Direction; id: HexId }[] = [];
    for (const dir of DIRECTIONS) {
      const n = this.step(id, dir);
      if (n !== undefined) out.push({ dir, id: n });
    }
    return out;
  }

  directionTo(from: HexId, to: HexId): Direction | undefined {
    return this.neighbours(from).find((n) => n.id === to)?.dir;
  }

  distance(a: HexId, b: HexId): number {
    return axialDistance(this.toAxial(a), this.toAxial(b));
  }

  /** Hexes exactly `radius` steps away (radius 0 is the hex itself). */
  ring(center: HexId, radius: number): HexId[] {
    if (radius === 0) return [center];
    const out: HexId[] = [];
    let a = this.toAxial(center);
    for (let i = 0; i < radius; i++) a = axialStep(a, 'SW');
    // Walk the six sides clockwise starting northward from the south-west corner.
    for (const dir of DIRECTIONS) {
      for (let i = 0; i < radius; i++) {
        const o = axialToOffset(a, this.spec);
        if (o.col >= 0 && o.row >= 0 && o.col <= 99 && o.row <= 99) out.push(formatHexId(o));
        a = axialStep(a, dir);
      }
    }
    return out;
  }

  /** Hexes within `radius` steps, the centre first. */
  spiral(center: HexId, radius: number): HexId[] {
    const out: HexId[] = [];
    for (let k = 0; k <= radius; k++) out.push(...this.ring(center, k));
    return out;
  }
}
