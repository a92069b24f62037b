/**
 * The heuristic bot's moves: the Germans drive for the plan's objectives and make mobile
 * assaults on the way; the Soviets hold the line and bring reserves to the threatened places.
 */
import type { HexId } from '../../kernel/hex.js';
import { clearChance } from './bot-attacks.js';
import type { DomStyle } from './bot-style.js';
import { turnSpec } from './charts.js';
import type { DomEngine } from './engine.js';
import { movingGroup, reach } from './movement.js';
import { germanPlan } from './plan.js';
import { type Position, STACK_LIMIT } from './position.js';
import { oddsPreview } from './preview.js';
import type { DomAction, DomState, Side, Unit } from './state.js';

/** The cities a side still needs, nearest first. */
export function objectives(p: Position, side: Side): HexId[] {
  const cities = [...p.board.moscow, ...Object.values(p.board.cities)];
  return cities.filter((h) => p.control(h) !== side);
}

export function* germanMoves(engine: DomEngine, s: DomState, p: Position, style: DomStyle): Generator<DomAction> {
  const board = engine.board;
  const plan = style.goal === 'plan' ? germanPlan(board, p, s) : undefined;
  const targets = objectives(p, 'german');
  const goalOf = (hex: HexId, group: Unit[]): HexId | undefined => {
    const planned = plan?.goal.get(group[0]!.id);
    if (planned) return planned;
    const moscow = style.goal === 'moscow' && group[0]!.mech ? targets.filter((h) => board.moscow.includes(h)) : [];
    return [...(moscow.length ? moscow : targets)].sort((a, b) => board.distance(hex, a) - board.distance(hex, b))[0];
  };
  // 10.20: a stack that cleared the hex it assaulted moves on with the MP it has left.
  const onward = s.active.map((id) => s.units[id]!).filter((u) => u && !s.done.includes(u.id) && (s.mp[u.id] ?? 0) > 0);
  if (onward.length > 0 && onward.every((u) => s.assaulted.includes(u.id))) {
    const goal = goalOf(onward[0]!.hex, onward);
    const to = goal && stepToward(p, s, onward, goal);
    if (to) yield { type: 'move', units: onward.map((u) => u.id), to };
  }
  const stacks = new Map<HexId, Unit[]>();
  for (const u of Object.values(s.units)) {
    if (u.side !== 'german' || s.done.includes(u.id) || s.mp[u.id] !== undefined || s.startHex[u.id] !== u.hex) continue;
    if (plan?.garrison.has(u.id)) continue; // 4.3: a taken city keeps its garrison
    stacks.set(u.hex, [...(stacks.get(u.hex) ?? []), u]);
  }
  for (const [hex, units] of [...stacks].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const mech = units.filter((u) => u.mech);
    // Mobile assault: a panzer-led stack against a Soviet hex it is likely to clear.
    if (mech.some((u) => u.armour) && !mech.some((u) => s.assaulted.includes(u.id)) && s.offensive.declared !== s.turn) {
      const ids = mech.map((u) => u.id);
      const goal = plan ? goalOf(hex, mech) : undefined;
      for (const t of assaultTargets(engine, s, p, hex, ids, style, goal)) yield { type: 'assault', units: ids, target: t };
    }
    // Then move: each group towards its goal (the plan's, Moscow, or the nearest city).
    for (const group of [mech, units.filter((u) => !u.mech)]) {
      if (group.length === 0) continue;
      const goal = goalOf(hex, group);
      const to = goal && stepToward(p, s, group, goal);
      if (to) yield { type: 'move', units: group.map((u) => u.id), to };
    }
  }
}

/**
 * Soviet hexes the panzer stack in `hex` may assault and likely clear, best first. With a
 * planned goal it looks as far as its MP reach (the hex assaulted is entered for 2 MP more
 * than its cost, 10.15) and prefers the hexes that open the way to the goal; without one,
 * only hexes within two of where it stands.
 */
function assaultTargets(
  engine: DomEngine,
  s: DomState,
  p: Position,
  hex: HexId,
  ids: string[],
  style: DomStyle,
  goal: HexId | undefined,
): HexId[] {
  const board = engine.board;
  const near = new Set<HexId>();
  if (goal) {
    let g: ReturnType<typeof movingGroup>;
    try {
      g = movingGroup(s, p, ids);
    } catch {
      return [];
    }
    const r = reach(p, g);
    // Launch within half the MP, so a breach leaves MP to drive through it (10.20).
    for (const [h, cost] of r.cost) {
      if (cost + 3 > g.budget || cost > g.budget / 2) continue;
      for (const n of board.neighbours(h)) if (p.unitsAt(n, 'soviet').length > 0 && board.natural(n) !== 'marsh') near.add(n);
    }
  } else {
    for (const n of board.neighbours(hex))
      for (const m of [n, ...board.neighbours(n)]) if (p.unitsAt(m, 'soviet').length > 0 && board.natural(m) !== 'marsh') near.add(m);
  }
  const here = goal ? board.distance(hex, goal) : 0;
  // With a goal, only a hex nearer it than the stack stands: an assault aside or behind spends the turn going nowhere.
  return [...near]
    .filter((t) => !goal || board.distance(t, goal) < here)
    .map((t) => {
      try {
        const o = oddsPreview(board, s, t, ids, 'MA', 0, engine.charts);
        const win = clearChance(o.chances);
        // With a goal: a hex that brings the stack nearer it is worth more than one aside.
        return { t, win, score: goal ? win + 0.05 * (here - board.distance(t, goal)) : win };
      } catch {
        return { t, win: 0, score: 0 };
      }
    })
    .filter((x) => x.win >= style.assault)
    .sort((a, b) => b.score - a.score || (a.t < b.t ? -1 : 1))
    .map((x) => x.t);
}

