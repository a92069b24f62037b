/**
 * The heuristic bot: it picks chits by how many units they would activate, drives the Axis
 * toward the nearest Soviet-held major city (Moscow and Tula first, 14.4) and the Soviet onto
 * the cities and good ground in front of it, attacks where the odds suit the side and the
 * weather (attackColumn) and advances into emptied hexes. The Axis also keeps its railway
 * open (3.3: it stands on cut railway hexes and attacks the units that cut them), gathers
 * round Moscow and Tula, and late in the game keeps its cities. A chit's moves are planned at
 * once (planMoves); `FtbStyle` varies the plan for the search bot.
 */
import { type DiceState, diceId } from '../../kernel/dice.js';
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import type { FtbCharts } from './charts.js';
import { advance } from './combat.js';
import { Ctx, other } from './context.js';
import { cheapestLoss } from './losses.js';
import { canStrategic, moveUnit, reach, STACK } from './movement.js';
import { defenceStrength, oddsOf } from './odds.js';
import { retreating } from './owner-choices.js';
import { retreatChoices } from './retreat.js';
import type { FtbAction, FtbState, Side, Unit } from './state.js';
import { locHexes, sources } from './supply.js';
import { activatedBy, chitOwner, chitsDue, entryHexes, GUDERIAN, hqOfChit, SUPPLY, selectable, selecting } from './turns.js';

/**
 * Lowest CRT column index the bot attacks at: the Axis at 1.5-1 in clear weather and 1-1 in
 * mud, frost and snow (14.1: the weather already takes a column or two off every attack, and
 * waiting for better odds stalled the Axis all game in the arena), the Soviet at 3-1 (2-1 in
 * snow, where the shifts favour him).
 */
