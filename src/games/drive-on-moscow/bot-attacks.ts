/**
 * The heuristic bot's battles: how good an attack is, which prepared assaults go in, and the
 * last turn's attacks at any odds.
 */
import type { HexId } from '../../kernel/hex.js';
import type { DomStyle } from './bot-style.js';
import type { DomEngine } from './engine.js';
import { other, type Position } from './position.js';
import { oddsPreview } from './preview.js';
import type { DomAction, DomState, Side } from './state.js';

const WIN = ['DE', 'DR', 'DR (AS or Bloodbath)'];
type Chances = ReturnType<typeof oddsPreview>['chances'];
/** The chance an attack clears the hex (a retreat, an elimination or a Bloodbath). */
export const clearChance = (chances: Chances) => WIN.reduce((x, r) => x + (chances[r] ?? 0), 0);
/** How good a prepared assault is: its chance to clear the hex, less half the chance of AL1. */
export const attackValue = (chances: Chances) => clearChance(chances) - (chances.AL1 ?? 0) * 0.5;
/** How much likelier to succeed a German attack on a city it needs counts than elsewhere. */
export const OBJECTIVE_BONUS = 0.15;

export function* attacks(engine: DomEngine, s: DomState, p: Position, side: Side, style: DomStyle): Generator<DomAction> {
  const board = engine.board;
  const enemy = other(side);
  const stalin = side === 'soviet' && s.stalin && s.stalin.attackers.length < s.stalin.minimum;
  const targets = new Set<HexId>();
  for (const u of Object.values(s.units))
    if (u.side === side && !s.attacked.includes(u.id))
      for (const n of board.neighbours(u.hex)) if (p.unitsAt(n, enemy).some((e) => !s.defended.includes(e.id))) targets.add(n);
  const scored: { t: HexId; ids: string[]; win: number; last: boolean }[] = [];
  for (const t of targets) {
    const ids = Object.values(s.units)
      .filter(
        (u) =>
          u.side === side &&
          !s.attacked.includes(u.id) &&
          board.map.grid.directionTo(u.hex, t) !== undefined &&
          !board.isReservoir(u.hex, t) &&
          !(board.natural(t) === 'marsh' && u.mech && !u.cavalry),
      )
      .map((u) => u.id);
    if (ids.length === 0) continue;
    try {
      const o = oddsPreview(board, s, t, ids, 'PA', 0, engine.charts);
      const win = attackValue(o.chances);
      // German: an objective still lacking (4.1, 4.3) is attacked first and at somewhat worse odds.
      const key = side === 'german' && (board.moscow.includes(t) || Object.values(board.cities).includes(t)) ? OBJECTIVE_BONUS : 0;
      scored.push({ t, ids, win: win + key, last: lastChance(board, p, s, side, t) });
    } catch {
      // no attack possible there
    }
  }
  scored.sort((a, b) => Number(b.last) - Number(a.last) || b.win - a.win);
  const air = side === 'german' ? s.air.german : s.air.soviet;
  for (const x of scored) {
    if (x.win < style.attack[side] && !stalin && !x.last) break;
    if (air > 0 && s.air.battles < 2) yield { type: 'attack', target: x.t, units: x.ids, air: 1 };
    yield { type: 'attack', target: x.t, units: x.ids };
  }
}

/**
 * GT9 decides the game at its end (4.3, 4.5) and nothing after it counts, so an attack on a
 * city that decides it goes in at any odds: the Germans on the cities and Moscow they lack,
 * the Soviets (who move last) on the cities the Germans hold.
 */
function lastChance(board: DomEngine['board'], p: Position, s: DomState, side: Side, target: HexId): boolean {
  if (s.turn !== 9) return false;
  const cities = Object.values(board.cities);
  if (side === 'german') return (cities.includes(target) || board.moscow.includes(target)) && p.control(target) !== 'german';
  return cities.includes(target) && p.control(target) === 'german';
}
