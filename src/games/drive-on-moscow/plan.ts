/**
 * The German bot's operational plan: which objective each German stack drives for. The game
 * is won by a Moscow hex (4.1) or by holding all five of Kalinin, Kursk, Orel, Smolensk and
 * Tula at the end of GT9 (4.3), so heading each stack for the nearest city it lacks leaves
 * the flank cities (Kalinin in the north, Tula in the east) to whatever happens to pass. The
 * plan instead gives every objective still missing a share of the mechanized and of the foot
 * units' attack strength, filled by the stacks nearest to it (from the start: the northern
 * panzers for Kalinin, the centre for Moscow, the panzers on the south sheet for Tula, Orel
 * and Kursk, more infantry for Kursk), keeps a garrison in the cities already taken (a city
 * lost again on GT9 loses 4.3), and sends a stack back to a taken city that Soviet units come
 * near to with nobody in it (3.7: entering it retakes it).
 *
 * Deterministic and cheap: groups are the units that began the phase together (10.4), so the
 * plan stays the same through the phase however the stacks move.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Board } from './board.js';
import type { Position } from './position.js';
import type { DomState, Unit } from './state.js';

/**
 * The share of the mechanized and of the foot units each objective asks for (normalized over
 * those still missing, and weighed by how many Soviets hold it). Moscow ends the game at once
 * (4.1); Tula and Kalinin are the farthest from the German start and the ones the
 * nearest-city rule never reached, so the panzers matter most there; Kursk is far south and
 * is the infantry's (historically taken by the 2nd Army on 2 November).
 */
export const SHARES: Readonly<Record<string, { mech: number; foot: number }>> = {
  Moscow: { mech: 0.3, foot: 0.3 },
  Kalinin: { mech: 0.2, foot: 0.2 },
  Tula: { mech: 0.25, foot: 0.1 },
  Orel: { mech: 0.12, foot: 0.15 },
  Kursk: { mech: 0.13, foot: 0.25 },
  Smolensk: { mech: 0.05, foot: 0.1 },
};

/** How much farther than its nearest objective a foot group may be sent. */
const DETOUR = 6;
/** How near Soviet units must be to a taken city with nobody in it before a stack is sent back. */
const THREAT = 4;
/** How far a stack may be sent back to cover a taken city. */
const COVER = 8;

export interface PlanGroup {
  /** The hex the group began the phase in (10.4). */
  hex: HexId;
  mech: boolean;
  units: Unit[];
}

export interface GermanPlan {
  /** The objective hex each unit drives for (its own hex for a garrison). */
  goal: Map<string, HexId>;
  /** Units told to stay where they are: a taken city's garrison. */
  garrison: Set<string>;
}

/** The objectives the Germans still lack (4.1, 4.3), named: Moscow's nearer hex is used per group. */
export function missingObjectives(board: Board, p: Position): { name: string; hexes: HexId[] }[] {
  const out: { name: string; hexes: HexId[] }[] = [];
  if (!board.moscow.some((h) => p.control(h) === 'german')) out.push({ name: 'Moscow', hexes: [...board.moscow] });
  for (const [name, h] of Object.entries(board.cities)) if (p.control(h) !== 'german') out.push({ name, hexes: [h] });
  return out;
}

/** The German units grouped as they began the phase, mechanized and foot apart (the bot moves them so). */
export function planGroups(s: DomState): PlanGroup[] {
  const groups = new Map<string, PlanGroup>();
  for (const u of Object.values(s.units)) {
    if (u.side !== 'german') continue;
    const hex = s.startHex[u.id] ?? u.hex;
    const key = `${hex}|${u.mech}`;
    const g = groups.get(key);
    if (g) g.units.push(u);
    else groups.set(key, { hex, mech: u.mech, units: [u] });
  }
  return [...groups.values()].sort((a, b) => (a.hex < b.hex ? -1 : a.hex > b.hex ? 1 : Number(a.mech) - Number(b.mech)));
}

