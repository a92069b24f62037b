/**
 * Cost-to-goal fields: for a target hex, the least MP to get there from every hex, with each
 * hex east of the initial front line counted as a battle's worth of extra cost. Built on the
 * initial control, not today's: a pincer then cuts its own way instead of sliding over to
 * use a neighbour's corridor, and the field is fixed per target (memoised; the cache changes
 * speed only, so policies stay pure).
 */
import type { HexId } from '../../../kernel/hex.js';
import { stepCost } from '../movement.js';
import type { View } from './view.js';

/** A battle costs about this many MP in time and rounds (calibrated on auto-play traces). */
export const BATTLE_COST = 2;

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

/** Dijkstra backwards from the target: cost of stepping from n into h is paid on entering h. */
function build(v: View, target: HexId, mech: boolean, sector: string | undefined): Map<HexId, number> {
  const mobility = mech ? 'mechanized' : 'non-mechanized';
  const dist = new Map<HexId, number>([[target, 0]]);
  const buckets: HexId[][] = [[target]];
  for (let d = 0; d < buckets.length; d++) {
    const bucket = buckets[d];
    if (!bucket) continue;
    for (const h of bucket) {
      if (dist.get(h) !== d) continue;
      const enter = v.index.initiallySoviet.has(h) ? BATTLE_COST : 0;
      for (const n of v.neighbours(h)) {
        if (sector && !v.index.initiallySoviet.has(n) && v.index.map.hex(n)!.sector !== sector) continue;
        const nd = d + stepCost(v.index, mobility, n, h) + enter;
        const known = dist.get(n);
        if (known === undefined || nd < known) {
          dist.set(n, nd);
          (buckets[nd] ??= []).push(n);
        }
      }
    }
  }
  return dist;
}
