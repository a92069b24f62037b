/**
 * A heuristic bot for either side, in readable rules of thumb. German: every stack drives for
 * the objective the operational plan gives it (plan.ts: shares of the mechanized for Moscow
 * and each city still lacking, garrisons for the cities taken), panzer stacks make mobile
 * assaults they are likely to win that open the way there and drive on with the MP left,
 * and prepared assaults go in where a retreat or elimination is likely, the battles first
 * (fight/move, 5.2) on GT1 and when a city it needs can be taken from where it stands. Soviet: hold the
 * line, bring reserves and reinforcements towards the threatened place with the fewest
 * defenders (Moscow first), convert Guards near Moscow, and attack only at good odds (or as
 * Stalin demands). On GT9 both attack the cities that decide the game at any odds. Each
 * candidate is checked by the engine; the first legal one is played.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Applied } from '../engine.js';
import { battleChoices } from './battle-choices.js';
import { turnSpec } from './charts.js';
import { Ctx } from './context.js';
import type { DomEngine } from './engine.js';
import { movingGroup, reach } from './movement.js';
import { germanPlan } from './plan.js';
import { other, Position, STACK_LIMIT } from './position.js';
import { oddsPreview } from './preview.js';
import { entryHexes } from './reinforcements.js';
import type { DomAction, DomState, Side, Unit } from './state.js';
import { conversionCandidates } from './turns.js';

const WIN = ['DE', 'DR', 'DR (AS or Bloodbath)'];
type Chances = ReturnType<typeof oddsPreview>['chances'];
/** The chance an attack clears the hex (a retreat, an elimination or a Bloodbath). */
const clearChance = (chances: Chances) => WIN.reduce((x, r) => x + (chances[r] ?? 0), 0);
/** How good a prepared assault is: its chance to clear the hex, less half the chance of AL1. */
const attackValue = (chances: Chances) => clearChance(chances) - (chances.AL1 ?? 0) * 0.5;
/** How much likelier to succeed a German attack on a city it needs counts than elsewhere. */
const OBJECTIVE_BONUS = 0.15;

/**
 * How boldly the heuristic plays; the search bot (search-bot.ts) picks one per phase.
 * DEFAULT_STYLE is the heuristic level's own play.
 */
export interface DomStyle {
  /** German mobile assaults: the least chance of clearing the hex (DR or DE) the panzers go in at. */
  assault: number;
  /** Prepared assaults: the least chance of DR or DE (less half the chance of AL1), by side. */
  attack: Record<Side, number>;
  /**
   * Where German stacks head: `plan`, the objective the operational plan gives them (plan.ts);
   * `nearest` city they do not hold; `moscow`: the mechanized for Moscow whatever is nearer
   * (the sudden-death win, 4.1).
   */
  goal: 'nearest' | 'moscow' | 'plan';
  /** Soviet reserves: how many hexes of German distance one more defender in a city is worth. */
  garrison: number;
  /** Soviet reserves: how many hexes nearer the Germans Moscow counts (its loss ends the game, 4.1). */
  moscow: number;
  /**
   * The phase order declared at the start of the player turn (5.2); `auto`: the heuristic's
   * rule of thumb (`fightsFirst`).
   */
  order: 'move-fight' | 'fight-move' | 'auto';
}
export const DEFAULT_STYLE: DomStyle = {
  assault: 0.6,
  attack: { german: 0.45, soviet: 0.6 },
  goal: 'plan',
  garrison: 1,
  moscow: 6,
  order: 'auto',
};

export function botAction(engine: DomEngine, s: DomState, side: Side = s.side, style: DomStyle = DEFAULT_STYLE): DomAction | undefined {
  return botStep(engine, s, side, style)?.action;
}

/**
 * The bot's action and, when it was tried on the engine, what applying it gave: a caller that
 * plays it (the arena, the search's play-outs) need not apply it a second time.
 */
export function botStep(
  engine: DomEngine,
  s: DomState,
  side: Side = s.side,
  style: DomStyle = DEFAULT_STYLE,
): { action: DomAction; applied?: Applied<DomState> } | undefined {
  if (s.result) return undefined;
  for (const a of candidates(engine, s, side, style)) {
    try {
      return { action: a, applied: engine.apply(s, a) };
    } catch {
      // not legal now: try the next
    }
  }
  return { action: { type: 'end' } };
}

