/**
 * Look-ups over one state: who is where, who controls what, zones of control (7.0) and
 * supply (8.0). Built per action; never stored.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import type { DomCharts } from './charts.js';
import type { DomState, Factors, Side, Unit } from './state.js';

export const STACK_LIMIT = 5; // 6.0

export const other = (s: Side): Side => (s === 'german' ? 'soviet' : 'german');

/**
 * Supply maps and Moscow's lines already traced, per board, by what they depend on (see
 * `supplyKey`). A game's positions repeat these inputs for long stretches (every move of a
 * German stack leaves the Soviet units and control as they were), and the bot and the engine
 * ask for them on every order; a pure function's answers, so the game plays the same.
 */
interface SupplyMemo {
  distances: Map<string, Map<HexId, number>>;
  lines: Map<string, boolean>;
}
const memos = new WeakMap<Board, SupplyMemo>();
const MEMO_LIMIT = 256;
function memoOf(board: Board): SupplyMemo {
  let m = memos.get(board);
  if (!m) {
    m = { distances: new Map(), lines: new Map() };
    memos.set(board, m);
  }
  return m;
}
function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= MEMO_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

export class Position {
  readonly byHex = new Map<HexId, Unit[]>();
  private readonly flipped: Set<HexId>;
  private gzoc?: Set<HexId>;
  private readonly reach = new Map<Side, Map<HexId, number>>();
  private readonly keys = new Map<Side, string>();

  constructor(
    readonly board: Board,
    readonly charts: DomCharts,
    readonly s: DomState,
  ) {
    for (const u of Object.values(s.units)) {
      const list = this.byHex.get(u.hex);
      if (list) list.push(u);
      else this.byHex.set(u.hex, [u]);
    }
    this.flipped = new Set(s.flipped);
  }

  unitsAt(hex: HexId, side?: Side): Unit[] {
    const list = this.byHex.get(hex) ?? [];
    return side ? list.filter((u) => u.side === side) : list;
  }

  /** 3.7: the start's control, switched in every hex the other side has entered since. */
  control(hex: HexId): Side {
    const initial = this.board.initial(hex);
    return this.flipped.has(hex) ? other(initial) : initial;
  }

  /** 7.0, 7.1: every German ground unit's six neighbours, not across reservoir hexsides. */
  germanZoc(exclude?: ReadonlySet<string>): Set<HexId> {
    if (!exclude && this.gzoc) return this.gzoc;
    const out = new Set<HexId>();
    for (const [hex, units] of this.byHex) {
      if (!units.some((u) => u.side === 'german' && !exclude?.has(u.id))) continue;
      for (const n of this.board.neighbours(hex)) if (!this.board.isReservoir(hex, n)) out.add(n);
    }
    if (!exclude) this.gzoc = out;
    return out;
  }

  /**
   * Hexes from which a supply line of `side` reaches a source (8.2, 8.3), as a map of path
   * length (for retreats toward the nearest source, 11.25). The unit's own hex is the start
   * of the line, so a line may start in a GZOC hex: `supplied` checks that separately.
   */
  supplyDistances(side: Side, sources?: readonly HexId[]): Map<HexId, number> {
    // A position never changes, so each side's map from its own sources is worked out once.
    if (!sources) {
      const known = this.reach.get(side);
      if (known) return known;
      const memo = memoOf(this.board).distances;
      const key = this.supplyKey(side);
      const made =
        memo.get(key) ?? remember(memo, key, this.supplyDistances(side, side === 'german' ? this.board.westEdge : this.board.sources));
      this.reach.set(side, made);
      return made;
    }
    const srcs = sources.filter((h) => this.control(h) === side); // 8.4
    const passable = (h: HexId) => this.supplyPassable(side, h);
    const dist = new Map<HexId, number>();
    let frontier: HexId[] = [];
    for (const h of srcs) {
      if (!passable(h) || dist.has(h)) continue;
      dist.set(h, 0);
      frontier.push(h);
    }
    for (let d = 1; frontier.length > 0; d++) {
      const next: HexId[] = [];
      for (const h of frontier) {
        for (const n of this.board.neighbours(h)) {
          if (dist.has(n) || !passable(n)) continue;
          if (side === 'german' && this.board.isReservoir(h, n)) continue; // 8.3: only Soviet lines cross reservoirs
          dist.set(n, d);
          next.push(n);
        }
      }
      frontier = next;
    }
    return dist;
  }

