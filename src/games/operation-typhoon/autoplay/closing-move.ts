/**
 * Closing a ring (11.1): the move that cuts the most Soviet hexes off from the east edge, now
 * or with one more capture. A pincer about to meet its partner takes the gap instead of
 * walking on to a waypoint. (Without the second capture the turn 2 pass rate hardly moved,
 * but rings closed later and the turn 3 front check passed in 0% of games instead of 53%.)
 */
import type { HexId } from '../../../kernel/hex.js';
import { frontHexNumbers } from '../control.js';
import { graphOf } from '../hex-graph.js';
import type { Destination } from '../movement.js';
import { type Control, controlOf } from './control-position.js';
import { pocketSizeIf } from './pocket-search.js';
import type { View } from './view.js';

/**
 * Whether capturing `hex` can cut anything off: only if the Soviet hexes around it fall into
 * two or more separate arcs (German hexes or the map edge between them). One arc stays
 * joined around the hex, so no pocket can form; this spares nearly every flood fill.
 */
export function mayCut(v: View, hex: HexId, alsoTaken?: HexId): boolean {
  const graph = graphOf(v.index);
  return cutsArcs(graph.ring, controlOf(v).soviet, graph.number(hex)!, alsoTaken === undefined ? -1 : graph.number(alsoTaken)!);
}

/** `mayCut` by hex numbers: `also` (or -1) counted as taken too. */
function cutsArcs(ring: Int32Array, soviet: Uint8Array, h: number, also: number): boolean {
  let arcs = 0;
  for (let i = 0; i < 6; i++) if (sovietAround(ring, soviet, h, also, i) && !sovietAround(ring, soviet, h, also, i + 5)) arcs += 1;
  return arcs >= 2;
}

/** Whether the i-th hex clockwise around `h` (modulo 6) is Soviet, `also` counted as taken. */
function sovietAround(ring: Int32Array, soviet: Uint8Array, h: number, also: number, i: number): boolean {
  const n = ring[h * 6 + (i % 6)]!;
  return n >= 0 && n !== also && soviet[n] === 1;
}

/** Soviet hexes cut off if `hex` were captured (and then `then`, a hex next to it). */
export function pocketHexesIf(v: View, hex: HexId, then?: HexId): number {
  const graph = graphOf(v.index);
  const captures = then ? [hex, then] : [hex];
  return pocketSizeIf(
    graph,
    controlOf(v).soviet,
    captures.map((h) => graph.number(h)!),
  );
}

/** Gaps depend on control alone (the taken hexes), which most actions leave as it was. */
const gapsByControl = new WeakMap<Control, Map<number, Map<HexId, GapValue>>>();
/** What capturing a gap would cut off: by itself, and with one neighbour taken after it. */
export interface GapValue {
  now: number;
  next: number;
}
/** A pocket two captures away counts a little less than one closed by this move. */
const TWO_STEP_DISCOUNT = 0.9;

/**
 * The Soviet hexes a force could enter next (next to a German hex) whose capture, alone or
 * with one neighbour after it, would cut off at least `min` hexes: the only places a closing
 * move can go. Few at any time, so a force far from all of them is not searched at all.
 */
export function ringGaps(v: View, min: number): Map<HexId, GapValue> {
  const control = controlOf(v);
  let cache = gapsByControl.get(control);
  if (!cache) gapsByControl.set(control, (cache = new Map()));
  let gaps = cache.get(min);
  if (!gaps) {
    gaps = new Map();
    const graph = graphOf(v.index);
    const { soviet } = control;
    for (const h of frontHexNumbers(v.play)) {
      const id = graph.ids[h]!;
      const now = cutsArcs(graph.ring, soviet, h, -1) ? pocketSizeIf(graph, soviet, [h]) : 0;
      let next = 0;
      for (let k = h * 6; k < h * 6 + 6; k++) {
        const n = graph.neighbours[k]!;
        if (n >= 0 && soviet[n] && cutsArcs(graph.ring, soviet, n, h)) next = Math.max(next, pocketSizeIf(graph, soviet, [h, n]));
      }
      if (now >= min || next * TWO_STEP_DISCOUNT >= min) gaps.set(id, { now, next });
    }
    cache.set(min, gaps);
  }
  return gaps;
}

/** The entry into a Soviet hex that closes the biggest pocket of at least `min` hexes, if any. */
export function closingMove(
  v: View,
  units: readonly string[],
  from: HexId,
  mp: number,
  mudBound: boolean,
  min: number,
): Destination | undefined {
  const gaps = ringGaps(v, min);
  // Every step costs at least 1 MP: a force farther than its MP from every gap closes nothing.
  if (![...gaps.keys()].some((g) => v.dist(from, g) <= mp)) return undefined;
  const reach = v.reachOf(units, from, mp, mudBound);
  // The gaps are few and the reach hundreds of hexes: each gap is looked up in the reach.
  let best: { i: number; hex: HexId; cost: number; size: number } | undefined;
  for (const [hex, gap] of gaps) {
    const h = v.graph.number(hex)!;
    const i = reach.soviet[h] ? reach.find(h) : -1;
    if (i < 0) continue;
    const cost = reach.costs[i]!;
    // MP left after entering: the next capture could close a ring this one only narrows.
    const size = Math.max(gap.now, cost < mp ? gap.next * TWO_STEP_DISCOUNT : 0);
    if (size >= min && (!best || size > best.size || (size === best.size && (cost < best.cost || (cost === best.cost && hex < best.hex)))))
      best = { i, hex, cost, size };
  }
  return best && reach.destination(best.i);
}
