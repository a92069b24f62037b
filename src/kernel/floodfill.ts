import type { HexId } from './hex.js';

/**
 * Every hex reachable from the seeds through hexes that `passes` accepts (seeds that do
 * not pass are ignored). Supply tracing and pocket detection are both this question.
 */
export function floodFill(seeds: Iterable<HexId>, neighbours: (hex: HexId) => HexId[], passes: (hex: HexId) => boolean): Set<HexId> {
  const seen = new Set<HexId>();
  const stack: HexId[] = [];
  for (const s of seeds) {
    if (!seen.has(s) && passes(s)) {
      seen.add(s);
      stack.push(s);
    }
  }
  while (stack.length > 0) {
    const hex = stack.pop()!;
    for (const n of neighbours(hex)) {
      if (!seen.has(n) && passes(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return seen;
}

/** The connected regions of `hexes` (adjacency restricted to the set). */
export function components(hexes: Iterable<HexId>, neighbours: (hex: HexId) => HexId[]): Set<HexId>[] {
  const all = new Set(hexes);
  const out: Set<HexId>[] = [];
  const assigned = new Set<HexId>();
  for (const h of all) {
    if (assigned.has(h)) continue;
    const region = floodFill([h], neighbours, (x) => all.has(x));
    for (const x of region) assigned.add(x);
    out.push(region);
  }
  return out;
}
