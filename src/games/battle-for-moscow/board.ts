/**
 * The map and a working copy of the state, with the questions every rule asks: who is where,
 * whose zone of control covers a hex, what a hex's terrain does, whether a hex is in
 * communication. Rule modules change the state only through `place` and `eliminate`, which
 * keep the lookups current.
 */
import { roll } from '../../kernel/dice.js';
import { floodFill } from '../../kernel/floodfill.js';
import type { HexId } from '../../kernel/hex.js';
import type { LoadedMap } from '../../maps/game-map.js';
import type { DieReport, GameEvent, SideId } from '../engine.js';
import { UNITS, type UnitSpec, unitSpec } from './data/units.js';
import { type BfmState, otherSide } from './state.js';

/** Fixed lookups built once per map. */
export class BfmMap {
  readonly cities: HexId[];
  readonly moscow: HexId;
  readonly edge: Record<SideId, HexId[]>;
  private readonly terrains = new Map<HexId, 'clear' | 'forest' | 'fortification' | 'moscow'>();
  private readonly edgeSet: Record<SideId, Set<HexId>>;

  constructor(readonly map: LoadedMap) {
    this.cities = map.ids.filter((id) => {
      const kind = map.hex(id)!.place?.kind;
      return kind === 'city' || kind === 'capital';
    });
    const moscow = map.ids.find((id) => map.hex(id)!.place?.kind === 'capital');
    if (!moscow) throw new Error('the Battle for Moscow map has no Moscow hex');
    this.moscow = moscow;
    // Replacements: German communication runs to the west edge, Soviet to the east edge.
    const edges = map.data.supplyEdges;
    this.edge = {
      german: (edges.german ?? ['W']).flatMap((e) => map.edgeHexes(e)),
      soviet: (edges.soviet ?? ['E']).flatMap((e) => map.edgeHexes(e)),
    };
    this.edgeSet = { german: new Set(this.edge.german), soviet: new Set(this.edge.soviet) };
  }

  isEdge(side: SideId, hex: HexId): boolean {
    return this.edgeSet[side].has(hex);
  }

  isCity(hex: HexId): boolean {
    return this.cities.includes(hex);
  }

  /** The terrain that matters to the rules; Moscow is its own terrain (Combat: Terrain Effects). */
  terrain(hex: HexId): 'clear' | 'forest' | 'fortification' | 'moscow' {
    let t = this.terrains.get(hex);
    if (t === undefined) {
      const printed = this.map.hex(hex)?.terrain;
      t = hex === this.moscow ? 'moscow' : printed === 'forest' || printed === 'fortification' ? printed : 'clear';
      this.terrains.set(hex, t);
    }
    return t;
  }

  placeName(hex: HexId): string | undefined {
    return this.map.hex(hex)?.place?.name;
  }
}

export class Board {
  readonly events: GameEvent[] = [];
  private occupancy: Map<HexId, string[]> | undefined;
  private sides: Map<HexId, SideId> | undefined;
  private zocCache: Partial<Record<SideId, Set<HexId>>> = {};
  private commCache: Partial<Record<SideId, Set<HexId>>> = {};
  /** Answers derived from the current positions, dropped whenever a unit is placed. */
  readonly memo = new Map<string, unknown>();

  constructor(
    readonly bm: BfmMap,
    readonly s: BfmState,
  ) {}

  get map(): LoadedMap {
    return this.bm.map;
  }

  spec(unit: string): UnitSpec {
    return unitSpec(unit);
  }

  sideOf(unit: string): SideId {
    return unitSpec(unit).side;
  }

  hexOf(unit: string): HexId | null {
    return this.s.units[unit]?.hex ?? null;
  }

  /** Current printed strength: full or half counter. */
  strength(unit: string): number {
    const spec = unitSpec(unit);
    return this.s.units[unit]!.full ? spec.full : spec.half;
  }

  /** Units of a side on the map, in manifest order. */
  onMap(side: SideId): string[] {
    return UNITS.filter((u) => u.side === side && this.s.units[u.id]?.hex != null).map((u) => u.id);
  }

  unitsAt(hex: HexId): string[] {
    if (!this.occupancy) this.locate();
    return this.occupancy!.get(hex) ?? [];
  }

  /** The side with units in a hex, if any. */
  occupier(hex: HexId): SideId | undefined {
    if (!this.sides) this.locate();
    return this.sides!.get(hex);
  }

