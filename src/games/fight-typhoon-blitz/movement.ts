/**
 * Movement (9.0-9.3): normal movement with terrain, road, river and EZOC costs, the major
 * river crossing, and strategic movement along roads at half a point a hex.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Terrain } from './board.js';
import { type Ctx, other, type Weather } from './context.js';
import type { Unit } from './state.js';

/** 3.1: at most two units a hex, HQs included. */
export const STACK = 2;

/** TEC: clear 1; light forest mech 2 / other 1; deep forest and swamp mech 3 / other 2; major city 1. 14.1: in mud, frost and snow clear is light forest. */
export function terrainCost(t: Terrain, mech: boolean, w: Weather): number {
  const tt = t === 'clear' && w !== 'clear' ? 'light' : t;
  switch (tt) {
    case 'clear':
    case 'major':
      return 1;
    case 'light':
      return mech ? 2 : 1;
    case 'deep':
    case 'swamp':
      return mech ? 3 : 2;
    case 'lake':
      return Number.POSITIVE_INFINITY;
  }
}

/** 9.2(2): +2 to leave and +2 to enter an EZOC hex; 14.1.3(3): +1 for Soviet units in snow. */
export function ezocCost(c: Ctx, u: Unit): number {
  return u.side === 'soviet' && c.weather() === 'snow' ? 1 : 2;
}

/** 14.1: roads have no effect in mud and snow (bridges still count). */
export function roadsWork(w: Weather): boolean {
  return w !== 'mud' && w !== 'snow';
}

export interface Step {
  cost: number;
  prev?: HexId;
}

/** The MA a unit moves with under this chit (15.1(2): half, rounded down, for a RESERVE unit out of command range). */
export function allowance(c: Ctx, u: Unit): number {
  const ma = c.values(u)[2];
  return c.s.chit?.half.includes(u.id) ? Math.floor(ma / 2) : ma;
}

/**
 * Every hex the unit can reach this movement segment and its cheapest cost (Dijkstra).
 * Normal movement (9.2): a hex may be entered only with the points for it (9.2(4)); enemy
 * units and lakes never. A major river without a bridge is crossed only from the start hex,
 * and the crossing ends the move, whatever it costs (9.2(3)(a), A-24); never from an EZOC hex
 * into an EZOC hex, bridge or not (9.2(3)(b), A-6). Strategic movement (9.3): from a road hex
 * outside an EZOC, along the road only, half a point a hex, never into an EZOC.
 */
export function reach(c: Ctx, u: Unit, strategic = false): Map<HexId, Step> {
  const start = u.hex!;
  const w = c.weather();
  const mech = c.isMech(u);
  const budget = allowance(c, u);
  const zc = ezocCost(c, u);
  const enemy = other(u.side);
  const out = new Map<HexId, Step>([[start, { cost: 0 }]]);
  const final = new Set<HexId>();
  const frontier: [HexId, number][] = [[start, 0]];
  while (frontier.length) {
    let bi = 0;
    for (let i = 1; i < frontier.length; i++) if (frontier[i]![1] < frontier[bi]![1]) bi = i;
    const [h, cost] = frontier.splice(bi, 1)[0]!;
    if (cost > out.get(h)!.cost || final.has(h)) continue;
    const fromEz = c.ezoc(h, u.side);
    for (const n of c.board.neighbours(h)) {
      if (c.board.impassable(h, n) || c.sideAt(n) === enemy) continue;
      const toEz = c.ezoc(n, u.side);
      let step: number;
      let stops = false;
      if (strategic) {
        if (!c.board.isRoad(h, n) || toEz) continue;
        step = 0.5;
      } else {
        const river = c.board.river(h, n);
        const bridge = c.board.isBridge(h, n);
        if (river === 'major' && fromEz && toEz) continue;
        if (c.board.isRoad(h, n) && roadsWork(w)) {
          // 9.2(1): a road move costs 1 whatever the hex; a road across a river is a bridge.
          step = 1;
        } else {
          step = terrainCost(c.board.terrain(n), mech, w) + (river ? 1 : 0);
        }
        step += (fromEz ? zc : 0) + (toEz ? zc : 0);
        if (river === 'major' && !bridge) {
          if (h !== start) continue;
          step = budget;
          stops = true;
        }
      }
      const total = cost + step;
      if (total > budget) continue;
      const seen = out.get(n);
      if (seen && seen.cost <= total) continue;
      out.set(n, { cost: total, prev: h });
      if (stops) final.add(n);
      else frontier.push([n, total]);
    }
  }
  return out;
}

export function pathTo(r: Map<HexId, Step>, to: HexId): HexId[] {
  const path = [to];
  for (let h = r.get(to)?.prev; h; h = r.get(h)?.prev) path.unshift(h);
  return path;
}

/** Where a unit may end this segment: reachable and not over-stacked (3.1). */
export function destinations(c: Ctx, u: Unit, strategic = false): HexId[] {
  if (strategic && !canStrategic(c, u)) return [];
  return [...reach(c, u, strategic).keys()].filter((h) => h !== u.hex && c.at(h).length < STACK);
}

/** 9.3: a unit that starts on a road, outside an EZOC, in weather where roads work, and with its full MA. */
export function canStrategic(c: Ctx, u: Unit): boolean {
  return roadsWork(c.weather()) && c.board.isRoadHex(u.hex!) && !c.ezoc(u.hex!, u.side) && !c.s.chit?.half.includes(u.id);
}

/** 9.1: one unit moves at a time, once per chit. */
export function moveUnit(c: Ctx, id: string, to: HexId, strategic: boolean): void {
  const chit = c.s.chit!;
  const u = c.unit(id);
  if (u?.where !== 'map') throw new RuleError('9.1', `there is no unit "${id}" on the map`);
  if (!chit.units.includes(id)) throw new RuleError('8.1', `${id} is not activated by the ${chit.name} chit`);
  if (chit.moved.includes(id)) throw new RuleError('8.1(3)', `${id} has already moved under this chit`);
  if (strategic) {
    if (!roadsWork(c.weather())) throw new RuleError('14.1', 'roads have no effect in mud and snow, so no strategic movement');
    if (chit.half.includes(id)) throw new RuleError('15.1(2)', `${id} is out of every HQ's range: normal movement at half MA only`);
    if (!c.board.isRoadHex(u.hex!)) throw new RuleError('9.3', `${id} does not start on a road`);
    if (c.ezoc(u.hex!, u.side)) throw new RuleError('9.3', `${id} starts in an enemy zone of control`);
  }
  const r = reach(c, u, strategic);
  const step = r.get(to);
  if (!step || to === u.hex) {
    if (c.sideAt(to) === other(u.side)) throw new RuleError('3.1', `${to} holds enemy units`);
    if (c.board.terrain(to) === 'lake') throw new RuleError('TEC', `${to} is a lake`);
    throw new RuleError(
      strategic ? '9.3' : '9.2',
      `${id} cannot reach ${to} with ${allowance(c, u)} MA${strategic ? ' along the road outside enemy zones' : ''}`,
    );
  }
  if (c.at(to).length >= STACK) throw new RuleError('3.1', `${to} already holds ${STACK} units`);
  const path = pathTo(r, to);
  for (const h of path.slice(1)) c.enter(h, u.side);
  c.s.units[id] = { ...u, hex: to };
  c.changed();
  chit.moved = [...chit.moved, id];
  c.event('moved', `${id} ${path[0]} → ${to} (${step.cost} MP${strategic ? ', strategic' : ''})`, {
    rule: strategic ? '9.3' : '9.2',
    hexes: path,
  });
}