export function germanPlan(board: Board, p: Position, s: DomState): GermanPlan {
  const goal = new Map<string, HexId>();
  const garrison = new Set<string>();
  const groups = planGroups(s);
  const taken = Object.values(board.cities).filter((h) => p.control(h) === 'german');
  const sovietHexes = [...p.byHex].filter(([, us]) => us.some((u) => u.side === 'soviet')).map(([h]) => h);
  const free: PlanGroup[] = [];
  for (const g of groups) {
    if (!taken.includes(g.hex)) {
      free.push(g);
      continue;
    }
    // 4.3: a taken city keeps a garrison: the foot units, or one mechanized unit (the weakest) if none.
    const foot = groups.some((x) => x.hex === g.hex && !x.mech);
    const keep = !g.mech ? g.units : foot ? [] : [weakest(g.units)];
    for (const u of keep) {
      goal.set(u.id, g.hex);
      garrison.add(u.id);
    }
    const rest = g.units.filter((u) => !garrison.has(u.id));
    if (rest.length) free.push({ ...g, units: rest });
  }
  // A taken city with nobody in it and Soviet units near: the nearest free stack covers it.
  for (const city of taken) {
    if (groups.some((g) => g.hex === city)) continue;
    if (!sovietHexes.some((h) => board.distance(h, city) <= THREAT)) continue;
    const cover = free
      .filter((g) => board.distance(g.hex, city) <= COVER)
      .sort((a, b) => board.distance(a.hex, city) - board.distance(b.hex, city) || Number(a.mech) - Number(b.mech))[0];
    if (!cover) continue;
    for (const u of cover.units) goal.set(u.id, city);
    free.splice(free.indexOf(cover), 1);
  }
  const objectives = missingObjectives(board, p);
  if (objectives.length === 0) return { goal, garrison };
  // A well-held objective asks for more: each Soviet unit within two hexes adds a fifth to its share.
  const held = (o: { hexes: HexId[] }) =>
    sovietHexes.reduce((n, h) => n + (o.hexes.some((x) => board.distance(h, x) <= 2) ? p.unitsAt(h, 'soviet').length : 0), 0);
  const weights = new Map(objectives.map((o) => [o.name, 1 + 0.2 * held(o)]));
  assign(
    board,
    objectives,
    weights,
    free.filter((g) => g.mech),
    'mech',
    goal,
  );
  assign(
    board,
    objectives,
    weights,
    free.filter((g) => !g.mech),
    'foot',
    goal,
  );
  return { goal, garrison };
}

/**
 * Each objective's share of the attack strength: the objective furthest below its share takes
 * the nearest group not yet given one, until every group has one, so each objective gets
 * groups in proportion whatever its distance. Foot units march too slowly to cross the
 * front: they are given only objectives at most DETOUR hexes farther than their nearest.
 */
function assign(
  board: Board,
  objectives: { name: string; hexes: HexId[] }[],
  weights: Map<string, number>,
  groups: PlanGroup[],
  kind: 'mech' | 'foot',
  goal: Map<string, HexId>,
) {
  const strength = groups.map((g) => g.units.reduce((n, u) => n + attackOf(u), 0));
  const want = objectives.map((o) => (SHARES[o.name]?.[kind] ?? 0.1) * (weights.get(o.name) ?? 1));
  const got = objectives.map(() => 0);
  const near = groups.map((g) => objectives.map((o) => nearestOf(board, g.hex, o.hexes)));
  const dist = groups.map((g, gi) => near[gi]!.map((h) => board.distance(g.hex, h)));
  const closest = dist.map((ds) => Math.min(...ds));
  const open = objectives.map(() => true);
  const left = new Set(groups.map((_, gi) => gi));
  while (left.size > 0) {
    let oi = -1;
    for (let i = 0; i < objectives.length; i++) if (open[i] && (oi < 0 || got[i]! / want[i]! < got[oi]! / want[oi]!)) oi = i;
    if (oi < 0) break;
    let best = -1;
    for (const gi of left) {
      if (kind === 'foot' && dist[gi]![oi]! > closest[gi]! + DETOUR) continue;
      if (best < 0 || dist[gi]![oi]! < dist[best]![oi]!) best = gi;
    }
    if (best < 0) {
      open[oi] = false;
      continue;
    }
    left.delete(best);
    got[oi] = got[oi]! + strength[best]!;
    for (const u of groups[best]!.units) goal.set(u.id, near[best]![oi]!);
  }
}

function nearestOf(board: Board, from: HexId, hexes: readonly HexId[]): HexId {
  let best = hexes[0]!;
  for (const h of hexes)
    if (board.distance(from, h) < board.distance(from, best) || (board.distance(from, h) === board.distance(from, best) && h < best))
      best = h;
  return best;
}

const attackOf = (u: Unit) => (u.steps === 2 ? u.full?.[0] : u.reduced?.[0]) ?? 1;

function weakest(units: Unit[]): Unit {
  return [...units].sort((a, b) => Number(a.armour) - Number(b.armour) || attackOf(a) - attackOf(b) || (a.id < b.id ? -1 : 1))[0]!;
}