  private locate(): void {
    this.occupancy = new Map();
    this.sides = new Map();
    for (const u of UNITS) {
      const h = this.s.units[u.id]?.hex;
      if (h == null) continue;
      const list = this.occupancy.get(h);
      if (list) list.push(u.id);
      else this.occupancy.set(h, [u.id]);
      this.sides.set(h, u.side);
    }
  }

  /** Zone of Control: the six hexes around each of `side`'s units. */
  zoc(side: SideId): Set<HexId> {
    let z = this.zocCache[side];
    if (!z) {
      z = new Set();
      for (const u of this.onMap(side)) for (const n of this.map.neighbours(this.hexOf(u)!)) z.add(n);
      this.zocCache[side] = z;
    }
    return z;
  }

  inEnemyZoc(side: SideId, hex: HexId): boolean {
    return this.zoc(otherSide(side)).has(hex);
  }

  /**
   * Replacements: "In communication means being able to trace a path of any length, without
   * entering a hex containing an enemy unit or enemy zone of control, to the [own] edge". The
   * hex traced from is not entered, so it may itself lie in an enemy zone; edge hexes are.
   */
  inCommunication(side: SideId, hex: HexId): boolean {
    if (this.bm.isEdge(side, hex)) return true;
    let reach = this.commCache[side];
    if (!reach) {
      const free = (h: HexId) => this.occupier(h) !== otherSide(side) && !this.inEnemyZoc(side, h);
      reach = floodFill(this.bm.edge[side], (h) => this.map.neighbours(h), free);
      this.commCache[side] = reach;
    }
    const r = reach;
    return this.map.neighbours(hex).some((n) => r.has(n));
  }

  /** Put a unit in a hex (or take it off with null); a city it stops in becomes its side's. */
  place(unit: string, hex: HexId | null): void {
    this.s.units[unit]!.hex = hex;
    this.changed();
    if (hex !== null) this.claimCity(unit, hex);
  }

  eliminate(unit: string, rule: string): void {
    const hex = this.hexOf(unit);
    this.s.units[unit] = { hex: null, full: false };
    this.changed();
    this.event('eliminated', `${this.name(unit)} is eliminated${hex ? ` in ${hex}` : ''}.`, { rule, hexes: hex ? [hex] : [] });
  }

  /** A loss: full strength flips to half, half strength is eliminated. Returns the strength lost. */
  takeLoss(unit: string, rule: string): number {
    const spec = this.spec(unit);
    const u = this.s.units[unit]!;
    if (u.full) {
      u.full = false;
      this.event('loss', `${this.name(unit)} is reduced to half strength (${spec.full} to ${spec.half}).`, {
        rule,
        hexes: u.hex ? [u.hex] : [],
      });
      return spec.full - spec.half;
    }
    this.eliminate(unit, rule);
    return spec.half;
  }

  /**
   * Friendly-owned: "your units were the last units in the city". Reading: a unit is in a
   * city when it stops there (ends a move, retreat or advance there, or is placed there);
   * passing through on the way elsewhere does not take it.
   */
  private claimCity(unit: string, hex: HexId): void {
    if (!this.bm.isCity(hex)) return;
    const side = this.sideOf(unit);
    if (this.s.cities[hex] === side) return;
    this.s.cities[hex] = side;
    const name = this.bm.placeName(hex) ?? hex;
    this.event('city', `${name} (${hex}) is now ${side === 'german' ? 'German' : 'Soviet'}.`, { rule: 'Replacements', hexes: [hex] });
  }

  /** Positions or the phase changed: drop every derived answer. */
  changed(): void {
    this.occupancy = undefined;
    this.sides = undefined;
    this.zocCache = {};
    this.commCache = {};
    this.memo.clear();
  }

  /** A derived answer, computed once per position. */
  remember<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    this.memo.set(key, value);
    return value;
  }

  die(): number {
    const r = roll(this.s.dice, 6);
    this.s.dice = r.dice;
    return r.value;
  }

  name(unit: string): string {
    const spec = unitSpec(unit);
    return spec.side === 'german'
      ? `${spec.label} ${spec.type === 'panzer' ? 'Panzer ' : ''}Corps`
      : spec.id === '1ShA'
        ? '1st Shock Army'
        : `${spec.label} Army`;
  }

  event(kind: string, text: string, extra: { rule?: string; dice?: DieReport[]; hexes?: HexId[] } = {}): void {
    this.events.push({ kind, text, ...extra });
  }
}
