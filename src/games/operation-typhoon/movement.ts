/**
 * German movement (9.x) and stacking (7.x): what a step costs, whether a force may enter a
 * hex, and where a force can go with the MP it has.
 */

import type { HexId } from '../../kernel/hex.js';
import { rowOf } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { type Mobility, turnSpec } from './charts/index.js';
import type { Play } from './context.js';
import { graphOf, type HexGraph, sovietMask } from './hex-graph.js';
import type { RulesIndex } from './rules-index.js';
import type { TyphoonState } from './state.js';
import { stepCost } from './step-cost.js';

/** 9.4, kept here with the rest of movement for the modules that import it from movement. */
export { stepCost };

export function mobilityOf(index: RulesIndex, units: readonly string[]): Mobility {
  return index.unit(units[0]!).mobility;
}

/** 9.3: the force's MP allowance this turn. */
export function allowance(index: RulesIndex, turn: number, mobility: Mobility): number {
  const t = turnSpec(index.charts, turn);
  return mobility === 'mechanized' ? t.mp.mechanized : t.mp.nonMechanized;
}

/** 7.1, 7.2: divisions count 1, the Lehr brigade and the GD regiment a half. */
export function stackingWeight(index: RulesIndex, units: readonly string[]): number {
  return units.reduce((sum, id) => sum + index.unit(id).stacking, 0);
}

export const STACK_LIMIT = 3; // 7.1

/** 7.3, 12.2, 13.3: on turns 1-4 of the historical game, formations never share a hex. */
export function interArmyBan(s: TyphoonState, index: RulesIndex): boolean {
  return s.scenario === 'historical' && turnSpec(index.charts, s.turn).interArmyStacking;
}

/**
 * Why the moving units may not be in `hex` (including while only passing through, 7.1), or
 * undefined when they may. `present` are the German units in the hex (the moving ones may be
 * among them), for a caller that checks many hexes of one position (`unitsByHex`).
 */
export function stackingProblem(
  play: Play,
  moving: readonly string[],
  hex: HexId,
  present: readonly string[] = play.unitsIn(hex),
): RuleError | undefined {
  const { index } = play;
  const broken = stackingBreaksAmong(play, moving, present);
  if (broken === '7.1') return new RuleError('7.1', `hex ${hex} would hold more than three divisions (the Lehr brigade and GD count half)`);
  if (broken === '7.3') {
    const mine = index.unit(moving[0]!).formation;
    const other = present.find((u) => !moving.includes(u) && index.unit(u).formation !== mine)!;
    const names = Object.fromEntries(index.charts.formations.map((f) => [f.id, f.name]));
    return new RuleError(
      '7.3',
      `on turns 1-4, ${names[mine]} units may not enter a hex with ${names[index.unit(other).formation]} units (${hex})`,
    );
  }
  return undefined;
}

/**
 * Which stacking rule the moving units would break in a hex holding the German units
 * `present` (the moving ones may be among them), if any: the question path searches ask of
 * every occupied hex.
 */
function stackingBreaksAmong(play: Play, moving: readonly string[], present: readonly string[]): '7.1' | '7.3' | undefined {
  const { index, s } = play;
  const staying = present.filter((u) => !moving.includes(u));
  if (stackingWeight(index, staying) + stackingWeight(index, moving) > STACK_LIMIT) return '7.1';
  if (interArmyBan(s, index) && staying.length > 0) {
    const mine = index.unit(moving[0]!).formation;
    if (staying.some((u) => index.unit(u).formation !== mine)) return '7.3';
  }
  return undefined;
}

/** 12.1: on turn 5, forces starting on or north of row 40 may not enter Soviet hexes. */
export function startsMudBound(s: TyphoonState, hex: HexId): boolean {
  return s.turn === 5 && rowOf(hex) <= 40;
}

export interface Destination {
  hex: HexId;
  cost: number;
  path: HexId[];
  /** The move ends there with a battle or a force-generation roll (8.0). */
  soviet: boolean;
}

/**
 * Where a force can go from `from` with `mp` left: the cheapest path to each hex. Soviet
 * hexes are entered one at a time (8.0: movement pauses there), hexes that break stacking
 * are never entered. A Dijkstra search on the numbered map (hex-graph.ts); its queue breaks
 * ties as the kernel's `reachable` does, so the paths are the ones that search finds
 * (test/games/operation-typhoon/fast-searches.test.ts holds the two side by side).
 */
