/**
 * The heuristic bot: it picks chits by how many units they would activate, drives the Axis
 * toward the nearest Soviet-held major city and the Soviet onto the cities and good ground
 * in front of it, attacks at 3-1 or better and advances into emptied hexes.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import type { FtbCharts } from './charts.js';
import { advance, cheapestLoss, defenceStrength, oddsOf, retreatChoices, retreating } from './combat.js';
import { Ctx, other } from './context.js';
import { canStrategic, reach, STACK } from './movement.js';
import type { FtbAction, FtbState, Side, Unit } from './state.js';
import { locHexes } from './supply.js';
import { activatedBy, chitOwner, chitsDue, entryHexes, GUDERIAN, hqOfChit, SUPPLY, selectable, selecting } from './turns.js';

/** Lowest CRT column index the bot attacks at: the Axis at 1.5-1, the Soviet at 3-1 (2-1 in snow, where the shifts favour him). */
export function attackColumn(c: Ctx, side: Side): number {
  if (side === 'german') return 1;
  return c.weather() === 'snow' ? 2 : 3;
}

/** Hexes from the nearest goal; a goal may start further (a higher start pulls less). Breadth first by levels. */
function distanceField(c: Ctx, goals: readonly HexId[], start: (h: HexId) => number = () => 0): Map<HexId, number> {
  const d = new Map<HexId, number>();
  const levels: HexId[][] = [];
  for (const h of goals) {
    const v = start(h);
    if ((d.get(h) ?? Number.POSITIVE_INFINITY) <= v) continue;
    d.set(h, v);
    (levels[v] ??= []).push(h);
  }
  for (let level = 0; level < levels.length; level++) {
    for (const h of levels[level] ?? []) {
      if (d.get(h)! < level) continue;
      for (const n of c.board.neighbours(h)) {
        if (c.board.terrain(n) === 'lake' || (d.get(n) ?? Number.POSITIVE_INFINITY) <= level + 1) continue;
        d.set(n, level + 1);
        (levels[level + 1] ??= []).push(n);
      }
    }
  }
  return d;
}

/** 14.4: Moscow and Tula pull the Axis harder than the other cities. */
const KEY_PULL = 3;

/** Axis: the Soviet-held major cities; Soviet: the Soviet-held major cities within reach of the Axis, and Moscow. */
function goals(c: Ctx, side: Side): HexId[] {
  const soviet = c.board.majors.filter((h) => c.control(h) === 'soviet');
  // The Axis also takes the Soviet-held towns on the railways: they block his line of communication (3.3(2)).
  if (side === 'german')
    return [...soviet, ...c.board.places.filter((h) => !soviet.includes(h) && c.control(h) === 'soviet' && c.board.map.isRailHex(h))];
  const axis = c.onMap('german').map((u) => u.hex!);
  const threatened = soviet.filter((h) => axis.some((a) => c.board.distance(a, h) <= 7));
  return [...new Set([...threatened, ...c.board.moscow.filter((h) => c.control(h) === 'soviet')])];
}

/** 6.1: the chits that activate the most units near the enemy (also offered to players as a sealed button). */
export function chooseChits(c: Ctx, side: Side): FtbAction {
  const due = chitsDue(c, side);
  const enemy = c.onMap(other(side));
  const score = (ch: string): number => {
    if (ch.endsWith('REINF')) {
      const box = Object.values(c.s.units).filter((u) => u.side === side && u.where === 'available').length;
      // Reinforcements are never wasted: taken whenever the box holds units.
      return box ? 15 : -5;
    }
    if (ch === 'RESERVE' || ch === 'OKH') return 4;
    const hq = c.unit(hqOfChit(ch)!);
    if (hq?.where !== 'map') return -10;
    const units = activatedBy(c, hq).map((id) => c.unit(id)!);
    const contact = units.filter((u) => enemy.some((e) => c.board.distance(e.hex!, u.hex!) <= 2)).length;
    return units.length + contact + (ch.endsWith('-2') ? -0.5 : 0) + (ch === GUDERIAN ? 1 : 0);
  };
  const chits = selectable(c, side)
    .map((ch) => [ch, score(ch)] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, due)
    .map(([ch]) => ch);
  return { type: 'chits', chits, ...(side === 'german' && chits.includes(GUDERIAN) && !c.s.guderianDismissed ? { hold: true } : {}) };
}

