/**
 * River hexsides from the kept river lines (data/typhoon-map/rivers.geojson).
 *
 * Each river is projected to grid km and simplified (Douglas-Peucker, SIMPLIFY_KM) so that
 * meanders smaller than a hex do not zig-zag along a row. A hexside is a river hexside when
 * the river crosses the segment between the two hex centres an ODD number of times: then
 * the two centres lie on opposite banks. Counting parity instead of "any crossing" drops
 * the double sides a meander would otherwise leave, and for a continuous line the sides it
 * separates always join up into a continuous chain of hexsides. Only sides between two
 * on-map hexes are kept. Where two rivers share a side (a confluence), the first river in
 * priority order (major rivers first, then file order) names it.
 *
 * Confluences: a tributary (`joins` in the input) can stop one or two hexsides short of the
 * river it flows into. Its free end nearest the real confluence is then joined to the
 * other river's nearest hexside corner by the shortest run of (at most two) hexsides.
 */

import { z } from 'zod';
import { formatHexId, HexGrid, type HexId } from '../../src/kernel/hex.js';
import { hexsideKey } from '../../src/kernel/hexside.js';
import { crossings, simplify } from './geometry.js';
import { COLUMNS, type GridKm, HEX_RADIUS_KM, hexCentreKm, LOW_COLUMNS, ROWS, toGridKm } from './projection.js';

export const riversInputSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.object({
        name: z.string().min(1),
        major: z.literal(true).optional(),
        /** The river this one flows into on the map. */
        joins: z.string().optional(),
        note: z.string(),
        from: z.array(z.string()).min(1),
      }),
      geometry: z.object({
        type: z.literal('MultiLineString'),
        coordinates: z.array(z.array(z.tuple([z.number(), z.number()])).min(2)).min(1),
      }),
    }),
  ),
});
export type RiversInput = z.infer<typeof riversInputSchema>;

/** Simplification tolerance: a quarter of a hex. */
export const SIMPLIFY_KM = 3;
/** Longest run of hexsides added to reach a confluence. */
export const MAX_BRIDGE_SIDES = 2;

export interface RiverSide {
  side: string;
  name: string;
  major?: true;
}

/** Each hexside between two on-map hexes once, as [lower id, higher id]. */
export function mapHexsides(): [HexId, HexId][] {
  const grid = new HexGrid({ lowColumns: LOW_COLUMNS });
  const out: [HexId, HexId][] = [];
  for (let col = COLUMNS[0]; col <= COLUMNS[1]; col++) {
    for (let row = ROWS[0]; row <= ROWS[1]; row++) {
      const id = formatHexId({ col, row });
      for (const dir of ['NE', 'SE', 'S'] as const) {
        const n = grid.step(id, dir);
        if (!n) continue;
        const c = Number(n.slice(0, 2));
        const r = Number(n.slice(2));
        if (c < COLUMNS[0] || c > COLUMNS[1] || r < ROWS[0] || r > ROWS[1]) continue;
        out.push(id < n ? [id, n] : [n, id]);
      }
    }
  }
  return out;
}

const centre = (id: HexId): GridKm => hexCentreKm(Number(id.slice(0, 2)), Number(id.slice(2)));

interface ProjectedRiver {
  name: string;
  major: boolean;
  joins?: string;
  /** Projected source lines, unsimplified. */
  raw: GridKm[][];
  /** Simplified lines used for crossings. */
  lines: GridKm[][];
}

/** The projected, simplified lines of each river, in priority order. */
export function riverLines(input: RiversInput): ProjectedRiver[] {
  const rivers = input.features.map((f) => {
    const raw = f.geometry.coordinates.map((line) => line.map(([lon, lat]) => toGridKm(lon, lat)));
    return {
      name: f.properties.name,
      major: f.properties.major === true,
      ...(f.properties.joins ? { joins: f.properties.joins } : {}),
      raw,
      lines: raw.map((line) => simplify(line, SIMPLIFY_KM)),
    };
  });
  // Stable: major rivers first, otherwise file order.
  return rivers
    .map((r, i) => ({ r, i }))
    .sort((a, b) => Number(b.r.major) - Number(a.r.major) || a.i - b.i)
    .map((x) => x.r);
}

