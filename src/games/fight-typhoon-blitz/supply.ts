/**
 * Lines of communication (3.3): which hexes can trace one to a friendly supply source. Used by
 * the supply check (11.1), withdrawal (11.2), reinforcements (12.1, rail only), the Guards
 * conversion (15.2), retreat direction (10.6(6)) and victory (14.4).
 */
import type { HexId } from '../../kernel/hex.js';
import { type Ctx, other } from './context.js';
import type { Side } from './state.js';

/** 3.3(3): an Axis line runs any length along the railway, then at most 6 hexes off it. */
export const AXIS_OFF_RAIL = 6;

/** Supply sources of a side not occupied by the enemy (2.1; 15.4: the Soviet east edge where no Axis unit stands). */
export function sources(c: Ctx, side: Side): HexId[] {
  const list = side === 'german' ? c.board.features.axisSources : [...c.board.features.sovietSources, ...c.board.eastEdge];
  return [...new Set(list)].filter((h) => c.sideAt(h) !== other(side));
}

/**
 * 3.3(2): a line may not enter an enemy-occupied hex, nor an EZOC hex or an enemy-controlled
 * city or town unless a friendly unit is there, nor a lake.
 */
export function open(c: Ctx, h: HexId, side: Side): boolean {
  if (c.board.terrain(h) === 'lake') return false;
  const here = c.sideAt(h);
  if (here === other(side)) return false;
  if (here === side) return true;
  if (c.ezoc(h, side)) return false;
  return !(c.board.isPlace(h) && c.control(h) !== side);
}

/** Every hex from which a unit of `side` traces a line of communication. */
export function locHexes(c: Ctx, side: Side): Set<HexId> {
  const starts = sources(c, side);
  const step = (a: HexId, b: HexId) => !c.board.impassable(a, b) && open(c, b, side);
  if (side === 'soviet') {
    // 3.3(3): a Soviet line has no length limit. The source itself may be in an EZOC.
    const seen = new Set(starts);
    const queue = [...starts];
    for (let i = 0; i < queue.length; i++) {
      for (const n of c.board.neighbours(queue[i]!))
        if (!seen.has(n) && step(queue[i]!, n)) {
          seen.add(n);
          queue.push(n);
        }
    }
    return seen;
  }
  const rail = new Set(starts);
  const queue = [...starts];
  for (let i = 0; i < queue.length; i++) {
    const a = queue[i]!;
    for (const n of c.board.neighbours(a))
      if (!rail.has(n) && c.board.isRail(a, n) && step(a, n)) {
        rail.add(n);
        queue.push(n);
      }
  }
  const dist = new Map<HexId, number>([...rail].map((h) => [h, 0]));
  const q2 = [...rail];
  for (let i = 0; i < q2.length; i++) {
    const a = q2[i]!;
    const d = dist.get(a)!;
    if (d >= AXIS_OFF_RAIL) continue;
    for (const n of c.board.neighbours(a))
      if (!dist.has(n) && step(a, n)) {
        dist.set(n, d + 1);
        q2.push(n);
      }
  }
  return new Set(dist.keys());
}

/**
 * 12.1: hexes where reinforcements may enter: railway hexes reached from a friendly source
 * along the railway only, never through an EZOC hex (even one with friendly units) or an
 * enemy-controlled city or town; a source in an EZOC takes units itself.
 */
export function railEntry(c: Ctx, side: Side): Set<HexId> {
  const out = new Set<HexId>();
  const blocked = (h: HexId) =>
    c.board.terrain(h) === 'lake' || c.sideAt(h) === other(side) || c.ezoc(h, side) || (c.board.isPlace(h) && c.control(h) !== side);
  const queue: HexId[] = [];
  for (const s of sources(c, side)) {
    if (!c.board.map.isRailHex(s) && !c.board.features.axisSources.includes(s) && !c.board.features.sovietSources.includes(s)) continue;
    out.add(s);
    if (!blocked(s)) queue.push(s);
  }
  const seen = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    const a = queue[i]!;
    for (const n of c.board.neighbours(a)) {
      if (seen.has(n) || !c.board.isRail(a, n) || blocked(n)) continue;
      seen.add(n);
      out.add(n);
      queue.push(n);
    }
  }
  return out;
}
