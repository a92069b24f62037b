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
/**
 * Fields on today's control are first worked out only this far, and out to the limit when a
 * question needs more. Most questions are about forces near their targets, and bringing a
 * field up to date after a capture (often) costs by the hexes it holds. Measured on seeds
 * 1-3 of the pocket seeker, hexes settled by all field searches: 2.06 million with whole
 * fields, 0.92 million starting at 16 MP, 0.68 at 24, 0.76 at 32 (more widening below 24,
 * more hexes kept above).
 */
const LIVE_FIELD_START = 24;

/**
 * MP (and battles) to the target from each hex; undefined where the target is out of reach.
 * Exact out to `radius`: a hex beyond it is looked up by widening the field to its limit first.
 */
export class CostField {
  constructor(
    private readonly graph: HexGraph,
    /** By hex number; -1 where out of reach (or beyond the radius). */
    private dist: Int32Array,
    private radius: number,
    private readonly limit: number,
    /** The whole field to the limit, on the field's control of the moment. */
    private readonly widen?: () => Int32Array,
  ) {}

  /** MP from hex number `h`; -1 where the target is out of reach. */
  at(h: number): number {
    const d = this.dist[h]!;
    if (d >= 0 || this.radius >= this.limit) return d;
    this.widenToLimit();
    return this.dist[h]!;
  }

  /** What is known without widening: the MP from `h`, or -1 where the target is out of reach or farther than `radius`. */
  known(h: number): number {
    return this.dist[h]!;
  }

  /** How far the field is worked out: `known` is exact up to here. */
  get reach(): number {
    return this.radius;
  }

  /** Whether hexes beyond the radius still count (widened, they might be in reach). */
  get narrow(): boolean {
    return this.radius < this.limit;
  }

  /** `at(h)` if it is less than `bound`, else -1: widens the field only if that is needed to tell. */
  below(h: number, bound: number): number {
    const d = this.dist[h]!;
    if (d >= 0) return d < bound ? d : -1;
    // Unknown means farther than the radius.
    if (bound <= this.radius + 1 || this.radius >= this.limit) return -1;
    const wide = this.at(h);
    return wide < bound ? wide : -1;
  }

  get(hex: HexId): number | undefined {
    const h = this.graph.number(hex);
    const d = h === undefined ? -1 : this.at(h);
    return d < 0 ? undefined : d;
  }

  /** After a capture: the newly taken hexes cost no battle now (control only turns German, 3.5). */
  lowerAround(newlyTaken: readonly number[], mech: boolean, soviet: Uint8Array): void {
    lower(this.graph, this.dist, newlyTaken, mech, soviet, this.radius);
  }

  /** Works the field out to its limit. */
  widenToLimit(): void {
    this.dist = this.widen!();
    this.radius = this.limit;
  }

  *[Symbol.iterator](): IterableIterator<[HexId, number]> {
    if (this.radius < this.limit) this.widenToLimit();
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
  const field = new CostField(graph, build(graph, graph.number(target)!, mech, sector, graph.initiallySoviet), Infinity, Infinity);
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
    live.field.lowerAround(added, mech, control.soviet);
    live.control = control;
    return live.field;
  }
  if (byKey.size >= CACHE_LIMIT) byKey.delete(byKey.keys().next().value!);
  const h = graph.number(target)!;
  const entry = { control } as LiveField;
  const near = build(graph, h, mech, undefined, control.soviet, LIVE_FIELD_START);
  // Widened on the control the entry has reached by then (it is lowered capture by capture).
  entry.field = new CostField(graph, near, LIVE_FIELD_START, LIVE_FIELD_LIMIT, () =>
    build(graph, h, mech, undefined, entry.control.soviet, LIVE_FIELD_LIMIT),
  );
  byKey.set(key, entry);
  return entry.field;
}

/** Hexes by distance, for the Dijkstra searches below (costs are whole MP). */
class Buckets {
  private readonly lists: number[][] = [];
  push(h: number, d: number): void {
    (this.lists[d] ??= []).push(h);
  }
  get length(): number {
    return this.lists.length;
  }
  at(d: number): number[] | undefined {
    return this.lists[d];
  }
}

/**
 * Entering a newly taken hex no longer costs a battle: lower the distances that run through
 * it, in order of distance (a Dijkstra restarted from the changed hexes).
 */
function lower(graph: HexGraph, dist: Int32Array, newlyTaken: readonly number[], mech: boolean, soviet: Uint8Array, limit: number): void {
  const cost = graph.enterCost[mech ? 'mechanized' : 'non-mechanized'];
  const buckets = new Buckets();
  for (const h of newlyTaken) if (dist[h]! >= 0) buckets.push(h, dist[h]!);
  relax(graph, dist, buckets, cost, soviet, limit);
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
  const buckets = new Buckets();
  buckets.push(target, 0);
  relax(graph, dist, buckets, cost, hostile, limit, sector);
  return dist;
}

function relax(
  graph: HexGraph,
  dist: Int32Array,
  buckets: Buckets,
  cost: Int32Array,
  hostile: Uint8Array,
  limit: number,
  sector?: string,
): void {
  const { neighbours, initiallySoviet } = graph;
  for (let d = 0; d < buckets.length; d++) {
    const bucket = buckets.at(d);
    if (!bucket) continue;
    for (const h of bucket) {
      if (dist[h] !== d) continue;
      const enter = hostile[h] ? BATTLE_COST : 0;
      for (let k = h * 6; k < h * 6 + 6; k++) {
        const n = neighbours[k]!;
        if (n < 0) continue;
        if (sector && !initiallySoviet[n] && graph.sector[n] !== sector) continue;
        const nd = d + cost[k]! + enter;
        if (nd <= limit && (dist[n]! < 0 || nd < dist[n]!)) {
          dist[n] = nd;
          buckets.push(n, nd);
        }
      }
    }
  }
}
