/**
 * The turn sequence (5.1): each player declares move/fight or fight/move (5.2); the German
 * Replacement & Withdrawal Phase (9.2, 9.3, 12.2); the Soviet Reinforcement Phase (9.1), Guards
 * Conversion (9.4) and Terminal Supply (8.6); the November Offensive (12.0-12.3); victory (4.0).
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { turnAir } from './battles.js';
import { type SovietType, turnSpec } from './charts.js';
import type { Ctx } from './context.js';
import { movingGroup, reach } from './movement.js';
import { barredFromMarsh, other, Position, STACK_LIMIT } from './position.js';
import type { DomState, Unit } from './state.js';

const GUARDS_FROM: Record<string, string> = { GRD: 'RD', GCD: 'CD', GTB: 'TB' }; // 9.4 (digest ambiguity 10)

/** The phase after the declared order's first or second (5.2). */
function phaseOfStep(s: DomState): 'movement' | 'combat' {
  const first = s.order === 'fight-move' ? 'combat' : 'movement';
  return s.step === 0 ? first : first === 'combat' ? 'movement' : 'combat';
}

function clearPhase(s: DomState): void {
  s.mp = {};
  s.active = [];
  s.done = [];
  s.assaulted = [];
  s.attacked = [];
  s.defended = [];
  s.startHex = {};
  for (const u of Object.values(s.units)) if (u.side === s.side) s.startHex[u.id] = u.hex; // 10.4, 10.18
}

/** 5.2 (and 12.0 for the German at the start of GT4-7): the phase order of this player turn. */
export function declareOrder(c: Ctx, order: 'move-fight' | 'fight-move', offensive?: boolean): void {
  const s = c.s;
  if (s.phase !== 'order') throw new RuleError('5.2', 'the phase order is declared at the start of the player turn');
  if (offensive) {
    if (s.side !== 'german') throw new RuleError('12.0', 'only the German player declares a November Offensive');
    if (s.turn < 4 || s.turn > 7) throw new RuleError('12.0', 'the November Offensive is declared at the start of GT4, 5, 6 or 7');
    if (s.offensive.declared !== undefined) throw new RuleError('12.0', 'only one November Offensive per game');
    s.offensive = { declared: s.turn, forfeited: false };
    c.event('offensive', `November Offensive declared on GT${s.turn}: no German attacks this turn, executed on GT${s.turn + 1}`, {
      rule: '12.1',
    });
  } else if (s.side === 'german' && s.turn === 7 && s.offensive.declared === undefined && !s.offensive.forfeited) {
    // 12.3 (digest ambiguity 8): not declared by the start of GT7, so forfeited from GT7 on.
    s.offensive = { forfeited: true };
    c.event('offensive', 'No November Offensive by GT7: German attacks 1L and Soviet attacks 1R for the rest of the game', {
      rule: '12.3',
    });
  }
  if (s.side === 'soviet' && s.stalin && order === 'fight-move') {
    // 12.1: "if one sequence allows him to meet Stalin's minimum-attack-size demand and the other
    // doesn't, the Soviet player must choose the sequence that best allows him to comply".
    const now = possibleSovietAttackers(c);
    if (now < s.stalin.minimum) {
      const moving = attackersAfterMoving(c);
      if (moving > now)
        throw new RuleError(
          '12.1',
          `Stalin demands ${s.stalin.minimum} attacking units: ${now} can attack before moving and ${moving} after moving, so the turn is move, then fight`,
        );
    }
  }
  s.order = order;
  c.event(
    'order',
    `${s.side === 'german' ? 'German' : 'Soviet'} player turn: ${order === 'move-fight' ? 'move, then fight' : 'fight, then move'}`,
    { rule: '5.2' },
  );
  if (s.side === 'german') {
    s.phase = 'replacement';
    const w = c.charts.withdrawals;
    s.withdrawals = { infantry: w.infantry[String(s.turn)] ?? 0, cavalry: w.cavalry[String(s.turn)] ?? 0 };
    const exec = s.offensive.declared !== undefined && s.offensive.declared === s.turn - 1;
    s.replacements = exec ? { mech: c.charts.replacements.mech, nonmech: c.charts.replacements.nonmech } : { mech: 0, nonmech: 0 };
    if (s.withdrawals.infantry + s.withdrawals.cavalry + s.replacements.mech + s.replacements.nonmech === 0) endPhase(c);
  } else {
    startReinforcements(c);
  }
}

