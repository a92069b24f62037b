/**
 * The turn sequence (5.1): each player declares move/fight or fight/move (5.2); the German
 * Replacement & Withdrawal Phase (9.2, 9.3, 12.2); the Soviet Reinforcement Phase (9.1), Guards
 * Conversion (9.4) and Terminal Supply (8.6); the November Offensive (12.0-12.3); victory (4.0).
 * The phases' own orders are in replacements.ts, reinforcements.ts and victory.ts.
 */
import { RuleError } from '../engine.js';
import { turnAir } from './air.js';
import { turnSpec } from './charts.js';
import type { Ctx } from './context.js';
import { other } from './position.js';
import { withdrawable } from './replacements.js';
import { attackersAfterMoving, possibleSovietAttackers } from './stalin-attacks.js';
import type { DomState, Unit } from './state.js';
import { finalVictory } from './victory.js';

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

export { other };
