/**
 * Where the Operation Typhoon hex grid lies on the ground.
 *
 * Grid: flat-topped hexes in columns, 12 km between adjacent hex centres (rule 1.2), so
 * columns are 12·√3/2 = 10.392 km apart east-west and a row step is 12 km north-south.
 * Odd-numbered columns sit half a hex (6 km) lower (`lowColumns: 'odd'`, forced by the
 * rule 6.0 example: 2512, 2513 and 2614 all touch 2613).
 *
 * Projection: equirectangular (plate carrée) on a sphere of radius 6,371 km, true to scale
 * along the reference parallel 55.267° N, the mean latitude of Smolensk and Moscow, so the
 * Smolensk-Moscow east-west distance is true. x (km east) = R·Δλ·cos φ0, y (km south) =
 * −R·Δφ. The origin is Smolensk (32.0401 E, 54.7818 N) at the centre of hex 1019 (rule 2.2).
 * Columns are meridians and rows parallels, so "west of the 29xx row" (4.4) is simply
 * west of a meridian (35.16 E). East-west distances are stretched up to 4% at the north edge
 * and shrunk up to 9% at the south edge (Kursk); north-south distances are true.
 *
 * Absolute grid km: hex (col,row) has its centre at X = col·10.392, Y = row·12 (+6 in odd
 * columns); Y grows southward.
 */

import { formatHexId, type HexId, parseHexId } from '../../src/kernel/hex.js';

export const HEX_KM = 12;
export const COL_KM = (HEX_KM * Math.sqrt(3)) / 2;
/** Centre-to-corner radius of a hex. */
export const HEX_RADIUS_KM = HEX_KM / Math.sqrt(3);
export const LOW_COLUMNS = 'odd' as const;

/**
 * Which part of the projected plane a map covers and which hex holds Smolensk. The
 * generator builds one map per run; Operation Typhoon's extent is the default, and another
 * game's generator picks its own with `useExtent` before building (columns keep their
 * parity, so the hexes of both maps lie on the same ground).
 */
export interface GridExtent {
  readonly smolensk: { readonly col: number; readonly row: number };
  readonly columns: readonly [number, number];
  readonly rows: readonly [number, number];
}

export const TYPHOON_EXTENT: GridExtent = { smolensk: { col: 10, row: 19 }, columns: [1, 54], rows: [1, 50] };

export let COLUMNS: readonly [number, number] = TYPHOON_EXTENT.columns;
export let ROWS: readonly [number, number] = TYPHOON_EXTENT.rows;

export const EARTH_RADIUS_KM = 6371;
export const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

/** Rule 2.2: Smolensk is in hex 1019; we put its coordinates at that hex's centre. */
export const SMOLENSK = { lon: 32.0401, lat: 54.7818, col: 10, row: 19 } as const;
export const MOSCOW = { lon: 37.6156, lat: 55.7522 } as const;
export const REFERENCE_LATITUDE = (SMOLENSK.lat + MOSCOW.lat) / 2;

const KM_PER_DEGREE_LON = KM_PER_DEGREE * Math.cos((REFERENCE_LATITUDE * Math.PI) / 180);

export interface GridKm {
  /** km east of the grid origin (column 0). */
  readonly x: number;
  /** km south of the grid origin (row 0, high column). */
  readonly y: number;
}

export interface LonLat {
  readonly lon: number;
  readonly lat: number;
}

export function isLowColumn(col: number): boolean {
  return col % 2 === 1;
}

/** Centre of a hex in grid km. */
export function hexCentreKm(col: number, row: number): GridKm {
  return { x: col * COL_KM, y: row * HEX_KM + (isLowColumn(col) ? HEX_KM / 2 : 0) };
}

let ORIGIN = hexCentreKm(SMOLENSK.col, SMOLENSK.row);