/** The two corners a hexside runs between, as rounded keys. */
function sideCorners(a: HexId, b: HexId): [string, string] {
  const pa = centre(a);
  const pb = centre(b);
  const mx = (pa.x + pb.x) / 2;
  const my = (pa.y + pb.y) / 2;
  const len = Math.hypot(pb.x - pa.x, pb.y - pa.y);
  const ux = -(pb.y - pa.y) / len;
  const uy = (pb.x - pa.x) / len;
  const h = HEX_RADIUS_KM / 2;
  const key = (x: number, y: number) => `${Math.round(x * 100)},${Math.round(y * 100)}`;
  return [key(mx + ux * h, my + uy * h), key(mx - ux * h, my - uy * h)];
}

const cornerPoint = (key: string): GridKm => {
  const [x, y] = key.split(',').map((v) => Number(v) / 100);
  return { x: x!, y: y! };
};

export function riverHexsides(input: RiversInput): RiverSide[] {
  const sides = mapHexsides();
  const corners = new Map<string, [string, string]>();
  const sidesAtCorner = new Map<string, string[]>();
  for (const [a, b] of sides) {
    const key = hexsideKey(a, b);
    const cs = sideCorners(a, b);
    corners.set(key, cs);
    for (const c of cs) sidesAtCorner.set(c, [...(sidesAtCorner.get(c) ?? []), key]);
  }
  const taken = new Map<string, RiverSide>();
  const rivers = riverLines(input);
  for (const river of rivers) {
    for (const [a, b] of sides) {
      const key = hexsideKey(a, b);
      if (taken.has(key)) continue;
      const pa = centre(a);
      const pb = centre(b);
      let n = 0;
      for (const line of river.lines) n += crossings(pa, pb, line);
      if (n % 2 === 1) taken.set(key, { side: key, name: river.name, ...(river.major ? { major: true as const } : {}) });
    }
  }
  for (const river of rivers) {
    if (!river.joins) continue;
    const target = rivers.find((r) => r.name === river.joins);
    if (!target) throw new Error(`${river.name} joins unknown river ${river.joins}`);
    for (const key of bridge(river, target, taken, corners, sidesAtCorner)) {
      taken.set(key, { side: key, name: river.name, ...(river.major ? { major: true as const } : {}) });
    }
  }
  return [...taken.values()].sort((x, y) => (x.side < y.side ? -1 : x.side > y.side ? 1 : 0));
}

/** Hexsides that connect a tributary's end to the river it joins (empty if already joined). */
function bridge(
  river: ProjectedRiver,
  target: ProjectedRiver,
  taken: Map<string, RiverSide>,
  corners: Map<string, [string, string]>,
  sidesAtCorner: Map<string, string[]>,
): string[] {
  const degree = new Map<string, number>();
  const targetCorners = new Set<string>();
  for (const [key, side] of taken) {
    const cs = corners.get(key)!;
    if (side.name === river.name) for (const c of cs) degree.set(c, (degree.get(c) ?? 0) + 1);
    if (side.name === target.name) for (const c of cs) targetCorners.add(c);
  }
  if (targetCorners.size === 0) return [];
  // The real confluence: the tributary vertex closest to the other river.
  let confluence: GridKm | undefined;
  let best = Infinity;
  for (const line of river.raw) {
    for (const p of line) {
      for (const tl of target.raw) {
        for (const q of tl) {
          const d = Math.hypot(p.x - q.x, p.y - q.y);
          if (d < best) {
            best = d;
            confluence = p;
          }
        }
      }
    }
  }
  const ends = [...degree].filter(([, d]) => d === 1).map(([c]) => c);
  if (!confluence || ends.length === 0) return [];
  const dist = (c: string) => Math.hypot(cornerPoint(c).x - confluence!.x, cornerPoint(c).y - confluence!.y);
  const end = ends.sort((a, b) => dist(a) - dist(b) || (a < b ? -1 : 1))[0]!;
  if (targetCorners.has(end)) return [];
  // Breadth-first over free hexsides, in sorted order so the result is deterministic.
  let frontier: { corner: string; path: string[] }[] = [{ corner: end, path: [] }];
  const seen = new Set([end]);
  for (let depth = 0; depth < MAX_BRIDGE_SIDES; depth++) {
    const next: typeof frontier = [];
    for (const { corner, path } of frontier) {
      for (const key of [...(sidesAtCorner.get(corner) ?? [])].sort()) {
        if (taken.has(key)) continue;
        const [c1, c2] = corners.get(key)!;
        const other = c1 === corner ? c2 : c1;
        if (seen.has(other)) continue;
        seen.add(other);
        if (targetCorners.has(other)) return [...path, key];
        next.push({ corner: other, path: [...path, key] });
      }
    }
    frontier = next;
  }
  return [];
}
