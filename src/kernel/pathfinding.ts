import type { HexId } from './hex.js';

/** Cost to step from one hex into an adjacent one; Infinity forbids the step. */
export type StepCost = (from: HexId, to: HexId) => number;

export interface PathSearch {
  start: HexId;
  neighbours: (hex: HexId) => HexId[];
  cost: StepCost;
  /** Most the moving force may spend. */
  budget: number;
  /** Entering such a hex ends movement there (enemy zone of control, an unresolved battle). */
  stopsIn?: (hex: HexId) => boolean;
}

export interface Reach {
  /** Least cost to reach each reachable hex (the start costs 0). */
  cost: Map<HexId, number>;
  previous: Map<HexId, HexId>;
}

/** Dijkstra over hexes with a cost callback; hexes that stop movement are never left. */
export function reachable(search: PathSearch): Reach {
  const cost = new Map<HexId, number>([[search.start, 0]]);
  const previous = new Map<HexId, HexId>();
  const done = new Set<HexId>();
  const queue = new MinQueue<HexId>();
  queue.push(search.start, 0);
  while (queue.size > 0) {
    const hex = queue.pop()!;
    if (done.has(hex)) continue;
    done.add(hex);
    if (hex !== search.start && search.stopsIn?.(hex)) continue;
    const here = cost.get(hex)!;
    for (const next of search.neighbours(hex)) {
      const step = search.cost(hex, next);
      if (!Number.isFinite(step) || step < 0) continue;
      const total = here + step;
      if (total > search.budget) continue;
      const known = cost.get(next);
      if (known === undefined || total < known) {
        cost.set(next, total);
        previous.set(next, hex);
        queue.push(next, total);
      }
    }
  }
  return { cost, previous };
}

/** The cheapest path from the search's start to `goal`, both ends included. */
export function pathTo(reach: Reach, goal: HexId): HexId[] | undefined {
  if (!reach.cost.has(goal)) return undefined;
  const path = [goal];
  let hex = goal;
  while (reach.previous.has(hex)) {
    hex = reach.previous.get(hex)!;
    path.push(hex);
  }
  return path.reverse();
}

/** A binary heap keyed by priority; small and allocation-light for hot searches. */
class MinQueue<T> {
  private items: T[] = [];
  private keys: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: T, key: number): void {
    this.items.push(item);
    this.keys.push(key);
    let i = this.items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): T | undefined {
    if (this.items.length === 0) return undefined;
    const top = this.items[0];
    const lastItem = this.items.pop()!;
    const lastKey = this.keys.pop()!;
    if (this.items.length > 0) {
      this.items[0] = lastItem;
      this.keys[0] = lastKey;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < this.keys.length && this.keys[l]! < this.keys[m]!) m = l;
        if (r < this.keys.length && this.keys[r]! < this.keys[m]!) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
    [this.keys[a], this.keys[b]] = [this.keys[b]!, this.keys[a]!];
  }
}