/** Build on another extent from now on (see GridExtent); Smolensk's hex must keep the parity of 1019's column. */
export function useExtent(extent: GridExtent): void {
  if ((extent.smolensk.col - SMOLENSK.col) % 2 !== 0) throw new Error('Smolensk must stay in an even column');
  COLUMNS = extent.columns;
  ROWS = extent.rows;
  ORIGIN = hexCentreKm(extent.smolensk.col, extent.smolensk.row);
}

export function toGridKm(lon: number, lat: number): GridKm {
  return {
    x: ORIGIN.x + (lon - SMOLENSK.lon) * KM_PER_DEGREE_LON,
    y: ORIGIN.y - (lat - SMOLENSK.lat) * KM_PER_DEGREE,
  };
}

export function toLonLat(p: GridKm): LonLat {
  return {
    lon: SMOLENSK.lon + (p.x - ORIGIN.x) / KM_PER_DEGREE_LON,
    lat: SMOLENSK.lat - (p.y - ORIGIN.y) / KM_PER_DEGREE,
  };
}

/** Centre of a hex (by id or column and row) in longitude and latitude. */
export function hexCentreLonLat(id: HexId): LonLat {
  const o = parseHexId(id);
  if (!o) throw new RangeError(`not a hex id: ${id}`);
  return toLonLat(hexCentreKm(o.col, o.row));
}

/** The hex (column, row) whose area contains a grid-km point, on or off the map. */
export function hexAtKm(p: GridKm): { col: number; row: number } {
  // Axial coordinates of the flat-topped grid: X = q·COL_KM, Y = 12·(r + q/2).
  const qf = p.x / COL_KM;
  const rf = p.y / HEX_KM - qf / 2;
  const sf = -qf - rf;
  let q = Math.round(qf);
  let r = Math.round(rf);
  const s = Math.round(sf);
  const dq = Math.abs(q - qf);
  const dr = Math.abs(r - rf);
  const ds = Math.abs(s - sf);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return { col: q, row: r + Math.floor(q / 2) };
}

export function onMap(col: number, row: number): boolean {
  return col >= COLUMNS[0] && col <= COLUMNS[1] && row >= ROWS[0] && row <= ROWS[1];
}

/** The on-map hex containing a geographic point, or undefined off the map. */
export function hexAt(lon: number, lat: number): HexId | undefined {
  const { col, row } = hexAtKm(toGridKm(lon, lat));
  return onMap(col, row) ? formatHexId({ col, row }) : undefined;
}

/** The six corners of a hex in grid km, clockwise from the east corner. */
export function hexCornersKm(col: number, row: number): GridKm[] {
  const c = hexCentreKm(col, row);
  const out: GridKm[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i;
    out.push({ x: c.x + HEX_RADIUS_KM * Math.cos(a), y: c.y + HEX_RADIUS_KM * Math.sin(a) });
  }
  return out;
}

/** Every hex id of the map, column by column (the order of the generated JSON). */
export function allHexIds(): HexId[] {
  const out: HexId[] = [];
  for (let col = COLUMNS[0]; col <= COLUMNS[1]; col++) {
    for (let row = ROWS[0]; row <= ROWS[1]; row++) out.push(formatHexId({ col, row }));
  }
  return out;
}

/** The two ends of the hexside between neighbouring hexes `a` and `b` (ids "CCRR"), in grid km. */
export function hexsideKm(a: string, b: string): [GridKm, GridKm] {
  const at = (id: string) => hexCentreKm(Number(id.slice(0, 2)), Number(id.slice(2)));
  const pa = at(a);
  const pb = at(b);
  const m = { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 };
  const len = Math.hypot(pb.x - pa.x, pb.y - pa.y);
  const u = { x: -(pb.y - pa.y) / len, y: (pb.x - pa.x) / len };
  const h = HEX_RADIUS_KM / 2;
  return [
    { x: m.x + u.x * h, y: m.y + u.y * h },
    { x: m.x - u.x * h, y: m.y - u.y * h },
  ];
}