export function destinations(play: Play, units: readonly string[], from: HexId, mp: number, mudBound: boolean): Destination[] {
  return reachOf(play, units, from, mp, mudBound)?.destinations() ?? [];
}

/**
 * Where a force can go, by hex number: what `destinations` lists, kept in plain arrays by
 * position in that list. A caller that looks over hundreds of hexes to pick one (the
 * scripted German) builds one path instead of one per hex reached.
 */
export class Reach {
  constructor(
    private readonly graph: HexGraph,
    readonly start: number,
    /** The hexes reached, the start left out: cheapest first, then by id (the order of `destinations`). */
    readonly order: readonly number[],
    /** The MP to each, by position in `order`. */
    readonly costs: readonly number[],
    /** The hex each is entered from, by position in `order`. */
    private readonly previous: readonly number[],
    /** 1 for each Soviet hex of the position: a move there ends in a battle (8.0). */
    readonly soviet: Uint8Array,
  ) {}

  /** The same search seen on another position's Soviet hexes (one where it would run the same, autoplay/reach-memory.ts). */
  on(soviet: Uint8Array): Reach {
    return soviet === this.soviet ? this : new Reach(this.graph, this.start, this.order, this.costs, this.previous, soviet);
  }

  /**
   * The hexes the search looked at, 1 each: those it moved on from (the start and every
   * hex reached but a Soviet one, 8.0) and their neighbours. Another position where no
   * hex of these holds other units or another control gives the same search.
   */
  examined(): Uint8Array {
    const { graph } = this;
    const seen = new Uint8Array(graph.size);
    const look = (h: number) => {
      seen[h] = 1;
      for (let k = h * 6; k < h * 6 + 6; k++) if (graph.neighbours[k]! >= 0) seen[graph.neighbours[k]!] = 1;
    };
    look(this.start);
    for (const h of this.order) if (!this.soviet[h]) look(h);
    return seen;
  }

  /** The position of hex `h` in `order`, or -1 where the force cannot move (its own hex is no move). */
  find(h: number): number {
    return this.order.indexOf(h);
  }

  /** The cheapest path to the i-th hex reached, the start left out. */
  path(i: number): HexId[] {
    const path: HexId[] = [this.graph.ids[this.order[i]!]!];
    for (let x = this.previous[i]!; x !== this.start; x = this.previous[this.find(x)]!) path.push(this.graph.ids[x]!);
    return path.reverse();
  }

  destination(i: number): Destination {
    const h = this.order[i]!;
    return { hex: this.graph.ids[h]!, cost: this.costs[i]!, path: this.path(i), soviet: this.soviet[h] === 1 };
  }

  destinations(): Destination[] {
    return this.order.map((_, i) => this.destination(i));
  }
}

/**
 * The search behind `destinations`; undefined when `from` is off the map. `present`: the
 * position's units by hex (`unitsByHexNumber`), for a caller that searches one position often.
 */
export function reachOf(
  play: Play,
  units: readonly string[],
  from: HexId,
  mp: number,
  mudBound: boolean,
  present: ReadonlyMap<number, readonly string[]> = unitsByHexNumber(play),
): Reach | undefined {
  const { index } = play;
  const graph = graphOf(index);
  const start = graph.number(from);
  if (start === undefined) return undefined;
  const step = graph.leaveCost[mobilityOf(index, units)];
  const soviet = sovietMask(play);
  const scratch = scratchOf(graph);
  const { cost, previous, seen, done, occupied, blocked } = scratch;
  const { neighbours } = graph;
  // A fresh mark per search spares clearing the arrays; cleared once in a billion searches.
  if (scratch.stamp >= 2 ** 30) for (const a of [seen, done, occupied, blocked]) a.fill((scratch.stamp = 0));
  const stamp = ++scratch.stamp;
  // 7.1-7.3 depend on the hex only: decided once per hex, and only where units stand.
  const overweight = stackingWeight(index, units) > STACK_LIMIT;
  for (const h of present.keys()) occupied[h] = stamp;
  const reached: number[] = [start];
  cost[start] = 0;
  seen[start] = stamp;
  const { heap } = scratch;
  heap.clear();
  heap.push(start, 0);
  while (heap.size > 0) {
    const h = heap.pop();
    if (done[h] === stamp) continue;
    done[h] = stamp;
    if (h !== start && soviet[h]) continue;
    const here = cost[h]!;
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const n = neighbours[k]!;
      if (n < 0 || (mudBound && soviet[n])) continue;
      // Written out rather than a helper: a closure made per search costs more than the check.
      if (occupied[n] !== stamp) {
        if (overweight) continue;
      } else {
        if (blocked[n] !== stamp && blocked[n] !== -stamp)
          blocked[n] = stackingBreaksAmong(play, units, present.get(n)!) !== undefined ? stamp : -stamp;
        if (blocked[n] === stamp) continue;
      }
      const total = here + step[k]!;
      if (total > mp) continue;
      if (seen[n] !== stamp || total < cost[n]!) {
        if (seen[n] !== stamp) reached.push(n);
        seen[n] = stamp;
        cost[n] = total;
        previous[n] = h;
        heap.push(n, total);
      }
    }
  }
  // Cheapest first, then by hex id: one number per hex (MP, then the id's four digits) sorted
  // as numbers, which orders the ids as comparing the strings (and localeCompare) does.
  const order = new Float64Array(reached.length - 1);
  let i = 0;
  for (const h of reached) if (h !== start) order[i++] = cost[h]! * 10_000 + graph.digits[h]!;
  order.sort();
  const hexes: number[] = [];
  const costs: number[] = [];
  const entered: number[] = [];
  for (const key of order) {
    const h = graph.byDigits[key % 10_000]!;
    hexes.push(h);
    costs.push(cost[h]!);
    entered.push(previous[h]!);
  }
  return new Reach(graph, start, hexes, costs, entered, soviet);
}