function* candidates(engine: DomEngine, s: DomState, side: Side, style: DomStyle): Generator<DomAction> {
  const board = engine.board;
  const bc = battleChoices(s);
  if (bc) {
    if (bc.side !== side) return;
    if (s.battle?.stage === 'air') yield { type: 'choose', option: bc.options.length > 1 ? '1' : 'none' };
    if (s.battle?.stage === 'bloodbath') yield { type: 'choose', option: 'bloodbath' };
    if (s.battle?.stage === 'losses') yield { type: 'choose', option: 'lose' };
    if (s.battle?.stage === 'retreat') yield { type: 'choose', option: 'retreat' };
    if (s.battle?.stage === 'german-dr') yield { type: 'choose', option: board.isTownOrCity(s.battle.target) ? 'lose1' : 'retreat' };
    yield { type: 'choose', option: 'all' };
    for (const o of bc.options) yield { type: 'choose', option: o.option };
    return;
  }
  if (s.side !== side) return;
  const p = new Position(board, engine.charts, s);
  switch (s.phase) {
    case 'order': {
      const order =
        style.order !== 'auto' ? style.order : side === 'german' && fightsFirst(engine, s, p, style) ? 'fight-move' : 'move-fight';
      // The offensive at the start of GT5: mud makes GT5 a poor turn anyway, GT6 gets the bonus.
      if (side === 'german' && s.turn === 5) yield { type: 'order', order, offensive: true };
      yield { type: 'order', order };
      return;
    }
    case 'replacement': {
      const mine = Object.values(s.units).filter((u) => u.side === 'german');
      for (const u of mine.filter((x) => x.steps === 1 && x.maxSteps === 2)) yield { type: 'replace', unit: u.id };
      const front = frontDistance(p);
      const far = [...mine].sort((a, b) => front(b.hex) - front(a.hex) || a.steps - b.steps);
      for (const u of far.filter((x) => x.type === 'cavalry')) yield { type: 'withdraw', unit: u.id };
      for (const u of far.filter((x) => x.type === 'infantry' || x.mech)) yield { type: 'withdraw', unit: u.id };
      return;
    }
    case 'reinforcement': {
      const c = new Ctx(board, engine.charts, s);
      const front = frontDistance(p);
      const hexes = entryHexes(c).sort((a, b) => front(a) - front(b) || (a < b ? -1 : 1));
      for (const t of Object.keys(s.arriving)) for (const h of hexes) yield { type: 'enter', unitType: t, hex: h };
      return;
    }
    case 'conversion': {
      const c = new Ctx(board, engine.charts, s);
      const moscow = board.moscow[0]!;
      for (const u of conversionCandidates(c).sort((a, b) => board.distance(a.hex, moscow) - board.distance(b.hex, moscow)))
        yield { type: 'convert', unit: u.id };
      return;
    }
    case 'movement':
      yield* side === 'german' ? germanMoves(engine, s, p, style) : sovietMoves(engine, s, p, style);
      return;
    case 'combat':
      yield* attacks(engine, s, p, side, style);
      return;
  }
}

/**
 * The German heuristic's phase order (5.2): fight first on GT1, when the whole army stands on
 * the front line it set up on (3.6) and the panzers exploit the holes the battles open; on
 * the other turns, when a Moscow hex or a city still lacking (4.1, 4.3) can be attacked from
 * where the units stand at the odds the style attacks at, counting fight/move's 1R. Otherwise
 * move first, so the stacks close up before the battles. The Soviets get no such bonus and
 * always move first.
 */
function fightsFirst(engine: DomEngine, s: DomState, p: Position, style: DomStyle): boolean {
  if (s.turn === 1) return true;
  const board = engine.board;
  const fighting: DomState = { ...s, order: 'fight-move' };
  for (const t of objectives(p, 'german')) {
    if (p.unitsAt(t, 'soviet').length === 0) continue;
    const ids = board
      .neighbours(t)
      .flatMap((h) => p.unitsAt(h, 'german'))
      .filter((u) => !board.isReservoir(u.hex, t))
      .map((u) => u.id);
    if (ids.length === 0) continue;
    try {
      const o = oddsPreview(board, fighting, t, ids, 'PA', 0, engine.charts);
      const win = attackValue(o.chances);
      if (win + OBJECTIVE_BONUS >= style.attack.german) return true;
    } catch {
      // no attack possible there
    }
  }
  return false;
}

/** Distance to the nearest German unit (the front), remembered per hex for the sorts that ask it. */
function frontDistance(p: Position): (hex: HexId) => number {
  const germans = [...p.byHex].filter(([, units]) => units.some((u) => u.side === 'german')).map(([h]) => h);
  const known = new Map<HexId, number>();
  return (hex) => {
    let best = known.get(hex);
    if (best === undefined) {
      best = 99;
      for (const h of germans) best = Math.min(best, p.board.distance(hex, h));
      known.set(hex, best);
    }
    return best;
  };
}

/** The cities a side still needs, nearest first. */
function objectives(p: Position, side: Side): HexId[] {
  const cities = [...p.board.moscow, ...Object.values(p.board.cities)];
  return cities.filter((h) => p.control(h) !== side);
}

function* germanMoves(engine: DomEngine, s: DomState, p: Position, style: DomStyle): Generator<DomAction> {
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

function* sovietMoves(engine: DomEngine, s: DomState, p: Position, style: DomStyle): Generator<DomAction> {
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

function* attacks(engine: DomEngine, s: DomState, p: Position, side: Side, style: DomStyle): Generator<DomAction> {
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