  /**
   * Whether a Soviet unit in `hex` would trace a line (8.2) — `tracesTo('soviet', hex,
   * supplyDistances('soviet'))` — searched from the hex outward and stopped at the first
   * source it meets, instead of mapping the whole board from every source. Soviet lines cross
   * every hexside (reservoirs stop only German ones, 8.3), so the search may run backwards.
   */
  sovietLineFrom(hex: HexId): boolean {
    const memo = memoOf(this.board).lines;
    const key = `${hex}|${this.supplyKey('soviet')}`;
    return memo.get(key) ?? remember(memo, key, this.traceSovietLine(hex));
  }

  /**
   * Everything a side's supply lines depend on besides the board (8.2-8.4): which hexes
   * changed control, where the enemy stands and, for Soviet lines, where German units project
   * GZOC and Soviet units stand in it. The map of distances is a function of this key.
   */
  private supplyKey(side: Side): string {
    let key = this.keys.get(side);
    if (key === undefined) {
      const occupied: string[] = [];
      for (const [hex, units] of this.byHex) {
        const g = units.some((u) => u.side === 'german');
        const r = units.some((u) => u.side === 'soviet');
        if (side === 'german' ? r : g || r) occupied.push(`${hex}${g ? 'g' : ''}${r ? 's' : ''}`);
      }
      key = `${side}|${[...this.flipped].join(',')}|${occupied.sort().join(',')}`;
      this.keys.set(side, key);
    }
    return key;
  }

  private traceSovietLine(hex: HexId): boolean {
    const sources = new Set(this.board.sources.filter((h) => this.control(h) === 'soviet')); // 8.4
    const passable = (h: HexId) => this.supplyPassable('soviet', h);
    const seen = new Set<HexId>();
    const start: HexId[] = passable(hex) ? [hex] : [];
    // A line may start in the unit's own hex even where no line could pass (tracesTo's rule).
    if (this.unitsAt(hex, 'german').length === 0) for (const n of this.board.neighbours(hex)) if (passable(n)) start.push(n);
    let frontier = start.filter((h) => !seen.has(h) && seen.add(h));
    while (frontier.length > 0) {
      const next: HexId[] = [];
      for (const h of frontier) {
        if (sources.has(h)) return true;
        for (const n of this.board.neighbours(h)) {
          if (seen.has(n) || !passable(n)) continue;
          seen.add(n);
          next.push(n);
        }
      }
      frontier = next;
    }
    return false;
  }

  /** 8.3: no enemy units, no enemy-controlled city, and for Soviet lines no GZOC unless a Soviet unit is there. */
  supplyPassable(side: Side, h: HexId): boolean {
    if (this.unitsAt(h, other(side)).length > 0) return false;
    if (this.board.isCity(h) && this.control(h) !== side) return false;
    if (side === 'soviet' && this.germanZoc().has(h) && this.unitsAt(h, 'soviet').length === 0) return false;
    return true;
  }

  /** Whether a unit of `side` in `hex` traces a line (8.2): its hex on the reach, or (Soviet) a start in GZOC next to it. */
  tracesTo(side: Side, hex: HexId, reach: Map<HexId, number>): boolean {
    if (reach.has(hex)) return true;
    if (this.unitsAt(hex, other(side)).length > 0) return false;
    return this.board.neighbours(hex).some((n) => reach.has(n) && !(side === 'german' && this.board.isReservoir(hex, n)));
  }

  /** 8.2: Soviet units in a city never German-controlled are supplied there. */
  citySupplied(hex: HexId): boolean {
    return this.board.isCity(hex) && !this.s.everGerman.includes(hex) && this.control(hex) === 'soviet';
  }

  supplied(u: Unit, reach?: Map<HexId, number>): boolean {
    if (u.side === 'soviet' && this.citySupplied(u.hex)) return true;
    return this.tracesTo(u.side, u.hex, reach ?? this.supplyDistances(u.side));
  }
}

/** Current factors; undefined for an untried unit (2.13). */
export function factorsOf(u: Unit): Factors | undefined {
  return u.steps === 2 || u.maxSteps === 1 ? u.full : u.reduced;
}

export function unitLabel(u: Unit): string {
  if (u.side === 'german') return u.id;
  const f = factorsOf(u);
  return u.untried ? `${u.id} (untried)` : `${u.id} ${f ? `${f[0]}-${f[1]}` : ''}`.trim();
}

/** Mech units other than cavalry may never enter or attack into marsh (10.8, 11.13). */
export function barredFromMarsh(u: Unit): boolean {
  return u.mech && !u.cavalry;
}
