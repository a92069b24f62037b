/**
 * A heuristic player for either side, deterministic given the state (ties go to the first
 * legal action listed). The Germans drive on Moscow, move panzers up to weak Soviet units
 * and attack at good odds; the Soviets keep Moscow garrisoned, form a line one hex ahead of
 * the German front on defensive terrain, rebuild units and counterattack when the expected
 * result pays (counterattack.ts): reduced or cut-off German units, cities to retake, enemies
 * next to Moscow. It chooses only among `legalActionsOn`, so it can never make an illegal move.
 */
import type { HexId } from '../../kernel/hex.js';
import type { SideId } from '../engine.js';
import type { Board } from './board.js';
import { committed, survivingAttackers } from './combat.js';
import { bestCounterattack, SOVIET_MIN_VALUE, SOVIET_VALUE_STEP } from './counterattack.js';
import { legalActionsOn } from './legal.js';
import { destinationCosts, isMovementPhase } from './movement.js';
import { battleOdds, previewOdds } from './odds.js';
import { type BfmAction, otherSide, phaseSide } from './state.js';

/** Least odds column the German bot attacks at (the Soviet bot weighs each battle instead). */
const GERMAN_MIN_COLUMN = 2;

/**
 * How the heuristic plays: `attack` shifts the least odds column the Germans attack at, or
 * the least expected value of a Soviet battle (-1 bolder, +1 more careful); `moveThreshold`
 * is the least gain in position worth a move; `line` pulls the Soviet line back; `reserve`
 * and `guard` are Soviet plans for replacements and for the Moscow garrison. The search bot
 * picks among styles by playing them out; the default style is the plain heuristic.
 */
export interface BotStyle {
  attack: number;
  moveThreshold: number;
  /** Soviet: stand this many hexes nearer Moscow than one hex ahead of the German front. */
  line?: number;
  /** Soviet: replacements go to the units and hexes nearest Moscow first (a reserve for its defence). */
  reserve?: boolean;
  /** Soviet: the Moscow garrison never attacks (a step it loses may cost Moscow in the German turn). */
  guard?: boolean;
  /**
   * Soviet: fill the hexes next to Moscow, however strong the Germans next to them (each one
   * held is a hex no German unit can attack Moscow from).
   */
  ring?: boolean;
}
export const DEFAULT_STYLE: BotStyle = { attack: 0, moveThreshold: 0.5 };
/** Value of each CRT result to the attacker, for choosing attacks. */
const RESULT_VALUE = { DE: 3, DRL: 2, DR: 1, EX: 0.5, NE: 0, AL: -1 } as const;

export function botActionOn(b: Board, style: BotStyle = DEFAULT_STYLE): BfmAction {
  // Movement needs no list of every legal move: the best move is among the destinations,
  // and ending the phase is legal unless a displaced unit must move on.
  if (isMovementPhase(b.s.phase)) {
    const move = bestMove(b, phaseSide(b.s.phase)!, style);
    if (move) return move;
    if (b.s.displaced === null) return { type: 'end-phase' };
  }
  const legal = legalActionsOn(b);
  const first = legal[0];
  if (!first) throw new Error('the bot has no legal action: the game is over');
  const side = phaseSide(b.s.phase)!;
  const pick = (score: (a: BfmAction) => number, minimum = -Infinity): BfmAction | undefined => {
    let best: BfmAction | undefined;
    let bestScore = minimum;
    for (const a of legal) {
      const v = score(a);
      if (v > bestScore) {
        best = a;
        bestScore = v;
      }
    }
    return best;
  };
  const end = legal.find((a) => a.type === 'end-phase');

  switch (first.type) {
    case 'setup-swap':
    case 'setup-done':
      return { type: 'setup-done' };
    case 'take-loss':
      return pick((a) => (a.type === 'take-loss' ? -lossCost(b, a.unit) : -Infinity))!;
    case 'retreat':
      // The attacker retreats the defender as far from Moscow as it can.
      return pick((a) => (a.type === 'retreat' ? b.map.grid.distance(a.to, b.bm.moscow) : -Infinity))!;
    case 'advance':
    case 'hold':
      return chooseAdvance(b, side, legal);
    default:
      break;
  }
  if (b.s.phase.endsWith('replacement')) {
    return pick((a) => (a.type === 'replace' ? replacementValue(b, side, a.unit, a.hex, style) : -Infinity), 0) ?? end ?? first;
  }
  if (b.s.combat) return combatAction(b, side, legal, style) ?? end ?? first;
  // Movement: the single most useful move, or end the phase when nothing improves.
  const move = bestMove(b, side, style);
  return move ?? end ?? first;
}