function moveAction(c: Ctx): FtbAction {
  const chit = c.s.chit!;
  const side = chit.side;
  const enemy = other(side);
  const key = new Set([...c.board.moscow, c.board.tula]);
  const field = distanceField(c, goals(c, side), (h) => (side === 'german' && !key.has(h) ? KEY_PULL : 0));
  const adjacentEnemy = (h: HexId) => c.board.neighbours(h).some((n) => c.sideAt(n) === enemy);
  // Next to a weak enemy hex (defence 2 or less) the Axis can attack at good odds: worth a hex of ground.
  const weakNeighbour = (h: HexId) => {
    let best = 0;
    for (const n of c.board.neighbours(h)) if (c.sideAt(n) === enemy) best = Math.max(best, defenceStrength(c, n) <= 2 ? 2 : 1);
    return best;
  };
  // 11.1: a unit out of its line of communication loses a step at the next SUPPLY chit.
  const loc = locHexes(c, side);
  const own = c.onMap(side).filter((x) => !c.isHq(x));
  const value = (u: Unit, h: HexId): number => {
    // An HQ stays where it commands the most units (8.2), out of contact.
    if (c.isHq(u)) return own.filter((x) => x.id !== u.id && c.board.distance(x.hex!, h) <= c.type(u).hq!).length - (loc.has(h) ? 0 : 3);
    const d = field.get(h) ?? 50;
    const cut = loc.has(h) ? 0 : side === 'german' && c.isMech(u) ? 1.5 : 3;
    if (side === 'german') return -2 * d + weakNeighbour(h) - cut;
    const t = c.board.terrain(h);
    const ground =
      (t === 'major' ? 2 : t === 'deep' ? 1.5 : t === 'light' || t === 'swamp' ? 1 : 0) +
      (c.board.isPosition(h) ? 2 : 0) +
      (c.board.isTown(h) ? 1 : 0);
    const friends = c.at(h).filter((x) => x.id !== u.id).length;
    return -1.5 * d + ground + (friends ? 0.5 : 0) - cut;
  };
  for (const id of chit.units) {
    if (chit.moved.includes(id)) continue;
    const u = c.unit(id);
    if (u?.where !== 'map') continue;
    // Soviet units in contact hold; Axis units in contact move only to gain ground. An HQ keeps behind its units.
    const contact = adjacentEnemy(u.hex!);
    if (contact && (side === 'soviet' || c.isHq(u))) continue;
    const stay = value(u, u.hex!) + (contact ? 1.5 : 0);
    let best: { h: HexId; v: number; strategic: boolean } | undefined;
    for (const strategic of canStrategic(c, u) ? [false, true] : [false]) {
      for (const h of reach(c, u, strategic).keys()) {
        if (h === u.hex || c.at(h).length >= STACK) continue;
        if (c.isHq(u) && adjacentEnemy(h)) continue;
        const v = value(u, h) + (h < u.hex! ? 0.001 : 0);
        if (!best || v > best.v) best = { h, v, strategic };
      }
    }
    if (best && best.v > stay + 0.5) return { type: 'move', unit: id, to: best.h, ...(best.strategic ? { strategic: true } : {}) };
  }
  return { type: 'end' };
}

function combatAction(c: Ctx): FtbAction {
  const chit = c.s.chit!;
  if (!chit.resolving) {
    const enemy = other(chit.side);
    const ready = chit.units.map((id) => c.unit(id)!).filter((u) => u.where === 'map' && !chit.attacked.includes(u.id) && !c.isHq(u));
    const targets = new Set<HexId>();
    for (const u of ready)
      for (const n of c.board.neighbours(u.hex!)) if (c.sideAt(n) === enemy && !chit.hexesAttacked.includes(n)) targets.add(n);
    let best: { target: HexId; units: string[]; col: number } | undefined;
    for (const t of [...targets].sort()) {
      const units = ready.filter((u) => c.board.distance(u.hex!, t) === 1 && !c.board.impassable(u.hex!, t));
      if (!units.length) continue;
      const o = oddsOf(c, t, units);
      // The Axis takes any chance on Moscow and Tula: holding them once is what 14.4(2) asks.
      const key = chit.side === 'german' && (c.board.moscow.includes(t) || t === c.board.tula);
      if (o.column >= (key ? 0 : attackColumn(c, chit.side)) && (!best || o.column > best.col))
        best = { target: t, units: units.map((u) => u.id), col: o.column };
    }
    if (best) return { type: 'attack', target: best.target, units: best.units };
  }
  const d = chit.declared[0];
  return d ? { type: 'resolve', target: d.target } : { type: 'end' };
}