/** The hex the group can reach that is nearest `goal` (cheapest among equals), if nearer than where it is. */
function stepToward(p: Position, s: DomState, group: Unit[], goal: HexId): HexId | undefined {
  const board = p.board;
  let g: ReturnType<typeof movingGroup>;
  try {
    g = movingGroup(
      s,
      p,
      group.map((u) => u.id),
    );
  } catch {
    return undefined;
  }
  const hex = group[0]!.hex;
  const r = reach(p, g);
  let best: HexId | undefined;
  let bestScore = board.distance(hex, goal) * 10;
  for (const [h, cost] of r.cost) {
    if (h === hex) continue;
    const score = board.distance(h, goal) * 10 + cost * 0.1 + (p.unitsAt(h, 'german').length > 2 ? 5 : 0);
    if (score < bestScore) {
      bestScore = score;
      best = h;
    }
  }
  return best;
}

export function* sovietMoves(engine: DomEngine, s: DomState, p: Position, style: DomStyle): Generator<DomAction> {
  const board = engine.board;
  const zoc = p.germanZoc();
  const threatened = [...board.moscow, ...Object.values(board.cities), ...board.sources].filter((h) => p.control(h) === 'soviet');
  const germans = Object.values(s.units).filter((u) => u.side === 'german');
  // The Germans stand still in the Soviet phase: each city's danger is worked out once.
  // 4.1: a Moscow hex lost ends the game, so Moscow counts as nearer the enemy than it is.
  const dangers = new Map(
    threatened.map((h) => [h, Math.min(...germans.map((g) => board.distance(h, g.hex))) - (board.moscow.includes(h) ? style.moscow : 0)]),
  );
  // A place's defenders: those in it, and at half weight those on their way within two hexes.
  const soviets = Object.values(s.units).filter((u) => u.side === 'soviet');
  const support = new Map(
    threatened.map((h) => [h, soviets.reduce((n, u) => n + (u.hex === h ? 1 : board.distance(u.hex, h) <= 2 ? 0.5 : 0), 0)]),
  );
  const retakeable = Object.values(board.cities).filter((h) => p.control(h) === 'german');
  for (const u of Object.values(s.units)) {
    if (u.side !== 'soviet' || s.done.includes(u.id) || s.mp[u.id] !== undefined || s.startHex[u.id] !== u.hex) continue;
    // 4.3, 4.5: on GT9 a city the Germans hold within reach is the goal, to enter if empty or attack.
    const retake =
      s.turn === 9 ? retakeable.filter((h) => board.distance(u.hex, h) <= turnSpec(engine.charts, 9).mf[u.mech ? 0 : 1] + 1) : [];
    if (zoc.has(u.hex) && retake.length === 0) continue; // the line holds where it stands
    if (threatened.includes(u.hex) && board.isCity(u.hex)) continue; // and so does a city's garrison
    // Reserves: to the city nearest the enemy that has fewest defenders.
    const danger = (h: HexId) => dangers.get(h)!;
    const need = (h: HexId) => danger(h) + style.garrison * support.get(h)!;
    const goal = retake.length
      ? [...retake].sort((a, b) => board.distance(u.hex, a) - board.distance(u.hex, b) || (a < b ? -1 : 1))[0]
      : [...threatened].sort((a, b) => need(a) - need(b))[0];
    if (!goal) continue;
    let g: ReturnType<typeof movingGroup>;
    try {
      g = movingGroup(s, p, [u.id]);
    } catch {
      continue;
    }
    const r = reach(p, g);
    let best: HexId | undefined;
    let bestScore = board.distance(u.hex, goal);
    for (const [h] of r.cost) {
      // Three to a hex on the way, a full stack (6.0) in the place itself.
      if (h === u.hex || p.unitsAt(h, 'soviet').length >= (h === goal ? STACK_LIMIT : 3)) continue;
      const d = board.distance(h, goal);
      if (d < bestScore) {
        bestScore = d;
        best = h;
      }
    }
    if (best) yield { type: 'move', units: [u.id], to: best };
  }
}
