/**
 * A read-only look at one game state for a policy: control, distances, forces and strength.
 * Built fresh for every decision, so policies stay pure functions of the state.
 */
import { columnOf, formatHexId, type HexId, rowOf as rowOfHex } from '../../../kernel/hex.js';
import { Play } from '../context.js';
import { frontGaps } from '../control.js';
import type { TyphoonEngine } from '../engine.js';
import { movableStacks } from '../engine-prompt.js';
import { graphOf, type HexGraph, sovietMask } from '../hex-graph.js';
import { interArmyBan, type Reach, reachOf, unitsByHexNumber } from '../movement.js';
import type { TyphoonState } from '../state.js';
import { recall, remember } from './reach-memory.js';

export const hexAt = (col: number, row: number): HexId => formatHexId({ col, row });
export const colOf = columnOf;
export const rowOf = rowOfHex;

/** Fixed by the map: kept per rules index. */
const nearestMoscows = new WeakMap<object, Map<HexId, HexId>>();

export class View {
  readonly play: Play;
  /** The numbered map (hex-graph.ts) the searches run on. */
  readonly graph: HexGraph;
  private occupied: Map<HexId, string[]> | undefined;
  /** Searches already made for this state: several tactics ask for the same force's reach. */
  private readonly reach = new Map<string, Reach>();
  private gaps: HexId[] | undefined;
  /** The units by hex number, for the searches (movement.ts). */
  private present: Map<number, string[]> | undefined;
  private stacks: { hex: HexId; units: string[] }[] | undefined;
  /** This turn's MP allowances and 7.3 ban, asked for every force and unit the tactics weigh. */
  private mp: { mechanized: number; nonMechanized: number } | undefined;
  private ban: boolean | undefined;

  constructor(
    readonly engine: TyphoonEngine,
    readonly s: TyphoonState,
  ) {
    this.play = new Play(engine.index, s);
    this.graph = graphOf(engine.index);
  }

  get index() {
    return this.engine.index;
  }

  isSoviet(h: HexId): boolean {
    return this.play.isSoviet(h);
  }

  dist(a: HexId, b: HexId): number {
    return this.index.map.grid.distance(a, b);
  }

  neighbours(h: HexId): HexId[] {
    return this.index.map.neighbours(h);
  }

  isMech(unit: string): boolean {
    return this.index.unit(unit).mobility === 'mechanized';
  }

  formation(unit: string): string {
    return this.index.unit(unit).formation;
  }

  /** German units by hex. */
  unitsByHex(): Map<HexId, string[]> {
    if (!this.occupied) {
      const occupied = new Map<HexId, string[]>();
      const ids = Object.keys(this.s.units);
      const units = Object.values(this.s.units);
      for (let i = 0; i < ids.length; i++) {
        const hex = units[i]!.hex;
        const here = occupied.get(hex);
        if (here) here.push(ids[i]!);
        else occupied.set(hex, [ids[i]!]);
      }
      this.occupied = occupied;
    }
    return this.occupied;
  }

  cdr(unit: string): number {
    const spec = this.index.unit(unit);
    return this.s.units[unit]!.steps === 2 ? spec.cdr.full : spec.cdr.reduced;
  }

  strength(units: readonly string[]): number {
    return units.reduce((n, u) => n + this.cdr(u), 0);
  }

  /** The stacks still to move (the list is shared by every tactic of this decision: read only). */
  movable(): { hex: HexId; units: string[] }[] {
    if (!this.stacks) this.stacks = movableStacks(this.index, this.s);
    return this.stacks;
  }

  /**
   * The engine's search of a force's reach (movement.ts), by hex number: the tactics look over
   * every hex reached and move to one, so only that one's path is built. Shared: read only.
   */
  reachOf(units: readonly string[], from: HexId, mp: number, mudBound: boolean): Reach {
    // The scenario and turn too (7.3), for earlier decisions' searches (reach-memory.ts).
    const key = `${this.searchKey(units)}|${from}|${mp}|${mudBound ? 1 : 0}|${this.s.scenario}|${this.s.turn}`;
    let r = this.reach.get(key);
    if (!r) {
      // Earlier decisions' searches that this position leaves as they were.
      r = recall(this.graph, key, this.s, sovietMask(this.play));
      if (!r) {
        this.present ??= unitsByHexNumber(this.play);
        r = reachOf(this.play, units, from, mp, mudBound, this.present)!;
        remember(this.graph, key, this.s, r);
      }
      this.reach.set(key, r);
    }
    return r;
  }

  /**
   * What a force's reach depends on besides where it starts. A lone unit's reach depends on its
   * category (9.3), its stacking weight (7.1) and, while formations may not share hexes, its
   * formation (7.3): units of one stack alike in those reach the same hexes by the same paths,
   * so the gap filler's many one-unit searches are made once per kind.
   */
  private searchKey(units: readonly string[]): string {
    if (units.length !== 1) return units.join(',');
    const spec = this.index.unit(units[0]!);
    this.ban ??= interArmyBan(this.s, this.index);
    return `1:${spec.mobility}:${spec.stacking}:${this.ban ? spec.formation : ''}`;
  }

  /** 4.3: the unwatched front hexes of this state. */
  frontGaps(): HexId[] {
    if (!this.gaps) this.gaps = frontGaps(this.play);
    return this.gaps;
  }

  /** The Moscow hex nearest `hex` (4.5), the lower id of two as near: asked by every force that drives on Moscow. */
  nearestMoscow(hex: HexId): HexId {
    let byHex = nearestMoscows.get(this.index);
    if (!byHex) nearestMoscows.set(this.index, (byHex = new Map()));
    let target = byHex.get(hex);
    if (!target) {
      target = [...this.index.moscow].sort((a, b) => this.dist(hex, a) - this.dist(hex, b) || a.localeCompare(b))[0]!;
      byHex.set(hex, target);
    }
    return target;
  }

  /** 12.1, as the engine applies it to a force starting in `hex` now. */
  mudBound(hex: HexId): boolean {
    return this.s.turn === 5 && rowOf(hex) <= 40;
  }

  allowance(mech: boolean): number {
    this.mp ??= this.index.charts.turns.find((x) => x.turn === this.s.turn)!.mp;
    return mech ? this.mp.mechanized : this.mp.nonMechanized;
  }
}