function reinforceAction(c: Ctx): FtbAction {
  const chit = c.s.chit!;
  const side = chit.side;
  if (chit.guards > 0) {
    const rd = c.onMap('soviet').find((u) => u.type === 'RD');
    const box = Object.values(c.s.units).some((u) => u.where === 'convert');
    if (rd && box) return { type: 'convert', unit: rd.id };
  }
  const box = Object.values(c.s.units)
    .filter((u) => u.side === side && u.where === 'available')
    .sort((a, b) => c.values(b)[0] - c.values(a)[0] || (a.id < b.id ? -1 : 1));
  if (!box.length) return { type: 'end' };
  if (chit.garrison > 0) {
    const g = entryHexes(c, side, true)[0];
    if (g) return { type: 'place', unit: box[0]!.id, hex: g };
  }
  if (chit.reinf > 0) {
    const field = distanceField(c, side === 'german' ? goals(c, 'german') : goals(c, 'soviet'));
    const enemy = c.onMap(other(side)).map((u) => u.hex!);
    const hexes = entryHexes(c, side, false).filter((h) => !enemy.some((e) => c.board.distance(e, h) <= 1));
    const h = hexes.sort((a, b) => (field.get(a) ?? 99) - (field.get(b) ?? 99) || (a < b ? -1 : 1))[0];
    if (h) return { type: 'place', unit: box[0]!.id, hex: h };
  }
  return { type: 'end' };
}

/** 10.7: up to two attackers into the emptied hex; a mechanized one a hex further toward the goal when it may. */
function advanceAction(c: Ctx): FtbAction {
  const a = c.s.advance!;
  const id = a.units.find((x) => !a.done.includes(x));
  if (!id || a.done.length >= STACK || c.at(a.target).length >= STACK) return { type: 'end' };
  const u = c.unit(id)!;
  if (c.isMech(u) && a.done.length === 0) {
    const field = distanceField(c, goals(c, u.side));
    const here = field.get(a.target) ?? 99;
    for (const n of c.board.neighbours(a.target).sort((x, y) => (field.get(x) ?? 99) - (field.get(y) ?? 99))) {
      if ((field.get(n) ?? 99) >= here) break;
      const probe = { type: 'advance', unit: id, path: [a.target, n] } as FtbAction;
      try {
        advanceCheck(c, probe);
        return probe;
      } catch {
        // not a legal second hex: try the next
      }
    }
  }
  return { type: 'advance', unit: id, path: [a.target] };
}

function advanceCheck(c: Ctx, action: FtbAction): void {
  if (action.type !== 'advance') return;
  const copy = new Ctx(c.board, c.charts, structuredClone(c.s));
  advance(copy, action.unit, action.path);
}

/** The bot's next action for the side whose decision it is. */
export function botAction(board: Board, charts: FtbCharts, s: FtbState): FtbAction | undefined {
  if (s.result) return undefined;
  const c = new Ctx(board, charts, s);
  switch (s.phase) {
    case 'select':
      return chooseChits(c, selecting(c) ?? s.side);
    case 'interrupt':
      // Interrupt a Soviet chit: 2PzA moves before the Soviet army drawn can.
      return { type: 'interrupt', play: s.drawn !== SUPPLY && chitOwner(c, s.drawn!) === 'soviet' };
    case 'reserve': {
      const enemy = c.onMap(other(s.side));
      const near = (u: Unit) => Math.min(...enemy.map((e) => c.board.distance(e.hex!, u.hex!)));
      const units = c
        .onMap(s.side)
        .filter((u) => !c.isHq(u))
        .sort((a, b) => near(a) - near(b) || (a.id < b.id ? -1 : 1))
        .slice(0, s.chit!.pick ?? 0)
        .map((u) => u.id);
      return units.length ? { type: 'reserve', units } : { type: 'end' };
    }
    case 'move':
      return moveAction(c);
    case 'combat':
      return combatAction(c);
    case 'loss':
      // losses:owner with the bot as owner: the step the bot takes for a player.
      return { type: 'loss', unit: cheapestLoss(c, s.battle?.loss?.from ?? [])!.id };
    case 'retreat': {
      const u = retreating(c)!;
      return { type: 'retreat', unit: u.id, path: retreatChoices(c, u, s.battle!.retreat!.hexes)[0]!.path.slice(1) };
    }
    case 'advance':
      return advanceAction(c);
    case 'reinforce':
      return reinforceAction(c);
    case 'withdraw':
      return { type: 'end' };
    default:
      return undefined;
  }
}