/** Strength lost if this attacker takes a step; infantry before panzers on a tie. */
function lossCost(b: Board, unit: string): number {
  const spec = b.spec(unit);
  const lost = b.s.units[unit]!.full ? spec.full - spec.half : spec.half * 1.5;
  return lost + (spec.type === 'panzer' ? 0.5 : 0);
}

function chooseAdvance(b: Board, side: SideId, legal: BfmAction[]): BfmAction {
  const hex = b.s.combat!.current!.hex;
  const candidates = survivingAttackers(b);
  const closer = (u: string) => b.map.grid.distance(hex, b.bm.moscow) < b.map.grid.distance(b.hexOf(u)!, b.bm.moscow);
  // The Soviets take back cities and good ground, but never walk the garrison out of Moscow.
  const good =
    side === 'german'
      ? candidates.filter(closer)
      : candidates.filter((u) => b.hexOf(u) !== b.bm.moscow && (b.bm.isCity(hex) || b.bm.terrain(hex) !== 'clear'));
  if (good.length === 0) return { type: 'hold' };
  // The strongest unit advances (panzers first for the Germans: they exploit next turn).
  const best = [...good].sort(
    (x, y) => b.strength(y) + (b.spec(y).type === 'panzer' ? 5 : 0) - (b.strength(x) + (b.spec(x).type === 'panzer' ? 5 : 0)),
  )[0]!;
  return legal.find((a) => a.type === 'advance' && a.unit === best) ?? { type: 'hold' };
}

function replacementValue(b: Board, side: SideId, unit: string, hex: HexId | undefined, style: BotStyle): number {
  const spec = b.spec(unit);
  const moscow = b.bm.moscow;
  const dist = (h: HexId) => b.map.grid.distance(h, moscow);
  if (side === 'soviet' && style.reserve) {
    // Moscow's garrison first, then the units and hexes nearest it, the strongest first.
    const at = hex ?? b.hexOf(unit)!;
    const gain = hex === undefined ? spec.full - spec.half : spec.half;
    return (at === moscow ? 100 : 0) + gain - dist(at) * 2 + 40;
  }
  if (hex === undefined) {
    const at = b.hexOf(unit)!;
    const threatened = b.map.neighbours(at).some((n) => b.occupier(n) === otherSide(side));
    return spec.full - spec.half + (threatened ? 2 : 0) + (spec.type === 'panzer' ? 2 : 0) - dist(at) * 0.1;
  }
  if (side === 'soviet' && hex === moscow && b.unitsAt(moscow).length === 0) return 100;
  return spec.half + (spec.type === 'panzer' ? 2 : 0) - dist(hex) * 0.3;
}

/** Battles worth announcing, best first; then resolve them in the order announced. */
function combatAction(b: Board, side: SideId, legal: BfmAction[], style: BotStyle): BfmAction | undefined {
  const c = b.s.combat!;
  if (c.declaring) {
    const plan = planBattle(b, side, style);
    if (plan)
      return legal.find((a) => a.type === 'declare' && a.defender === plan.defender && sameSet(a.attackers, plan.attackers)) ?? undefined;
  }
  return legal.find((a) => a.type === 'resolve');
}

function sameSet(x: readonly string[], y: readonly string[]): boolean {
  return x.length === y.length && x.every((u) => y.includes(u));
}