// ---- 9.3 withdrawals and 12.2 replacements ----

function withdrawable(c: Ctx, kind: 'infantry' | 'cavalry'): Unit[] {
  const p = c.pos();
  const reach = p.supplyDistances('german');
  const germans = Object.values(c.s.units).filter((u) => u.side === 'german' && p.supplied(u, reach)); // 9.3: in supply
  if (kind === 'infantry') {
    const big = germans.filter((u) => u.type === 'infantry' && u.full?.[0] === 4);
    return big.length > 0 ? big : germans.filter((u) => u.type === 'infantry');
  }
  const cav = germans.filter((u) => u.type === 'cavalry');
  return cav.length > 0 ? cav : germans.filter((u) => u.mech && u.size === 'XX'); // a KG may not substitute
}

export function withdraw(c: Ctx, id: string): void {
  const s = c.s;
  if (s.phase !== 'replacement' || s.side !== 'german')
    throw new RuleError('9.3', 'withdrawals are made in the German Replacement & Withdrawal Phase');
  const kind = s.withdrawals.cavalry > 0 && withdrawable(c, 'cavalry').some((u) => u.id === id) ? 'cavalry' : 'infantry';
  if (s.withdrawals[kind] <= 0) throw new RuleError('9.3', 'no withdrawal of that kind is due this turn');
  const ok = withdrawable(c, kind);
  if (!ok.some((u) => u.id === id))
    throw new RuleError(
      '9.3',
      `${id} may not be withdrawn now: due is ${kind === 'cavalry' ? 'the cavalry division (or another mech division)' : 'a 4-8 infantry division (a 3-7 one only when no 4-8 is left)'} in supply (${ok
        .slice(0, 4)
        .map((u) => u.id)
        .join(', ')}${ok.length > 4 ? '...' : ''})`,
    );
  const u = s.units[id]!;
  delete s.units[id];
  s.withdrawn = [...s.withdrawn, id];
  s.withdrawals = { ...s.withdrawals, [kind]: s.withdrawals[kind] - 1 };
  c.changed();
  c.event('withdrawn', `${id} withdrawn from the map`, { rule: '9.3', hexes: [u.hex] });
}

export function replace(c: Ctx, id: string): void {
  const s = c.s;
  if (s.phase !== 'replacement' || s.side !== 'german')
    throw new RuleError('12.2', 'replacements come in the German Replacement Phase of the execution turn');
  const u = s.units[id];
  if (u?.side !== 'german') throw new RuleError('12.2', `no German unit ${id}`);
  if (u.noReplacement || u.size !== 'XX' || u.type === 'cavalry')
    throw new RuleError('12.2', `${id} may not receive replacements (KG, L, GD and the cavalry are excluded)`);
  if (u.steps !== 1 || u.maxSteps !== 2) throw new RuleError('12.2', `${id} is not reduced`);
  const kind = u.mech ? 'mech' : 'nonmech';
  if (s.replacements[kind] <= 0)
    throw new RuleError('12.2', `no ${kind === 'mech' ? 'mechanized' : 'non-mechanized'} replacement steps left`);
  if (!c.pos().supplied(u)) throw new RuleError('12.2', `${id} is out of supply`);
  s.units[id] = { ...u, steps: 2 };
  s.replacements = { ...s.replacements, [kind]: s.replacements[kind] - 1 };
  c.changed();
  c.event('replaced', `${id} restored to full strength`, { rule: '12.2', hexes: [u.hex] });
}

// ---- 9.1 reinforcements ----

function startReinforcements(c: Ctx): void {
  const s = c.s;
  const p = c.pos();
  const reach = p.supplyDistances('soviet');
  // 9.1: towns and cities in map-edge supply at the very start of the Soviet player turn.
  s.entryTowns = c.board.map.ids.filter(
    (h) => c.board.isTownOrCity(h) && p.control(h) === 'soviet' && !s.everGerman.includes(h) && p.tracesTo('soviet', h, reach),
  );
  const due = turnSpec(c.charts, s.turn).reinforcements;
  const arriving: Record<string, number> = {};
  for (const [t, n] of Object.entries(due)) {
    const k = Math.min(n ?? 0, s.piles[t] ?? 0);
    if (k > 0) arriving[t] = k;
  }
  s.arriving = arriving;
  s.phase = 'reinforcement';
  if (Object.keys(arriving).length === 0) endPhase(c);
}

