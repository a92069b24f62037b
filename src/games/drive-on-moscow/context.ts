/**
 * One action being applied: a private copy of the state, the events so far and the dice.
 * Rule modules change `s` only through here, so `apply` never touches its input.
 */
import { roll } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { DieReport, GameEvent } from '../engine.js';
import type { Board } from './board.js';
import type { DomCharts } from './charts.js';
import { other, Position } from './position.js';
import type { DomState, Side, Unit } from './state.js';

export class Ctx {
  readonly events: GameEvent[] = [];
  private cached?: Position;

  constructor(
    readonly board: Board,
    readonly charts: DomCharts,
    public s: DomState,
  ) {}

  /** Position of the current state (rebuilt after every change). */
  pos(): Position {
    if (!this.cached) this.cached = new Position(this.board, this.charts, this.s);
    return this.cached;
  }
  changed(): void {
    this.cached = undefined;
  }

  event(kind: string, text: string, extra: { rule?: string; dice?: DieReport[]; hexes?: HexId[] } = {}): void {
    this.events.push({ kind, text, ...extra });
  }

  die(sides = 6): number {
    const r = roll(this.s.dice, sides);
    this.s.dice = r.dice;
    this.s.rolled = true;
    return r.value;
  }

  /** 3.7: control switches when a ground unit of the other side enters; 8.4, 9.1 remember German cities and towns. */
  enter(hex: HexId, side: Side): void {
    const p = this.pos();
    if (p.control(hex) !== side) {
      const flipped = new Set(this.s.flipped);
      if (flipped.has(hex)) flipped.delete(hex);
      else flipped.add(hex);
      this.s.flipped = [...flipped].sort();
      this.changed();
    }
    if (side === 'german' && this.board.isTownOrCity(hex) && !this.s.everGerman.includes(hex))
      this.s.everGerman = [...this.s.everGerman, hex].sort();
  }

  place(u: Unit, hex: HexId): void {
    this.s.units[u.id] = { ...this.s.units[u.id]!, hex };
    this.changed();
    this.enter(hex, u.side);
  }

  /** Removes a unit; a reduced panzer or PG division leaves a KG in its hex (11.30). */
  eliminate(id: string, why: string): void {
    const u = this.s.units[id];
    if (!u) return;
    delete this.s.units[id];
    this.s.dead = [...this.s.dead, id];
    this.changed();
    this.event('eliminated', `${id} eliminated (${why})`, { hexes: [u.hex] });
    const division = u.side === 'german' && u.size === 'XX' && (u.type === 'panzer' || u.type === 'pg');
    if (division && u.steps === 1 && this.s.kgLeft > 0) {
      this.s.kgLeft -= 1;
      const kgPanzer = u.type === 'panzer';
      const kg: Unit = {
        id: `KG ${u.id}`,
        side: 'german',
        type: kgPanzer ? 'panzer' : 'pg',
        mech: true,
        cavalry: false,
        armour: kgPanzer,
        size: 'KG',
        hex: u.hex,
        steps: 1,
        maxSteps: 1,
        full: kgPanzer ? this.charts.kg.panzer : this.charts.kg.pg,
        noReplacement: true,
      };
      this.s.units[kg.id] = kg;
      this.changed();
      this.event('kg', `${kg.id} (${kg.full![0]}-${kg.full![1]}) takes the place of ${u.id} (${this.s.kgLeft} KG left)`, {
        rule: '11.30',
        hexes: [u.hex],
      });
    }
  }

  /** One step off a unit (2.11). */
  loseStep(id: string, why: string): void {
    const u = this.s.units[id];
    if (!u) return;
    if (u.steps === 2) {
      this.s.units[id] = { ...u, steps: 1 };
      this.changed();
      this.event('reduced', `${id} reduced (${why})`, { hexes: [u.hex] });
    } else this.eliminate(id, why);
  }

  win(winner: Side, reason: string): void {
    if (this.s.result) return;
    this.s.result = { winner, reason };
    this.s.phase = 'over';
    this.event('victory', `${winner === 'german' ? 'German' : 'Soviet'} victory: ${reason}`);
  }

  enemyOf(side: Side): Side {
    return other(side);
  }
}