/** The best single battle still to announce: the defender with the best expected result, using the fewest attackers that reach it. */
function planBattle(b: Board, side: SideId, style: BotStyle): { defender: string; attackers: string[] } | undefined {
  const busy = committed(b);
  const attacked = new Set(b.s.combat!.battles.map((x) => x.defender));
  let best: { defender: string; attackers: string[]; value: number } | undefined;
  for (const defender of b.onMap(otherSide(side))) {
    if (attacked.has(defender)) continue;
    const around = new Set(b.map.neighbours(b.hexOf(defender)!));
    const free = b.onMap(side).filter((u) => !busy.has(u) && around.has(b.hexOf(u)!));
    if (free.length === 0) continue;
    const plan = side === 'german' ? germanBattle(b, defender, free, style) : sovietBattle(b, defender, free, style);
    if (plan && (!best || plan.value > best.value)) best = { defender, ...plan };
  }
  return best;
}

/** Soviet: the set of attackers with the best expected value, if it is worth the risk. */
function sovietBattle(b: Board, defender: string, free: string[], style: BotStyle): { attackers: string[]; value: number } | undefined {
  const attackers = style.guard ? free.filter((u) => b.hexOf(u) !== b.bm.moscow) : free;
  if (attackers.length === 0) return undefined;
  return bestCounterattack(b, defender, attackers, SOVIET_MIN_VALUE + style.attack * SOVIET_VALUE_STEP);
}

/** German: at the least column or better, the fewest attackers that keep the column. */
function germanBattle(b: Board, defender: string, free: string[], style: BotStyle): { attackers: string[]; value: number } | undefined {
  const all = battleOdds(b, defender, free);
  if (all.column === null || all.column < GERMAN_MIN_COLUMN + style.attack) return undefined;
  // Drop attackers, weakest first, while the column holds.
  let attackers = [...free].sort((x, y) => b.strength(x) - b.strength(y));
  for (const u of [...attackers]) {
    const without = attackers.filter((a) => a !== u);
    if (without.length === 0) break;
    const o = battleOdds(b, defender, without);
    if (o.column !== null && o.column >= all.column) attackers = without;
  }
  const p = previewOdds(all);
  // Emptying Moscow (or a city) is worth more than any other result.
  const prize = b.hexOf(defender) === b.bm.moscow ? 3 : b.bm.isCity(b.hexOf(defender)!) ? 1.5 : 1;
  const value =
    Object.entries(p.sixths).reduce((t, [r, n]) => t + RESULT_VALUE[r as keyof typeof RESULT_VALUE] * n, 0) * prize +
    b.strength(defender) * 0.1;
  return value > 0 ? { attackers, value } : undefined;
}

/** The move that most improves its unit's position, or undefined when none is worth making. */
function bestMove(b: Board, side: SideId, style: BotStyle): BfmAction | undefined {
  const ctx = positionContext(b, side, style);
  const movers = b.s.displaced !== null ? [b.s.displaced] : b.onMap(side).filter((u) => !b.s.moved.includes(u));
  let best: BfmAction | undefined;
  let bestGain = b.s.displaced !== null ? -Infinity : style.moveThreshold;
  for (const unit of movers) {
    const here = value(b, ctx, unit, b.hexOf(unit)!);
    for (const hex of destinationCosts(b, unit).keys()) {
      if (b.unitsAt(hex).length > 0) continue;
      const gain = value(b, ctx, unit, hex) - here;
      if (gain > bestGain) {
        bestGain = gain;
        best = { type: 'move', unit, to: hex };
      }
    }
  }
  return best;
}

interface PositionContext {
  side: SideId;
  /** The German unit nearest Moscow: how far the front has come. */
  front: number;
  moscowHeld: boolean;
  /** How many hexes nearer Moscow than the usual line the Soviets stand (a style). */
  line: number;
  /** Whether the hexes next to Moscow are held whatever threatens them (a style). */
  ring: boolean;
  /** What `value` asks of each hex, computed once per position (the units do not move while a move is chosen). */
  hexes: Map<HexId, HexInfo>;
}

interface HexInfo {
  dist: number;
  neighbours: HexId[];
  terrain: 'clear' | 'forest' | 'fortification' | 'moscow';
  city: boolean;
  enemies: number;
  /** Enemies of strength 4 or less. */
  weak: number;
  /** Total strength of the adjacent enemies. */
  threat: number;
  /** Adjacent hexes held by the side (the moving unit's own hex included). */
  friends: number;
  /** Adjacent enemies worth a counterattack: reduced, in a city, or next to Moscow. */
  targets: number;
}