export function entryHexes(c: Ctx): HexId[] {
  const s = c.s;
  const p = c.pos();
  const gAdj = (h: HexId) => c.board.neighbours(h).some((n) => p.unitsAt(n, 'german').length > 0);
  const out = [
    ...c.board.sources.filter((h) => p.control(h) === 'soviet' && p.unitsAt(h, 'german').length === 0),
    ...s.entryTowns.filter((h) => p.control(h) === 'soviet' && !gAdj(h) && !s.everGerman.includes(h)),
  ];
  return [...new Set(out)].filter((h) => p.unitsAt(h, 'soviet').length < STACK_LIMIT);
}

export function enter(c: Ctx, type: string, hex: HexId): void {
  const s = c.s;
  if (s.phase !== 'reinforcement') throw new RuleError('9.1', 'reinforcements enter in the Soviet Reinforcement Phase');
  const wanted = type.toUpperCase();
  if (!(s.arriving[wanted] ?? 0))
    throw new RuleError(
      '9.1',
      `no ${wanted} arrives this turn (${
        Object.entries(s.arriving)
          .map(([t, n]) => `${n} ${t}`)
          .join(', ') || 'none left'
      })`,
    );
  if (!entryHexes(c).includes(hex))
    throw new RuleError(
      '9.1',
      `${hex} is not an entry hex: a Soviet-held supply source, or a never German-held town or city in supply at the start of the turn with no German unit next to it, with room to stack`,
    );
  const spec = c.charts.soviet.types[wanted as SovietType]!;
  const n =
    Object.keys(s.units).filter((id) => s.units[id]!.type === wanted).length +
    s.dead.filter((id) => id.startsWith(`${wanted} `)).length +
    1;
  let id = `${wanted} ${String(n).padStart(3, '0')}`;
  while (s.units[id] || s.dead.includes(id)) id = `${id}'`;
  s.units[id] = {
    id,
    side: 'soviet',
    type: wanted,
    mech: spec.class === 'mech',
    cavalry: spec.kind === 'cavalry',
    armour: spec.kind === 'tank',
    size: spec.size,
    hex,
    steps: 1,
    maxSteps: 1,
    untried: true,
  };
  s.piles = { ...s.piles, [wanted]: s.piles[wanted]! - 1 };
  s.arriving = { ...s.arriving, [wanted]: s.arriving[wanted]! - 1 };
  if (s.arriving[wanted] === 0) delete s.arriving[wanted];
  c.changed();
  c.event('entered', `${id} enters at ${hex} (untried)`, { rule: '9.1', hexes: [hex] });
}

// ---- 9.4 Guards ----

function startConversion(c: Ctx): void {
  const s = c.s;
  s.phase = 'conversion';
  if (s.turn > 8 || s.cup.length === 0) return endPhase(c);
  const k = c.die(s.cup.length) - 1;
  const drawn = s.cup[k]!;
  s.cup = s.cup.filter((_, i) => i !== k);
  s.guardsDrawn = drawn;
  c.event('guards-drawn', `${drawn} drawn from the Guards cup`, {
    rule: '9.4',
    dice: [{ purpose: 'Guards cup', roll: k + 1, result: drawn }],
  });
  if (conversionCandidates(c).length === 0) {
    c.event('guards-lost', `no ${GUARDS_FROM[drawn]} in map-edge supply to convert: the ${drawn} is eliminated`, { rule: '9.4' });
    s.guardsDrawn = undefined;
    endPhase(c);
  }
}

export function conversionCandidates(c: Ctx): Unit[] {
  const s = c.s;
  if (!s.guardsDrawn) return [];
  const p = c.pos();
  const reach = p.supplyDistances('soviet');
  return Object.values(s.units).filter(
    (u) => u.side === 'soviet' && !u.guards && u.type === GUARDS_FROM[s.guardsDrawn!] && p.tracesTo('soviet', u.hex, reach),
  );
}

