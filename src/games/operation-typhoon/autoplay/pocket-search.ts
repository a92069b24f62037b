/**
 * How many Soviet hexes a capture would cut off (11.1), on the flat map of graph.ts: the
 * question the ring-closing policy asks of every gap in the front after each capture. Gives
 * the same count as the pockets `pocketsAfterCapture` finds for those captures.
 */
import type { HexGraph } from '../hex-graph.js';

/** Per graph, reused by every search: hexes are numbered, so marks and lists are typed arrays. */
interface Scratch {
  /** The mark of each hex in the current question: 0 none, 1 supplied, 2 cut off, 3 being searched. */
  mark: Uint8Array;
  /** The hexes marked so far, to clear the marks after. */
  touched: Int32Array;
  queue: ColumnQueue;
}
const scratches = new WeakMap<HexGraph, Scratch>();

function scratchOf(graph: HexGraph): Scratch {
  let s = scratches.get(graph);
  if (!s) {
    const maxColumn = graph.column.reduce((m, c) => Math.max(m, c), 0);
    scratches.set(
      graph,
      (s = { mark: new Uint8Array(graph.size), touched: new Int32Array(graph.size), queue: new ColumnQueue(maxColumn) }),
    );
  }
  return s;
}

/**
 * Soviet hexes (by `soviet`, 1 per Soviet hex) that lose every path of Soviet hexes to the
 * east edge when `captures` are taken too: the union of the pockets next to the captures.
 * Each search from a hex next to a capture either meets a supplied hex (then all it saw is
 * supplied) or runs out of hexes (then all it saw is one pocket, counted whole): the count is
 * the same whatever order the hexes are searched in, and east first finds supply soonest.
 */
export function pocketSizeIf(graph: HexGraph, soviet: Uint8Array, captures: readonly number[]): number {
  const { mark, touched, queue } = scratchOf(graph);
  let count = 0;
  const saved = captures.map((c) => soviet[c]!);
  for (const c of captures) soviet[c] = 0;
  let cut = 0;
  try {
    for (const c of captures) {
      for (let k = c * 6; k < c * 6 + 6; k++) {
        const start = graph.neighbours[k]!;
        if (start < 0 || !soviet[start] || mark[start]) continue;
        const first = count;
        mark[start] = 3;
        touched[count++] = start;
        queue.clear();
        queue.push(start, graph.column[start]!);
        let supplied = false;
        while (!supplied && queue.size > 0) {
          const h = queue.pop();
          if (graph.supplyEdge[h]) {
            supplied = true;
            break;
          }
          for (let j = h * 6; j < h * 6 + 6; j++) {
            const n = graph.neighbours[j]!;
            if (n < 0 || !soviet[n]) continue;
            // A hex already known to be supplied joins this search's hexes to the edge.
            if (mark[n] === 1) {
              supplied = true;
              break;
            }
            if (mark[n]) continue;
            mark[n] = 3;
            touched[count++] = n;
            queue.push(n, graph.column[n]!);
          }
        }
        for (let i = first; i < count; i++) mark[touched[i]!] = supplied ? 1 : 2;
        if (!supplied) cut += count - first;
      }
    }
  } finally {
    captures.forEach((c, i) => {
      soviet[c] = saved[i]!;
    });
    for (let i = 0; i < count; i++) mark[touched[i]!] = 0;
  }
  return cut;
}

/** Hexes by column, the easternmost out first (a stack per column). */
class ColumnQueue {
  private readonly stacks: Int32Array[];
  private readonly counts: Int32Array;
  private top = 0;
  size = 0;

  constructor(maxColumn: number) {
    this.stacks = Array.from({ length: maxColumn + 1 }, () => new Int32Array(16));
    this.counts = new Int32Array(maxColumn + 1);
  }

  clear(): void {
    this.counts.fill(0);
    this.top = 0;
    this.size = 0;
  }

  push(h: number, column: number): void {
    let stack = this.stacks[column]!;
    if (this.counts[column] === stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      this.stacks[column] = stack = grown;
    }
    stack[this.counts[column]!++] = h;
    if (column > this.top) this.top = column;
    this.size += 1;
  }

  /** The easternmost hex queued; only when `size` > 0. */
  pop(): number {
    while (this.counts[this.top] === 0) this.top -= 1;
    this.size -= 1;
    return this.stacks[this.top]![--this.counts[this.top]!]!;
  }
}
