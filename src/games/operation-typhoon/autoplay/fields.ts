/**
 * Cost-to-goal fields: for a target hex, the least MP to get there from every hex, with each
 * Soviet hex counted as a battle's worth of extra cost. `costField` counts the initial
 * control: a pincer then cuts its own way instead of sliding over to use a neighbour's
 * corridor, and the field is fixed per target. `currentCostField` counts today's: a ring's
 * arm follows the corridor it has cut. Both are memoised; the caches change speed only, so
 * policies stay pure.
 */
import type { HexId } from '../../../kernel/hex.js';
import { graphOf, type HexGraph } from '../hex-graph.js';
import { type Control, controlOf, newlyTaken } from './control-position.js';
import type { View } from './view.js';

/**
 * A battle costs about this many MP in time and rounds. Only the rounds after the first cost
 * MP (9.7) and a stack of three nearly always wins the first, so 1 MP: at 2 MP forces went
 * round through German country instead of fighting their way on (measured, seeds 1-48: turn
 * 4 VP median 12 at 2 MP against 13-14 at 1).
 */
export const BATTLE_COST = 1;
/** Fields on today's control stop here: farther hexes are more than two turns' march away. */
const LIVE_FIELD_LIMIT = 60;

/** MP (and battles) to the target from each hex; undefined where the target is out of reach. */
export class CostField {
  constructor(
    private readonly graph: HexGraph,
    /** By hex number; -1 where out of reach. */
    readonly dist: Int32Array,
  ) {}

  get(hex: HexId): number | undefined {
    const h = this.graph.number(hex);
    const d = h === undefined ? -1 : this.dist[h]!;
    return d < 0 ? undefined : d;
  }

  *[Symbol.iterator](): IterableIterator<[HexId, number]> {
    for (let h = 0; h < this.dist.length; h++) if (this.dist[h]! >= 0) yield [this.graph.ids[h]!, this.dist[h]!];
  }
}

const caches = new WeakMap<object, Map<string, CostField>>();
const CACHE_LIMIT = 256;

/**
 * `sector`: while formations may not share hexes (7.3, turns 1-4) a force only plans through
 * German rear hexes of its own sector, so it attacks from its own stretch of front.
 */