export function convert(c: Ctx, id: string): void {
  const s = c.s;
  if (s.phase !== 'conversion' || !s.guardsDrawn) throw new RuleError('9.4', 'no Guards unit waits for conversion');
  const u = conversionCandidates(c).find((x) => x.id === id);
  if (!u)
    throw new RuleError(
      '9.4',
      `${id} cannot become the ${s.guardsDrawn}: it takes an on-map ${GUARDS_FROM[s.guardsDrawn]} in supply from a map-edge source`,
    );
  const g = c.charts.soviet.guards[s.guardsDrawn as 'GRD'];
  const n = s.dead.concat(Object.keys(s.units)).filter((x) => x.startsWith(`${s.guardsDrawn} `)).length + 1;
  const gid = `${s.guardsDrawn} ${String(n).padStart(3, '0')}`;
  delete s.units[id];
  s.dead = [...s.dead, id]; // 3.5: never returns
  s.units[gid] = {
    id: gid,
    side: 'soviet',
    type: s.guardsDrawn,
    mech: g.class === 'mech',
    cavalry: g.kind === 'cavalry',
    armour: g.kind === 'tank',
    size: g.size,
    hex: u.hex,
    steps: 2,
    maxSteps: 2,
    full: g.full,
    reduced: g.reduced,
    guards: true,
  };
  s.guardsDrawn = undefined;
  c.changed();
  c.event('guards', `${id} becomes ${gid} (${g.full[0]}-${g.full[1]})`, { rule: '9.4', hexes: [u.hex] });
  endPhase(c);
}

// ---- phase ends ----

/** Why the phase may not end yet, or undefined. */
export function endBlocker(c: Ctx): RuleError | undefined {
  const s = c.s;
  if (s.battle) return new RuleError('11.4', 'finish the battle under way first');
  if (s.phase === 'order') return new RuleError('5.2', 'declare the phase order first (move-fight or fight-move)');
  if (s.phase === 'replacement' && s.withdrawals.infantry + s.withdrawals.cavalry > 0) {
    const due = s.withdrawals.cavalry > 0 ? 'cavalry' : 'infantry';
    if (withdrawable(c, due).length > 0) return new RuleError('9.3', `a withdrawal is due (${due}); declining it forfeits the game (4.4)`);
  }
  if (s.phase === 'conversion' && s.guardsDrawn && conversionCandidates(c).length > 0)
    return new RuleError('9.4', `conversions may not be delayed: convert a ${GUARDS_FROM[s.guardsDrawn]} into the ${s.guardsDrawn}`);
  if (
    s.phase === 'combat' &&
    s.stalin &&
    s.side === 'soviet' &&
    s.stalin.attackers.length < s.stalin.minimum &&
    possibleSovietAttackers(c) > 0
  ) {
    return new RuleError(
      '12.1',
      `Stalin demands ${s.stalin.minimum} attacking units; ${s.stalin.attackers.length} have attacked and more can`,
    );
  }
  return undefined;
}

/**
 * 12.1: Soviet units that could take part in an attack if they moved first: those next to a
 * German unit now and those that can reach a hex next to one this turn (each unit on its own).
 */
function attackersAfterMoving(c: Ctx): number {
  const s: DomState = { ...c.s, phase: 'movement' };
  const p = new Position(c.board, c.charts, s);
  const nextToGerman = (h: HexId) => c.board.neighbours(h).some((n) => !c.board.isReservoir(h, n) && p.unitsAt(n, 'german').length > 0);
  let count = 0;
  for (const u of Object.values(s.units)) {
    if (u.side !== 'soviet') continue;
    if (nextToGerman(u.hex)) count++;
    else {
      try {
        if ([...reach(p, movingGroup(s, p, [u.id])).cost.keys()].some(nextToGerman)) count++;
      } catch {
        // a unit that cannot move (no MP) attacks only from where it is
      }
    }
  }
  return count;
}

function possibleSovietAttackers(c: Ctx): number {
  const s = c.s;
  const p = c.pos();
  return Object.values(s.units).filter(
    (u) =>
      u.side === 'soviet' &&
      !s.attacked.includes(u.id) &&
      c.board.neighbours(u.hex).some(
        (n) =>
          !c.board.isReservoir(u.hex, n) &&
          // 11.13: a mechanized unit (not cavalry) cannot attack into marsh, so it cannot meet Stalin's demand there.
          !(c.board.natural(n) === 'marsh' && barredFromMarsh(u)) &&
          p.unitsAt(n, 'german').some((g) => !s.defended.includes(g.id)),
      ),
  ).length;
}

