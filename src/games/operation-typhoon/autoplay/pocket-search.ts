/**
 * How many Soviet hexes a capture would cut off (11.1), on the flat map of graph.ts: the
 * question the ring-closing policy asks of every gap in the front after each capture. Gives
 * the same count as the pockets `pocketsAfterCapture` finds for those captures.
 */
import type { HexGraph } from '../hex-graph.js';

/** Per graph: the mark of each hex in the current search (0 none, 1 supplied, 2 cut off, 3 on the queue). */
const scratch = new WeakMap<HexGraph, Uint8Array>();

/**
 * Soviet hexes (by `soviet`, 1 per Soviet hex) that lose every path of Soviet hexes to the
 * east edge when `captures` are taken too: the union of the pockets next to the captures.
 */
export function pocketSizeIf(graph: HexGraph, soviet: Uint8Array, captures: readonly number[]): number {
  let mark = scratch.get(graph);
  if (!mark) scratch.set(graph, (mark = new Uint8Array(graph.size)));
  const touched: number[] = [];
  const saved = captures.map((c) => soviet[c]!);
  for (const c of captures) soviet[c] = 0;
  let cut = 0;
  try {
    for (const c of captures) {
      for (let k = c * 6; k < c * 6 + 6; k++) {
        const start = graph.neighbours[k]!;
        if (start < 0 || !soviet[start] || mark[start]) continue;
        const seen = search(graph, soviet, mark, start);
        touched.push(...seen.hexes);
        for (const h of seen.hexes) mark[h] = seen.supplied ? 1 : 2;
        if (!seen.supplied) cut += seen.hexes.length;
      }
    }
  } finally {
    captures.forEach((c, i) => {
      soviet[c] = saved[i]!;
    });
    for (const h of touched) mark[h] = 0;
  }
  return cut;
}

/** Best-first toward the east (the supply edge lies east): a supplied hex is confirmed in a few steps, a pocket explored whole. */
function search(graph: HexGraph, soviet: Uint8Array, mark: Uint8Array, start: number): { hexes: number[]; supplied: boolean } {
  const hexes = [start];
  const queue = [start];
  mark[start] = 3;
  let supplied = false;
  while (queue.length > 0) {
    let best = 0;
    for (let i = 1; i < queue.length; i++) if (graph.column[queue[i]!]! > graph.column[queue[best]!]!) best = i;
    const h = queue[best]!;
    queue[best] = queue[queue.length - 1]!;
    queue.pop();
    if (graph.supplyEdge[h]) {
      supplied = true;
      break;
    }
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const n = graph.neighbours[k]!;
      if (n < 0 || !soviet[n]) continue;
      // A hex already known to be supplied joins this search's hexes to the edge.
      if (mark[n] === 1) {
        supplied = true;
        break;
      }
      if (mark[n]) continue;
      mark[n] = 3;
      hexes.push(n);
      queue.push(n);
    }
    if (supplied) break;
  }
  return { hexes, supplied };
}