/** The German units by hex, each hex's in the order of `Play.unitsIn`. */
export function unitsByHex(play: Play): Map<HexId, string[]> {
  const present = new Map<HexId, string[]>();
  const ids = Object.keys(play.s.units);
  const units = Object.values(play.s.units);
  for (let i = 0; i < ids.length; i++) {
    const hex = units[i]!.hex;
    const here = present.get(hex);
    if (here) here.push(ids[i]!);
    else present.set(hex, [ids[i]!]);
  }
  return present;
}

/** The German units by hex number: what the searches check stacking against (7.1-7.3). */
export function unitsByHexNumber(play: Play): Map<number, string[]> {
  const graph = graphOf(play.index);
  const present = new Map<number, string[]>();
  const ids = Object.keys(play.s.units);
  const units = Object.values(play.s.units);
  for (let i = 0; i < ids.length; i++) {
    const h = graph.number(units[i]!.hex);
    if (h === undefined) continue;
    const here = present.get(h);
    if (here) here.push(ids[i]!);
    else present.set(h, [ids[i]!]);
  }
  return present;
}

interface Scratch {
  stamp: number;
  cost: Int32Array;
  previous: Int32Array;
  /** `stamp` where this search has reached the hex, settled it, or found German units in it. */
  seen: Int32Array;
  done: Int32Array;
  occupied: Int32Array;
  /** `stamp` where stacking forbids the hex, `-stamp` where it allows it (occupied hexes only). */
  blocked: Int32Array;
  heap: NumberHeap;
}
const scratches = new WeakMap<object, Scratch>();
function scratchOf(graph: { size: number }): Scratch {
  let s = scratches.get(graph);
  if (!s) {
    const n = graph.size;
    scratches.set(
      graph,
      (s = {
        stamp: 0,
        cost: new Int32Array(n),
        previous: new Int32Array(n),
        seen: new Int32Array(n),
        done: new Int32Array(n),
        occupied: new Int32Array(n),
        blocked: new Int32Array(n),
        heap: new NumberHeap(),
      }),
    );
  }
  return s;
}

/**
 * The kernel's binary heap (pathfinding.ts) on numbers: the same pushes and pops, so the same
 * order of equal keys. One per map, emptied for each search: its arrays only ever grow.
 */
class NumberHeap {
  private readonly items: number[] = [];
  private readonly keys: number[] = [];
  size = 0;

  clear(): void {
    this.size = 0;
  }

  push(item: number, key: number): void {
    const { items, keys } = this;
    let i = this.size++;
    items[i] = item;
    keys[i] = key;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  pop(): number {
    const { items, keys } = this;
    const top = items[0]!;
    const n = --this.size;
    if (n > 0) {
      items[0] = items[n]!;
      keys[0] = keys[n]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < n && keys[l]! < keys[m]!) m = l;
        if (r < n && keys[r]! < keys[m]!) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return top;
  }

  private swap(a: number, b: number): void {
    const { items, keys } = this;
    const ia = items[a]!;
    items[a] = items[b]!;
    items[b] = ia;
    const ka = keys[a]!;
    keys[a] = keys[b]!;
    keys[b] = ka;
  }
}
