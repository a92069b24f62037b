/** Small plane-geometry helpers, all in grid km (see projection.ts). */

import type { GridKm } from './projection.js';

/** Even-odd test: is the point inside the ring (first point need not repeat at the end)? */
export function pointInRing(p: GridKm, ring: readonly GridKm[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** A polygon with holes: the first ring is the outline. */
export function pointInPolygon(p: GridKm, rings: readonly (readonly GridKm[])[]): boolean {
  if (rings.length === 0 || !pointInRing(p, rings[0]!)) return false;
  return !rings.slice(1).some((hole) => pointInRing(p, hole));
}

function cross(o: GridKm, a: GridKm, b: GridKm): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/**
 * Do segments ab and cd cross? Touching at an end point counts as half-open: an end point
 * of cd lying exactly on ab counts for one of the two segments that share it, so that a
 * polyline passing through a point is never counted twice.
 */
export function segmentsCross(a: GridKm, b: GridKm, c: GridKm, d: GridKm): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0;
}

/** How many times a polyline crosses segment ab. */
export function crossings(a: GridKm, b: GridKm, line: readonly GridKm[]): number {
  let n = 0;
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  for (let i = 1; i < line.length; i++) {
    const c = line[i - 1]!;
    const d = line[i]!;
    if (Math.max(c.x, d.x) < minX || Math.min(c.x, d.x) > maxX) continue;
    if (Math.max(c.y, d.y) < minY || Math.min(c.y, d.y) > maxY) continue;
    if (segmentsCross(a, b, c, d)) n++;
  }
  return n;
}

function distanceToSegment(p: GridKm, a: GridKm, b: GridKm): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Douglas-Peucker simplification with a tolerance in km (end points always kept). */
export function simplify(line: readonly GridKm[], tolerance: number): GridKm[] {
  if (line.length <= 2) return [...line];
  const keep = new Array<boolean>(line.length).fill(false);
  keep[0] = true;
  keep[line.length - 1] = true;
  const stack: [number, number][] = [[0, line.length - 1]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    let worst = -1;
    let at = -1;
    for (let k = i + 1; k < j; k++) {
      const d = distanceToSegment(line[k]!, line[i]!, line[j]!);
      if (d > worst) {
        worst = d;
        at = k;
      }
    }
    if (at >= 0 && worst > tolerance) {
      keep[at] = true;
      stack.push([i, at], [at, j]);
    }
  }
  return line.filter((_, k) => keep[k]);
}

/**
 * x of a polyline that is monotone in y (a front line running north-south), at height y.
 * Beyond its ends the line continues along its first or last segment.
 */
export function xAtY(line: readonly GridKm[], y: number): number {
  return interpolate(line, y, 'y', 'x');
}

/**
 * y of a polyline that is monotone in x (a boundary running east-west), at x.
 * Beyond its ends the line continues level (due east or due west).
 */
export function yAtX(line: readonly GridKm[], x: number): number {
  const xs = line.map((p) => p.x);
  const lo = Math.min(...xs);
  const hi = Math.max(...xs);
  if (x <= lo) return line[xs.indexOf(lo)]!.y;
  if (x >= hi) return line[xs.indexOf(hi)]!.y;
  return interpolate(line, x, 'x', 'y');
}

function interpolate(line: readonly GridKm[], v: number, by: 'x' | 'y', out: 'x' | 'y'): number {
  if (line.length < 2) throw new RangeError('a line needs two points');
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const lo = Math.min(a[by], b[by]);
    const hi = Math.max(a[by], b[by]);
    if (v >= lo && v <= hi && hi > lo) return a[out] + ((v - a[by]) / (b[by] - a[by])) * (b[out] - a[out]);
  }
  // Extrapolate along the nearer end segment.
  const first = line[0]!;
  const last = line[line.length - 1]!;
  const [a, b] = Math.abs(v - first[by]) < Math.abs(v - last[by]) ? [first, line[1]!] : [line[line.length - 2]!, last];
  return a[out] + ((v - a[by]) / (b[by] - a[by])) * (b[out] - a[out]);
}

/** True when the values never reverse direction. */
export function isMonotone(values: readonly number[]): boolean {
  let sign = 0;
  for (let i = 1; i < values.length; i++) {
    const s = Math.sign(values[i]! - values[i - 1]!);
    if (s === 0) return false;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}