function positionContext(b: Board, side: SideId, style: BotStyle): PositionContext {
  const moscow = b.bm.moscow;
  const germans = b.onMap('german').map((u) => b.map.grid.distance(b.hexOf(u)!, moscow));
  return {
    side,
    front: Math.min(99, ...germans),
    moscowHeld: b.unitsAt(moscow).some((u) => b.sideOf(u) === side),
    line: style.line ?? 0,
    ring: style.ring ?? false,
    hexes: new Map(),
  };
}

function hexInfo(b: Board, ctx: PositionContext, hex: HexId): HexInfo {
  let info = ctx.hexes.get(hex);
  if (info) return info;
  const moscow = b.bm.moscow;
  const enemy = otherSide(ctx.side);
  const neighbours = b.map.neighbours(hex);
  // Plain loops: this runs for every hex a unit may reach, at every move of every play-out.
  let enemies = 0;
  let weak = 0;
  let threat = 0;
  let friends = 0;
  let targets = 0;
  for (const n of neighbours) {
    const side = b.occupier(n);
    if (side === ctx.side) friends += 1;
    if (side !== enemy) continue;
    for (const e of b.unitsAt(n)) {
      if (b.sideOf(e) !== enemy) continue;
      const strength = b.strength(e);
      enemies += 1;
      if (strength <= 4) weak += 1;
      threat += strength;
      // Adjacent enemies worth a counterattack: reduced, in a city, or next to Moscow.
      if (ctx.side === 'soviet' && (!b.s.units[e]!.full || b.bm.isCity(n) || b.map.grid.distance(n, moscow) <= 1)) targets += 1;
    }
  }
  info = {
    dist: b.map.grid.distance(hex, moscow),
    neighbours,
    terrain: b.bm.terrain(hex),
    city: b.bm.isCity(hex),
    enemies,
    weak,
    threat,
    friends,
    targets,
  };
  ctx.hexes.set(hex, info);
  return info;
}

/** What a hex next to Moscow is worth in the ring style: more than standing one hex off the line. */
const RING_BONUS = 6;

/** How good a hex is for a unit (higher is better). */
function value(b: Board, ctx: PositionContext, unit: string, hex: HexId): number {
  const moscow = b.bm.moscow;
  const { dist, terrain, enemies, weak, threat, neighbours } = hexInfo(b, ctx, hex);
  const at = b.hexOf(unit)!;
  const current = at === hex;
  if (ctx.side === 'german') {
    let v = -dist * (b.spec(unit).type === 'panzer' ? 3 : 2);
    if (hex === moscow) v += 100;
    // Next to Moscow: ready to assault it.
    else if (dist === 1) v += 6;
    if (b.bm.isCity(hex) && b.s.cities[hex] === 'soviet') v += 6;
    // Weak Soviet units next door are targets for the coming combat phase.
    v += b.s.phase === 'german-panzer-movement' ? weak * 2 + enemies : enemies * 0.5;
    if (terrain === 'forest') v += 0.5;
    return v;
  }
  // Soviet: Moscow first.
  if (hex === moscow) return ctx.moscowHeld && !current ? -50 : 200;
  let v = 0;
  const want = Math.max(1, ctx.front - 1 - ctx.line);
  v -= Math.abs(dist - want) * 2;
  if (terrain !== 'clear') v += 3;
  if (hexInfo(b, ctx, hex).city) v += 2;
  const defence = b.strength(unit) * (terrain !== 'clear' ? 2 : 1);
  // The ring around Moscow is held even where the unit in it is outnumbered: a German unit
  // there would attack Moscow itself.
  const ring = ctx.ring && dist === 1;
  if (ring) v += RING_BONUS;
  else if (threat >= defence * 3) v -= 6;
  // The unit's own hex is among the friends of a neighbouring hex: it does not count itself.
  const friends = hexInfo(b, ctx, hex).friends - (neighbours.includes(at) ? 1 : 0);
  if (friends > 2) v -= friends - 2;
  // Rail movement comes just before the combat phase: join an attack on a weak or exposed German unit.
  if (b.s.phase === 'soviet-rail-movement') v += 1.5 * hexInfo(b, ctx, hex).targets;
  return v;
}
