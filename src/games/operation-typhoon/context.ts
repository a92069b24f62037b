/**
 * The working copy of the state an action changes, with the fixed data it is played with
 * (rules-index.ts). Rule modules take a `Play` and mutate its state; `apply` hands them a
 * fresh copy, so the caller's state is never touched.
 */
import { roll } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { LoadedMap } from '../../maps/game-map.js';
import type { DieReport, GameEvent } from '../engine.js';
import type { TyphoonCharts } from './charts/index.js';
import { graphOf, rememberSovietMask, sovietMask } from './hex-graph.js';
import type { RulesIndex } from './rules-index.js';
import type { GermanUnitState, TyphoonState } from './state.js';
import { inOrder, listOrder, takenSetOf } from './taken-list.js';

export class Play {
  readonly events: GameEvent[] = [];
  private takenSet: ReadonlySet<HexId> | undefined;
  /** Whether `s.units` is this play's own map yet (an order's copy shares it with the position before). */
  private unitsOwn = false;

  constructor(
    readonly index: RulesIndex,
    readonly s: TyphoonState,
  ) {}

  get map(): LoadedMap {
    return this.index.map;
  }

  get charts(): TyphoonCharts {
    return this.index.charts;
  }

  /** Roll one die from the game's seeded dice. */
  die(): number {
    const r = roll(this.s.dice, 6);
    this.s.dice = r.dice;
    return r.value;
  }

  /** A random index below `n`, from the same dice (8.2: artillery drawn blind; 11.2: breakout draw). */
  pick(n: number): number {
    const r = roll(this.s.dice, n);
    this.s.dice = r.dice;
    return r.value - 1;
  }

  event(kind: string, text: string, extra: { rule?: string; dice?: DieReport[]; hexes?: HexId[] } = {}): void {
    this.events.push({ kind, text, ...extra });
  }

  isSoviet(hex: HexId): boolean {
    // The position's Soviet hexes by hex number (hex-graph.ts), one per list of taken hexes.
    const h = graphOf(this.index).number(hex);
    return h !== undefined && sovietMask(this)[h] === 1;
  }

  /** The taken hexes as a set, one per list (shared by the positions until the next capture); never change it. */
  taken(): ReadonlySet<HexId> {
    this.takenSet ??= takenSetOf(this.s.taken);
    return this.takenSet;
  }

  /** 3.5: a Soviet hex becomes German, once and for good. */
  takeHexes(hexes: Iterable<HexId>): void {
    const before = this.s.taken;
    const graph = graphOf(this.index);
    // The new position's Soviet hexes, from this one's: a hex already taken (or named twice) is 0 there.
    const mask = sovietMask(this).slice();
    const added: HexId[] = [];
    for (const h of hexes) {
      if (!this.index.initiallySoviet.has(h)) continue;
      const n = graph.number(h)!;
      if (mask[n] === 0) continue;
      mask[n] = 0;
      added.push(h);
    }
    const sorted = listOrder(before) > 0;
    if (added.length === 0 && sorted) return;
    // A new list: the old one may be shared with earlier positions (copy-state.ts).
    const list = [...before];
    // Always sorted by this method; a list from elsewhere (an imported game) is sorted first.
    if (!sorted) list.sort();
    for (const h of added) {
      // Kept in order (as sort() orders strings): each hex goes in where it belongs.
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid]! < h) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, h);
    }
    if (listOrder(before) === 2) inOrder(list);
    this.s.taken = list;
    this.takenSet = undefined;
    rememberSovietMask(list, mask);
  }

  unitsIn(hex: HexId): string[] {
    // Ids and states side by side, read by position: looking each of seventy-odd ids up is slower.
    const ids = Object.keys(this.s.units);
    const units = Object.values(this.s.units);
    const here: string[] = [];
    for (let i = 0; i < ids.length; i++) if (units[i]!.hex === hex) here.push(ids[i]!);
    return here;
  }

  /**
   * A German unit's state to change. An order's copy of the state shares the units with the
   * position before it (copy-state.ts): the first change copies the map of units, and each
   * change the unit, so the earlier position is never written.
   */
  unitToChange(id: string): GermanUnitState {
    const old = this.s.units[id];
    if (!old) throw new RangeError(`no German unit ${id} on the map`);
    if (!this.unitsOwn) {
      this.s.units = { ...this.s.units };
      this.unitsOwn = true;
    }
    const u = { ...old };
    this.s.units[id] = u;
    return u;
  }
}