export function attackColumn(c: Ctx, side: Side): number {
  if (side === 'german') return c.weather() === 'clear' ? 1 : 0;
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

/** How a side plays: the search bot (search-bot.ts) weighs a few of these. */
export interface FtbStyle {
  /** Added to the side's lowest attack column (attackColumn): negative is bolder. */
  attack: number;
  /** How much better a hex must be than the unit's own before it moves. */
  moveThreshold: number;
  /** Weight of keeping to the line of communication (11.1). */
  supply: number;
  /** Axis: how many hexes nearer Moscow and Tula count than the other cities (14.4). */
  keyPull: number;
}
export const DEFAULT_STYLE: FtbStyle = { attack: 0, moveThreshold: 0.5, supply: 1, keyPull: 3 };

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

/**
 * 3.3(2): rail hexes of the Axis network where a Soviet zone of control cuts the line and no
 * Axis unit stands (a friendly unit there reopens it, A-14). Found by following the railway
 * from the Axis sources through such hexes, never through Soviet units or Soviet-held places.
 */
export function railGaps(c: Ctx): Set<HexId> {
  const b = c.board;
  const seen = new Set(sources(c, 'german'));
  const queue = [...seen];
  const gaps = new Set<HexId>();
  for (let i = 0; i < queue.length; i++) {
    const a = queue[i]!;
    for (const n of b.neighbours(a)) {
      if (seen.has(n) || !b.isRail(a, n) || b.terrain(n) === 'lake') continue;
      const here = c.sideAt(n);
      if (here === 'soviet' || (here !== 'german' && b.isPlace(n) && c.control(n) === 'soviet')) continue;
      seen.add(n);
      queue.push(n);
      if (here !== 'german' && c.ezoc(n, 'german')) gaps.add(n);
    }
  }
  return gaps;
}

/** What a unit's hex is worth to the side moving it, for one chit's moves. */
interface MoveValues {
  field: Map<HexId, number>;
  loc: Set<HexId>;
  gaps: Set<HexId>;
  /** Hexes of Soviet units next to a gap. */
  cutters: Set<HexId>;
  /** Moscow and Tula hexes the Soviet holds with units (14.4). */
  keys: Set<HexId>;
  flipped: readonly HexId[];
}

function moveValues(c: Ctx, side: Side, style: FtbStyle): MoveValues {
  const key = new Set([...c.board.moscow, c.board.tula]);
  const gaps = side === 'german' ? railGaps(c) : new Set<HexId>();
  const cutters = new Set([...gaps].flatMap((g) => c.board.neighbours(g).filter((n) => c.sideAt(n) === 'soviet')));
  return {
    field: distanceField(c, goals(c, side), (h) => (side === 'german' && !key.has(h) ? style.keyPull : 0)),
    // 11.1: a unit out of its line of communication loses a step at the next SUPPLY chit.
    loc: locHexes(c, side),
    gaps,
    cutters,
    keys: new Set([...key].filter((h) => c.sideAt(h) === 'soviet')),
    flipped: c.s.flipped,
  };
}

/** The move one unit of the chit makes (undefined: it stays), on the board as it stands. */
function unitMove(c: Ctx, u: Unit, mv: MoveValues, style: FtbStyle): FtbAction | undefined {
  const side = u.side;
  const enemy = other(side);
  const adjacentEnemy = (h: HexId) => c.board.neighbours(h).some((n) => c.sideAt(n) === enemy);
  // Next to a weak enemy hex (defence 2 or less) the Axis can attack at good odds: worth a hex of ground.
  const weakNeighbour = (h: HexId) => {
    let best = 0;
    for (const n of c.board.neighbours(h)) if (c.sideAt(n) === enemy) best = Math.max(best, defenceStrength(c, n) <= 2 ? 2 : 1);
    return best;
  };
  const own = c.onMap(side).filter((x) => !c.isHq(x));
  // 14.4: late in the game, or once Moscow and Tula were held together, the Axis keeps its cities.
  const holdCities = side === 'german' && (c.s.turn >= 8 || c.s.heldMoscowTula);
  // A unit standing in a hex next to its line carries the line in (3.3(2), A-14: a friendly unit opens an EZOC hex, entering takes a place).
  const supplied = (h: HexId) => mv.loc.has(h) || c.board.neighbours(h).some((n) => mv.loc.has(n) && !c.board.impassable(h, n));
  const value = (h: HexId): number => {
    // An HQ stays where it commands the most units (8.2), out of contact.
    if (c.isHq(u)) return own.filter((x) => c.board.distance(x.hex!, h) <= c.type(u).hq!).length - (supplied(h) ? 0 : 3);
    const d = mv.field.get(h) ?? 50;
    const friends = c.at(h).filter((x) => x.id !== u.id).length;
    if (side === 'german') {
      const cut = supplied(h) || mv.gaps.has(h) ? 0 : style.supply * (c.isMech(u) ? 2.5 : 4);
      // 3.3(2): an infantry division on a cut railway hex reopens the line behind the front.
      const gap = mv.gaps.has(h) && !c.isMech(u) && !friends ? 7 : 0;
      const garrison = holdCities && c.board.isMajor(h) && c.control(h) === 'german' && !friends ? 5 : 0;
      // Beside a Soviet unit whose zone cuts the railway: its attack reopens the line (combatAction).
      const siege = c.board.neighbours(h).some((n) => mv.cutters.has(n)) ? 3 : 0;
      // 14.4: the units gather round a Soviet-held Moscow or Tula hex, so that one attack has the odds.
      const assault = c.board.neighbours(h).some((n) => mv.keys.has(n)) ? 4 : 0;
      return -2 * d + weakNeighbour(h) - cut + gap + garrison + siege + assault;
    }
    const cut = supplied(h) ? 0 : 3 * style.supply;
    const t = c.board.terrain(h);
    const ground =
      (t === 'major' ? 2 : t === 'deep' ? 1.5 : t === 'light' || t === 'swamp' ? 1 : 0) +
      (c.board.isPosition(h) ? 2 : 0) +
      (c.board.isTown(h) ? 1 : 0);
    return -1.5 * d + ground + (friends ? 0.5 : 0) - cut;
  };
  // Soviet units in contact hold; Axis units in contact move only to gain ground. An HQ keeps behind its units.
  const contact = adjacentEnemy(u.hex!);
  if (contact && (side === 'soviet' || c.isHq(u))) return undefined;
  const stay = value(u.hex!) + (contact ? 1.5 : 0);
  let best: { h: HexId; v: number; strategic: boolean } | undefined;
  for (const strategic of canStrategic(c, u) ? [false, true] : [false]) {
    for (const h of reach(c, u, strategic).keys()) {
      if (h === u.hex || c.at(h).length >= STACK) continue;
      if (c.isHq(u) && adjacentEnemy(h)) continue;
      const v = value(h) + (h < u.hex! ? 0.001 : 0);
      if (!best || v > best.v) best = { h, v, strategic };
    }
  }
  if (best && best.v > stay + style.moveThreshold)
    return { type: 'move', unit: u.id, to: best.h, ...(best.strategic ? { strategic: true } : {}) };
  return undefined;
}

/**
 * The chit's moves, unit by unit in the chit's order, each on the board the earlier ones left
 * (played on a copy with the engine's own movement rule). The goals and lines are read once
 * for the chit (the goals again when a place changes hands): one pass over the units instead
 * of one per move.
 */
export function planMoves(c: Ctx, style: FtbStyle = DEFAULT_STYLE): FtbAction[] {
  const chit = c.s.chit!;
  const work = new Ctx(c.board, c.charts, structuredClone(c.s));
  let mv = moveValues(work, chit.side, style);
  const out: FtbAction[] = [];
  for (const id of chit.units) {
    if (chit.moved.includes(id)) continue;
    const u = work.unit(id);
    if (u?.where !== 'map') continue;
    const a = unitMove(work, u, mv, style);
    if (a?.type !== 'move') continue;
    moveUnit(work, a.unit, a.to, a.strategic ?? false);
    out.push(a);
    if (work.s.flipped !== mv.flipped) mv = { ...moveValues(work, chit.side, style), loc: mv.loc };
  }
  return out;
}

/** Planned moves by game, state serial and style, so each move of a chit costs no new plan. */
const plans = new Map<string, { action: FtbAction; from: HexId }>();
const PLAN_LIMIT = 20_000;
const styleKey = (st: FtbStyle) => `${st.attack}/${st.moveThreshold}/${st.supply}/${st.keyPull}`;

function moveAction(c: Ctx, style: FtbStyle): FtbAction {
  const chit = c.s.chit!;
  const key = (serial: number) => `${diceId(c.s.dice as DiceState)}|${serial}|${chit.name}|${styleKey(style)}`;
  const known = plans.get(key(c.s.serial));
  if (known?.action.type === 'move') {
    const u = c.unit(known.action.unit);
    if (u?.hex === known.from && !chit.moved.includes(u.id) && chit.units.includes(u.id)) return known.action;
  }
  const plan = planMoves(c, style);
  if (plans.size > PLAN_LIMIT) plans.clear();
  plan.forEach((a, i) => {
    if (a.type === 'move') plans.set(key(c.s.serial + i), { action: a, from: c.unit(a.unit)!.hex! });
  });
  return plan[0] ?? { type: 'end' };
}

function combatAction(c: Ctx, style: FtbStyle): FtbAction {
  const chit = c.s.chit!;
  if (!chit.resolving) {
    const enemy = other(chit.side);
    const ready = chit.units.map((id) => c.unit(id)!).filter((u) => u.where === 'map' && !chit.attacked.includes(u.id) && !c.isHq(u));
    const targets = new Set<HexId>();
    for (const u of ready)
      for (const n of c.board.neighbours(u.hex!)) if (c.sideAt(n) === enemy && !chit.hexesAttacked.includes(n)) targets.add(n);
    // 3.3(2): Soviet units whose zone cuts the Axis railway are worth any attack the odds allow.
    const gaps = chit.side === 'german' && targets.size ? railGaps(c) : new Set<HexId>();
    let best: { target: HexId; units: string[]; col: number } | undefined;
    for (const t of [...targets].sort()) {
      const units = ready.filter((u) => c.board.distance(u.hex!, t) === 1 && !c.board.impassable(u.hex!, t));
      if (!units.length) continue;
      const o = oddsOf(c, t, units);
      // The Axis takes any chance on Moscow and Tula: holding them once is what 14.4(2) asks.
      const key =
        chit.side === 'german' && (c.board.moscow.includes(t) || t === c.board.tula || c.board.neighbours(t).some((n) => gaps.has(n)));
      const rank = o.column + (key ? 3 : 0);
      if (o.column >= (key ? 0 : Math.max(0, attackColumn(c, chit.side) + style.attack)) && (!best || rank > best.col))
        best = { target: t, units: units.map((u) => u.id), col: rank };
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
export function botAction(board: Board, charts: FtbCharts, s: FtbState, style: FtbStyle = DEFAULT_STYLE): FtbAction | undefined {
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
      return moveAction(c, style);
    case 'combat':
      return combatAction(c, style);
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
