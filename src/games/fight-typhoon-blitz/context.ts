/**
 * One action's working context: the board, the charts, a copy of the state, the events so far
 * and what the position derives (who stands where, zones of control, control of places).
 */
import { type DiceState, roll } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { DieReport, GameEvent } from '../engine.js';
import type { Board } from './board.js';
import type { FtbCharts, UnitType } from './charts.js';
import type { FtbState, Side, Unit } from './state.js';

export type Weather = 'clear' | 'mud' | 'frost' | 'snow';

export const other = (s: Side): Side => (s === 'german' ? 'soviet' : 'german');
export const sideName = (s: Side): string => (s === 'german' ? 'Axis' : 'Soviet');

/** 14.1: mud turns 3-5, frost 6-7, snow turn 8 (and after, A-17, unless the only-8 reading is chosen); other turns clear. */
export function weatherOf(s: Pick<FtbState, 'turn' | 'options'>): Weather {
  const t = s.turn;
  if (t >= 3 && t <= 5) return 'mud';
  if (t === 6 || t === 7) return 'frost';
  if (t === 8 || (t > 8 && s.options.snow === 'from8')) return 'snow';
  return 'clear';
}

export class Ctx {
  readonly events: GameEvent[] = [];
  private occ: Map<HexId, Unit[]> | undefined;
  private zocs: Partial<Record<Side, Set<HexId>>> = {};

  constructor(
    readonly board: Board,
    readonly charts: FtbCharts,
    readonly s: FtbState,
  ) {}

  /** Call after any unit moved, left or arrived. */
  changed(): void {
    this.occ = undefined;
    this.zocs = {};
  }

  event(kind: string, text: string, extra: Omit<GameEvent, 'kind' | 'text'> = {}): void {
    this.events.push({ kind, text, ...extra });
  }

  /** One die from the seeded dice in the state; the action then may not be undone. */
  die(sides = 6): number {
    const r = roll(this.s.dice as DiceState, sides);
    this.s.dice = r.dice;
    this.s.rolled = true;
    return r.value;
  }

  report(purpose: string, value: number, result: string): DieReport {
    return { purpose, roll: value, result };
  }

  type(u: Unit): UnitType {
    return this.charts.unitTypes.types[u.type]!;
  }
  isHq(u: Unit): boolean {
    return this.type(u).hq !== undefined;
  }
  isMech(u: Unit): boolean {
    return this.type(u).mech;
  }
  /** [attack, defence, MA] of the side it shows (2.2.1(3)). */
  values(u: Unit): readonly [number, number, number] {
    const t = this.type(u);
    return u.steps === 2 || !t.reduced ? t.full : t.reduced;
  }

  byHex(): Map<HexId, Unit[]> {
    if (!this.occ) {
      const m = new Map<HexId, Unit[]>();
      for (const u of Object.values(this.s.units)) {
        if (u.where !== 'map' || !u.hex) continue;
        const list = m.get(u.hex);
        if (list) list.push(u);
        else m.set(u.hex, [u]);
      }
      this.occ = m;
    }
    return this.occ;
  }
  at(h: HexId): Unit[] {
    return this.byHex().get(h) ?? [];
  }
  sideAt(h: HexId): Side | undefined {
    return this.at(h)[0]?.side;
  }
  onMap(side: Side): Unit[] {
    return Object.values(this.s.units).filter((u) => u.side === side && u.where === 'map');
  }

  /**
   * 3.2: hexes in the zone of control of `side`'s units: the six around each unit (HQs too,
   * 13.0), never a lake hex or across an impassable hexside; across an unbridged major river
   * only under the default reading (A-4).
   */
  zoc(side: Side): Set<HexId> {
    let z = this.zocs[side];
    if (!z) {
      z = new Set();
      for (const [h, units] of this.byHex()) {
        if (units[0]!.side !== side) continue;
        for (const n of this.board.neighbours(h)) {
          if (this.board.impassable(h, n)) continue;
          if (!this.s.options.zocAcrossMajorRiver && this.board.river(h, n) === 'major' && !this.board.isBridge(h, n)) continue;
          z.add(n);
        }
      }
      this.zocs[side] = z;
    }
    return z;
  }
  /** In the zone of control of the enemy of `side`. */
  ezoc(h: HexId, side: Side): boolean {
    return this.zoc(other(side)).has(h);
  }

  private flippedSet: { list: readonly HexId[]; set: Set<HexId> } | undefined;

  /** 3.4: who controls a city or town (the start line, then the last side to enter it). */
  control(h: HexId): Side {
    if (this.flippedSet?.list !== this.s.flipped) this.flippedSet = { list: this.s.flipped, set: new Set(this.s.flipped) };
    const first = this.board.initial(h);
    return this.flippedSet.set.has(h) ? other(first) : first;
  }
  /** 3.4(2), A-26: any entry by a unit takes a city or town. */
  enter(h: HexId, side: Side): void {
    if (!this.board.isPlace(h) || this.control(h) === side) return;
    this.s.flipped = this.s.flipped.includes(h) ? this.s.flipped.filter((x) => x !== h) : [...this.s.flipped, h].sort();
    this.event('taken', `${sideName(side)} takes ${this.board.placeName(h)} (${h})`, { rule: '3.4', hexes: [h] });
  }

  weather(): Weather {
    return weatherOf(this.s);
  }

  place(u: Unit, h: HexId): void {
    this.s.units[u.id] = { ...this.s.units[u.id]!, where: 'map', hex: h };
    this.changed();
    this.enter(h, u.side);
  }

  /** Takes a unit off the map into a box. */
  remove(u: Unit, where: 'available' | 'gone' | 'convert', full = false): void {
    const cur = this.s.units[u.id]!;
    const { hex: _, ...rest } = cur;
    this.s.units[u.id] = { ...rest, where, ...(full ? { steps: cur.maxSteps } : {}) };
    this.changed();
  }

  unit(id: string): Unit | undefined {
    return Object.hasOwn(this.s.units, id) ? this.s.units[id] : undefined;
  }
}