export function costField(v: View, target: HexId, mech: boolean, sector?: string): CostField {
  let cache = caches.get(v.index);
  if (!cache) caches.set(v.index, (cache = new Map()));
  const key = `${target}|${mech ? 'm' : 'f'}|${sector ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const graph = graphOf(v.index);
  const field = new CostField(graph, build(graph, graph.number(target)!, mech, sector, graph.initiallySoviet));
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, field);
  return field;
}

interface LiveField {
  control: Control;
  field: CostField;
}
const liveFields = new WeakMap<object, Map<string, LiveField>>();

/**
 * The same field on today's control: hexes already taken cost their terrain only, so a
 * force heads up the corridor its formation has cut and fights on from its head. The field
 * depends on the taken hexes only, and control only ever turns German (3.5): a field built
 * for fewer taken hexes (an earlier position) is brought up to date by lowering costs around
 * the newly taken ones instead of being rebuilt. The field returned is valid for this state
 * only (the next call may update it).
 */
export function currentCostField(v: View, target: HexId, mech: boolean): CostField {
  let byKey = liveFields.get(v.index);
  if (!byKey) liveFields.set(v.index, (byKey = new Map()));
  const graph = graphOf(v.index);
  const key = `${target}|${mech ? 'm' : 'f'}`;
  const control = controlOf(v);
  const live = byKey.get(key);
  if (live && live.control === control) return live.field;
  const added = live && newlyTaken(graph, live.control, control);
  if (live && added) {
    lower(graph, live.field.dist, added, mech, control.soviet);
    live.control = control;
    return live.field;
  }
  if (byKey.size >= CACHE_LIMIT) byKey.delete(byKey.keys().next().value!);
  const field = new CostField(graph, build(graph, graph.number(target)!, mech, undefined, control.soviet, LIVE_FIELD_LIMIT));
  byKey.set(key, { control, field });
  return field;
}

/**
 * Hexes by distance for the Dijkstra searches below (Dial's buckets): a step costs at least 1
 * and at most a few MP, so only the next few distances are ever open and a ring of typed
 * stacks holds them. Thousands of field updates a game made the lists of lists of the first
 * version most of the policy's time. Within one distance the order does not matter: the
 * distances a Dijkstra finds are the same whatever order equal ones are settled in.
 */
class DialQueue {
  /** More than the dearest step (terrain and a battle), a power of two. */
  private static readonly WINDOW = 16;
  private readonly stacks = Array.from({ length: DialQueue.WINDOW }, () => new Int32Array(64));
  private readonly counts = new Int32Array(DialQueue.WINDOW);
  size = 0;

  push(h: number, d: number): void {
    const b = d & (DialQueue.WINDOW - 1);
    let stack = this.stacks[b]!;
    if (this.counts[b] === stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      this.stacks[b] = stack = grown;
    }
    stack[this.counts[b]!++] = h;
    this.size += 1;
  }

  /** A hex queued at distance `d` (the caller settles distances in order), or -1 when none is left. */
  pop(d: number): number {
    const b = d & (DialQueue.WINDOW - 1);
    if (this.counts[b] === 0) return -1;
    this.size -= 1;
    return this.stacks[b]![--this.counts[b]!]!;
  }

  static fits(graph: HexGraph): boolean {
    const dearest = Math.max(...graph.enterCost.mechanized, ...graph.enterCost['non-mechanized']) + BATTLE_COST;
    return dearest < DialQueue.WINDOW;
  }
}
/** One queue per map, reused: every search empties it. */
const queues = new WeakMap<HexGraph, DialQueue>();
function queueOf(graph: HexGraph): DialQueue {
  let q = queues.get(graph);
  if (!q) {
    if (!DialQueue.fits(graph)) throw new Error('a step costs more MP than the cost fields queue can hold');
    queues.set(graph, (q = new DialQueue()));
  }
  return q;
}

/**
 * Entering a newly taken hex no longer costs a battle: lower the distances that run through
 * it, in order of distance (a Dijkstra restarted from the changed hexes).
 */
function lower(graph: HexGraph, dist: Int32Array, newlyTaken: readonly number[], mech: boolean, soviet: Uint8Array): void {
  const cost = graph.enterCost[mech ? 'mechanized' : 'non-mechanized'];
  const seeds = newlyTaken.filter((h) => dist[h]! >= 0).sort((a, b) => dist[a]! - dist[b]!);
  relax(graph, dist, seeds, cost, soviet, LIVE_FIELD_LIMIT);
}

/** Dijkstra backwards from the target: cost of stepping from n into h is paid on entering h. */
function build(
  graph: HexGraph,
  target: number,
  mech: boolean,
  sector: string | undefined,
  hostile: Uint8Array,
  limit = Infinity,
): Int32Array {
  const cost = graph.enterCost[mech ? 'mechanized' : 'non-mechanized'];
  const dist = new Int32Array(graph.size).fill(-1);
  dist[target] = 0;
  relax(graph, dist, [target], cost, hostile, limit, sector);
  return dist;
}

/**
 * Settles hexes in order of distance from `seeds` (hexes whose `dist` is right, sorted by
 * it), lowering each neighbour's distance where the way through is shorter.
 */
function relax(
  graph: HexGraph,
  dist: Int32Array,
  seeds: readonly number[],
  cost: Int32Array,
  hostile: Uint8Array,
  limit: number,
  sector?: string,
): void {
  const { neighbours, initiallySoviet } = graph;
  const queue = queueOf(graph);
  // The seeds' distances as given: one lowered by the search is settled then, and skipped at its old distance.
  const at = seeds.map((h) => dist[h]!);
  let next = 0;
  for (let d = at[0] ?? 0; next < seeds.length || queue.size > 0; d++) {
    // The seeds farther out join when the search gets to their distance (the queue holds only the next few).
    if (queue.size === 0 && at[next]! > d) d = at[next]!;
    while (next < seeds.length && at[next] === d) queue.push(seeds[next++]!, d);
    for (let h = queue.pop(d); h >= 0; h = queue.pop(d)) {
      if (dist[h] !== d) continue;
      const enter = hostile[h] ? BATTLE_COST : 0;
      for (let k = h * 6; k < h * 6 + 6; k++) {
        const n = neighbours[k]!;
        if (n < 0) continue;
        if (sector && !initiallySoviet[n] && graph.sector[n] !== sector) continue;
        const nd = d + cost[k]! + enter;
        if (nd <= limit && (dist[n]! < 0 || nd < dist[n]!)) {
          dist[n] = nd;
          queue.push(n, nd);
        }
      }
    }
  }
}
