/**
 * The list of taken hexes (3.5), as the engine keeps it: sorted, and replaced rather than
 * changed by a capture, so whatever is worked out from one list holds for as long as it lives.
 * Sets of hundreds of hexes cost more than the searches they serve, so lists are compared by
 * walking them side by side.
 */
import type { HexId } from '../../kernel/hex.js';

const sets = new WeakMap<readonly HexId[], Set<HexId>>();

/** The taken hexes of a list as a set, one per list; never change it. */
export function takenSetOf(list: readonly HexId[]): ReadonlySet<HexId> {
  let set = sets.get(list);
  if (!set) sets.set(list, (set = new Set(list)));
  return set;
}

/** 2: each hex after the one before; 1: in order, some twice; 0: out of order (a list from elsewhere). */
const orders = new WeakMap<readonly HexId[], 0 | 1 | 2>();

export function listOrder(list: readonly HexId[]): 0 | 1 | 2 {
  let order = orders.get(list);
  if (order === undefined) {
    order = 2;
    for (let i = 1; i < list.length && order > 0; i++) {
      if (list[i - 1]! > list[i]!) order = 0;
      else if (list[i - 1] === list[i]) order = 1;
    }
    orders.set(list, order);
  }
  return order;
}

/** Marks a list made in order of distinct hexes (Play.takeHexes), sparing the check. */
export function inOrder(list: readonly HexId[]): void {
  orders.set(list, 2);
}

/** The hexes in `now` and not in `before`, in `now`'s order; null when `before` has a hex `now` has not. */
export function takenBetween(before: readonly HexId[], now: readonly HexId[]): HexId[] | null {
  if (before.length > now.length) return null;
  if (listOrder(before) === 2 && listOrder(now) === 2) {
    const added: HexId[] = [];
    let i = 0;
    for (const h of now) {
      if (i < before.length && before[i] === h) i += 1;
      else if (i < before.length && before[i]! < h) return null;
      else added.push(h);
    }
    return i === before.length ? added : null;
  }
  const had = takenSetOf(before);
  const has = takenSetOf(now);
  return before.every((h) => has.has(h)) ? now.filter((h) => !had.has(h)) : null;
}
