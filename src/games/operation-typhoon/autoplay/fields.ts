/**
 * Cost-to-goal fields: for a target hex, the least MP to get there from every hex, with each
 * Soviet hex counted as a battle's worth of extra cost. `costField` counts the initial
 * control: a pincer then cuts its own way instead of sliding over to use a neighbour's
 * corridor, and the field is fixed per target. `currentCostField` counts today's: a ring's
 * arm follows the corridor it has cut. Both are memoised; the caches change speed only, so
 * policies stay pure.
 */
import type { HexId } from '../../../kernel/hex.js';
import { stepCost } from '../movement.js';
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

const caches = new WeakMap<object, Map<string, Map<HexId, number>>>();
const CACHE_LIMIT = 256;

/**
 * `sector`: while formations may not share hexes (7.3, turns 1-4) a force only plans through
 * German rear hexes of its own sector, so it attacks from its own stretch of front.
 */
export function costField(v: View, target: HexId, mech: boolean, sector?: string): Map<HexId, number> {
  let cache = caches.get(v.index);
  if (!cache) caches.set(v.index, (cache = new Map()));
  const key = `${target}|${mech ? 'm' : 'f'}|${sector ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const field = build(v, target, mech, sector);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, field);
  return field;
}

interface LiveField {
  taken: readonly HexId[];
  dist: Map<HexId, number>;
}
const liveFields = new WeakMap<object, Map<string, LiveField>>();

/**
 * The same field on today's control: hexes already taken cost their terrain only, so a
 * force heads up the corridor its formation has cut and fights on from its head. The field
 * depends on the taken hexes only, and control only ever turns German (3.5): a field built
 * for fewer taken hexes (an earlier position) is brought up to date by lowering costs around
 * the newly taken ones instead of being rebuilt. The map returned is valid for this state
 * only (the next call may update it).
 */
export function currentCostField(v: View, target: HexId, mech: boolean): Map<HexId, number> {
  let byKey = liveFields.get(v.index);
  if (!byKey) liveFields.set(v.index, (byKey = new Map()));
  const key = `${target}|${mech ? 'm' : 'f'}`;
  const taken = v.s.taken;
  const live = byKey.get(key);
  if (live && live.taken === taken) return live.dist;
  const added = live && newlyTaken(v, live.taken);
  if (live && added) {
    lower(v, live.dist, added, mech);
    live.taken = taken;
    return live.dist;
  }
  if (byKey.size >= CACHE_LIMIT) byKey.delete(byKey.keys().next().value!);
  const dist = build(v, target, mech, undefined, (h) => v.isSoviet(h), LIVE_FIELD_LIMIT);
  byKey.set(key, { taken, dist });
  return dist;
}

/** The hexes taken now and not in `before`; undefined when `before` is not a subset (another game). */
function newlyTaken(v: View, before: readonly HexId[]): HexId[] | undefined {
  if (before.length > v.s.taken.length) return undefined;
  for (const h of before) if (v.isSoviet(h)) return undefined;
  const old = new Set(before);
  return v.s.taken.filter((h) => !old.has(h));
}

/**
 * Entering a newly taken hex no longer costs a battle: lower the distances that run through
 * it, in order of distance (a Dijkstra restarted from the changed hexes; costs are whole MP).
 */
function lower(v: View, dist: Map<HexId, number>, newlyTaken: readonly HexId[], mech: boolean): void {
  const mobility = mech ? 'mechanized' : 'non-mechanized';
  const buckets: HexId[][] = [];
  const push = (h: HexId, d: number) => (buckets[d] ??= []).push(h);
  for (const h of newlyTaken) {
    const d = dist.get(h);
    if (d !== undefined) push(h, d);
  }
  for (let d = 0; d < buckets.length; d++) {
    for (const h of buckets[d] ?? []) {
      if (dist.get(h) !== d) continue;
      const enter = v.isSoviet(h) ? BATTLE_COST : 0;
      for (const n of v.neighbours(h)) {
        const nd = d + stepCost(v.index, mobility, n, h) + enter;
        if (nd <= LIVE_FIELD_LIMIT && nd < (dist.get(n) ?? Infinity)) {
          dist.set(n, nd);
          push(n, nd);
        }
      }
    }
  }
}

/** Dijkstra backwards from the target: cost of stepping from n into h is paid on entering h. */
function build(
  v: View,
  target: HexId,
  mech: boolean,
  sector: string | undefined,
  hostile: (h: HexId) => boolean = (h) => v.index.initiallySoviet.has(h),
  limit = Infinity,
): Map<HexId, number> {
  const mobility = mech ? 'mechanized' : 'non-mechanized';
  const dist = new Map<HexId, number>([[target, 0]]);
  const buckets: HexId[][] = [[target]];
  for (let d = 0; d < buckets.length; d++) {
    const bucket = buckets[d];
    if (!bucket) continue;
    for (const h of bucket) {
      if (dist.get(h) !== d) continue;
      const enter = hostile(h) ? BATTLE_COST : 0;
      for (const n of v.neighbours(h)) {
        if (sector && !v.index.initiallySoviet.has(n) && v.index.map.hex(n)!.sector !== sector) continue;
        const nd = d + stepCost(v.index, mobility, n, h) + enter;
        const known = dist.get(n);
        if (nd <= limit && (known === undefined || nd < known)) {
          dist.set(n, nd);
          (buckets[nd] ??= []).push(n);
        }
      }
    }
  }
  return dist;
}