export function endPhase(c: Ctx): void {
  const s = c.s;
  const blocker = endBlocker(c);
  if (blocker) throw blocker;
  if (s.phase === 'replacement') {
    if (s.withdrawals.infantry + s.withdrawals.cavalry > 0)
      return c.win('soviet', 'the German player cannot make a required withdrawal (4.4, 9.3)');
    s.replacements = { mech: 0, nonmech: 0 }; // 12.2: unused steps are lost
    s.step = 0;
    s.phase = phaseOfStep(s);
    clearPhase(s);
    return;
  }
  if (s.phase === 'reinforcement') {
    for (const [t, n] of Object.entries(s.arriving)) {
      if (n > 0) {
        s.piles = { ...s.piles, [t]: s.piles[t]! - n };
        c.event('lost', `${n} ${t} not entered: eliminated`, { rule: '9.1' });
      }
    }
    s.arriving = {};
    s.step = 0;
    s.phase = phaseOfStep(s);
    clearPhase(s);
    return;
  }
  if (s.phase === 'movement' || s.phase === 'combat') {
    if (s.step === 0) {
      s.step = 1;
      s.phase = phaseOfStep(s);
      clearPhase(s);
      return;
    }
    if (s.side === 'german') return startSovietTurn(c);
    return startConversion(c);
  }
  if (s.phase === 'conversion') {
    terminalSupply(c);
    return nextTurn(c);
  }
}

function startSovietTurn(c: Ctx): void {
  const s = c.s;
  s.side = 'soviet';
  s.phase = 'order';
  s.order = undefined;
  s.step = 0;
  clearPhase(s);
  s.southOnly = [];
  s.guderian = [];
  s.stalin = undefined;
  if (s.offensive.declared === s.turn) {
    const d = c.die();
    s.stalin = { minimum: 3 * d, attackers: [] };
    c.event('stalin', `Stalin orders spoiling attacks: at least ${3 * d} Soviet units must attack this turn`, {
      rule: '12.1',
      dice: [{ purpose: 'Stalin', roll: d, result: `${3 * d} units` }],
    });
  }
}

/** 8.6: Soviet units out of supply are eliminated, whatever their steps. */
function terminalSupply(c: Ctx): void {
  const p = c.pos();
  const reach = p.supplyDistances('soviet');
  const out = Object.values(c.s.units).filter((u) => u.side === 'soviet' && !p.supplied(u, reach));
  for (const u of out) c.eliminate(u.id, 'out of supply in the Terminal Supply Phase (8.6)');
}

function nextTurn(c: Ctx): void {
  const s = c.s;
  s.stalin = undefined;
  if (s.turn === 9) return finalVictory(c);
  s.turn += 1;
  s.side = 'german';
  s.phase = 'order';
  s.order = undefined;
  s.step = 0;
  clearPhase(s);
  turnAir(s, c);
  c.event('turn', `Game turn ${s.turn} (${turnSpec(c.charts, s.turn).label})`, { rule: '5.4' });
}

/** 4.3, 4.5: at the end of GT9 the Germans win with all five cities, else the Soviets. */
function finalVictory(c: Ctx): void {
  const p = c.pos();
  const held = Object.entries(c.board.cities).filter(([, h]) => p.control(h) === 'german');
  if (held.length === Object.keys(c.board.cities).length)
    c.win('german', 'the Germans hold Kalinin, Kursk, Orel, Smolensk and Tula at the end of GT9 (4.3)');
  else
    c.win(
      'soviet',
      `the Germans hold ${held.length} of the five cities at the end of GT9 (missing ${Object.keys(c.board.cities)
        .filter((n) => !held.some(([m]) => m === n))
        .join(', ')}) (4.5)`,
    );
}

/** Sudden death (4.1, 4.2, 4.4), checked after every action (digest ambiguity 2). */
export function suddenDeath(c: Ctx): void {
  if (c.s.result) return;
  const p = c.pos();
  if (c.board.moscow.some((h) => p.control(h) === 'german')) return c.win('german', 'a Moscow hex is under German control (4.1)');
  if (c.board.moscow.every((h) => !p.sovietLineFrom(h)))
    return c.win('german', 'both Moscow hexes are cut off from every Soviet map-edge supply source (4.2)');
  for (const h of c.board.westPlaces) {
    if (p.control(h) === 'soviet')
      return c.win('soviet', `the Soviets control ${c.board.placeName(h)} (${h}), west of the initial front line (4.4)`);
  }
}

export { other };
