/**
 * Battles: prepared assaults in the Combat Phase (11.0-11.31) and German mobile assaults
 * in the Movement Phase (10.14-10.23). A battle is announced with its units and aircraft,
 * the defender may commit aircraft (11.19), then untried units are revealed (2.13), the odds
 * worked out and the die rolled; the result's choices (Bloodbath or AS, Defender Lose 1,
 * advance) wait for the player whose choice it is. Aircraft (air.ts), losses (battle-losses.ts),
 * retreats (battle-retreat.ts), the end of a battle (battle-end.ts) and the choices it waits
 * for (battle-choices.ts) each have their own module.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { airLeft, checkAir, spendAir } from './air.js';
import { advance, advancers, finish } from './battle-end.js';
import {
  bloodbath,
  bloodbathLoss,
  cheapestStep,
  chooseLoss,
  defendersNow,
  eliminateDefenders,
  stepsOf,
  takeLosses,
  wasDefender,
} from './battle-losses.js';
import { chooseRetreat, retreat, retreatPlan } from './battle-retreat.js';
import type { CrtResult } from './charts.js';
import type { Ctx } from './context.js';
import { findPath, movingGroup } from './movement.js';
import { attackFactor, automatic, columnOf, defenseFactor, positionLabel, rawPosition, shiftsFor } from './odds.js';
import { barredFromMarsh, other, STACK_LIMIT } from './position.js';
import type { DomState, Side, Unit } from './state.js';

/** 11.3, 11.27: the defenders a new prepared assault on this hex fights. */
function freshDefenders(s: DomState, c: Ctx, target: HexId, side: Side): Unit[] {
  return c
    .pos()
    .unitsAt(target, side)
    .filter((u) => !s.defended.includes(u.id));
}

/** Announce a prepared assault (11.0-11.5). */
export function announceAttack(c: Ctx, target: HexId, ids: readonly string[], air = 0): void {
  const s = c.s;
  if (s.phase !== 'combat') throw new RuleError('11.0', 'prepared assaults are made in the Combat Phase');
  if (s.battle) throw new RuleError('11.4', 'finish the battle under way first');
  if (s.side === 'german' && s.offensive.declared === s.turn)
    throw new RuleError('12.1', 'no German attacks in the turn the November Offensive is declared');
  const p = c.pos();
  if (!c.board.map.has(target)) throw new RuleError('11.2', `${target} is not on the map`);
  const enemy = other(s.side);
  if (p.unitsAt(target, enemy).length === 0) throw new RuleError('11.2', `no enemy units in ${target}`);
  const defenders = freshDefenders(s, c, target, enemy);
  if (defenders.length === 0) throw new RuleError('11.3', `the units in ${target} have already been attacked this Combat Phase`);
  if (new Set(ids).size !== ids.length) throw new RuleError('11.3', 'a unit is named twice');
  const units = ids.map((id) => {
    const u = s.units[id];
    if (!u || u.side !== s.side) throw new RuleError('11.0', `${id} is not one of your units on the map`);
    if (s.attacked.includes(id)) throw new RuleError('11.3', `${id} has already attacked this Combat Phase`);
    if (c.board.map.grid.directionTo(u.hex, target) === undefined) throw new RuleError('11.0', `${id} is not next to ${target}`);
    if (c.board.isReservoir(u.hex, target)) throw new RuleError('11.15', `${id} would attack across a reservoir hexside`);
    if (c.board.natural(target) === 'marsh' && barredFromMarsh(u))
      throw new RuleError('11.13', `${id} is mechanized and may not attack into marsh`);
    if (s.side === 'german' && s.southOnly.includes(id) && !c.board.isSouthSheet(target))
      throw new RuleError('5.3', `${id} used the Guderian Effect and may not attack on the north sheet`);
    return u;
  });
  checkAir(s, s.side, air);
  const reach = p.supplyDistances(s.side);
  const total = units.reduce((n, u) => n + attackFactor(p, u, target, u.side === 'soviet' || p.supplied(u, reach)), 0);
  // Untried units count 0 until revealed, but every veteran face attacks with at least 1 (2.13):
  // only a force with nothing hidden can be known to have no strength.
  if (total <= 0 && !units.some((u) => u.untried))
    throw new RuleError('8.5', 'the attackers have no attack strength (out of supply German units attack with 0)');
  s.attacked = [...s.attacked, ...ids];
  if (s.stalin && s.side === 'soviet') s.stalin = { ...s.stalin, attackers: [...new Set([...s.stalin.attackers, ...ids])] };
  spendAir(s, s.side, air);
  s.battle = { kind: 'PA', attacker: s.side, target, units: [...ids], air: { attacker: air, defender: 0 }, stage: 'air' };
  c.event('attack', `${ids.join(', ')} attack ${target}${air ? ` with ${air} aircraft` : ''}`, {
    rule: '11.2',
    hexes: [target, ...units.map((u) => u.hex)],
  });
  afterAnnounce(c);
}

/** The defender may commit aircraft before anything is revealed (11.19); else resolve now. */
function afterAnnounce(c: Ctx): void {
  const b = c.s.battle!;
  const defender = other(b.attacker);
  if (airLeft(c.s, defender) > 0 && c.s.air.battles < 2) return; // waits for the defender's choice
  resolve(c);
}

/** Announce a German mobile assault (10.14-10.18). */
export function announceAssault(c: Ctx, ids: readonly string[], target: HexId, from?: HexId): void {
  const s = c.s;
  if (s.side !== 'german' || s.phase !== 'movement')
    throw new RuleError('10.14', 'mobile assaults are German, in the German Movement Phase');
  if (s.battle) throw new RuleError('11.4', 'finish the battle under way first');
  if (s.offensive.declared === s.turn) throw new RuleError('12.1', 'no German attacks in the turn the November Offensive is declared');
  const p = c.pos();
  const g = movingGroup(s, p, ids);
  const units = g.units;
  if (units.some((u) => !u.mech)) throw new RuleError('10.14', 'only mechanized units make mobile assaults');
  if (!units.some((u) => u.armour)) throw new RuleError('10.14', 'a panzer division or panzer KG must lead a mobile assault');
  if (units.some((u) => s.assaulted.includes(u.id)))
    throw new RuleError('10.15', 'a unit makes at most one mobile assault per Movement Phase');
  const start = new Set(units.map((u) => s.startHex[u.id]));
  if (start.size !== 1) throw new RuleError('10.18', 'the units of a mobile assault must have begun the phase stacked together');
  if (!c.board.map.has(target) || p.unitsAt(target, 'soviet').length === 0) throw new RuleError('10.15', `no Soviet units in ${target}`);
  if (c.board.natural(target) === 'marsh') throw new RuleError('10.16', 'no mobile assault into marsh');
  // The launch hex: the one given, or the cheapest next to the target.
  const launches = (from ? [from] : c.board.neighbours(target)).filter((h) => c.board.map.grid.directionTo(h, target) !== undefined);
  let best: { launch: HexId; path: HexId[]; cost: number } | undefined;
  let why: RuleError | undefined;
  for (const launch of launches) {
    if (c.board.isReservoir(launch, target)) {
      why = new RuleError('10.16', 'no mobile assault across a reservoir hexside');
      continue;
    }
    try {
      const f = launch === g.from ? { path: [g.from], cost: 0, north: false } : findPath(p, g, launch);
      const total = f.cost + 1 + 2 + (c.board.isRiver(launch, target) ? 1 : 0); // 10.15: entry cost + 2
      const limit = f.north || !c.board.isSouthSheet(target) ? g.northBudget : g.budget;
      if (total > limit) {
        why = new RuleError('10.15', `the assault from ${launch} costs ${total} MP and the stack has ${Math.max(limit, 0)}`);
        continue;
      }
      if (!best || total < best.cost) best = { launch, path: f.path, cost: total };
    } catch (e) {
      if (e instanceof RuleError) why = e;
      else throw e;
    }
  }
  if (!best) throw why ?? new RuleError('10.15', `no launch hex next to ${target}`);
  // 10.17: in supply in the launch hex when the assault begins.
  const saved = units.map((u) => u.hex);
  for (const u of units) s.units[u.id] = { ...s.units[u.id]!, hex: best.launch };
  c.changed();
  const supplied = units.every((u) => c.pos().supplied(s.units[u.id]!));
  units.forEach((u, i) => {
    s.units[u.id] = { ...s.units[u.id]!, hex: saved[i]! };
  });
  c.changed();
  if (!supplied) throw new RuleError('10.17', `the assault force would be out of supply in ${best.launch}`);
  // 5.3: an assault that touches the north sheet ends the Guderian Effect and is held to the TRT factor.
  const north = !c.board.isSouthSheet(target) || best.path.some((h) => !c.board.isSouthSheet(h));
  const budget = north ? g.northBudget : Math.min(...units.map((u) => s.mp[u.id] ?? g.budget));
  if (north) s.guderian = s.guderian.filter((id) => !ids.includes(id));
  else if (units.some((u) => s.guderian.includes(u.id)) && best.cost > g.northBudget) s.southOnly = [...new Set([...s.southOnly, ...ids])];
  for (const h of best.path.slice(1)) c.enter(h, 'german');
  for (const u of units) s.units[u.id] = { ...s.units[u.id]!, hex: best.launch };
  c.changed();
  s.assaulted = [...s.assaulted, ...ids];
  s.active = [...ids];
  s.battle = {
    kind: 'MA',
    attacker: 'german',
    target,
    units: [...ids],
    launch: best.launch,
    path: best.path,
    mpAfter: budget - best.cost,
    air: { attacker: 0, defender: 0 },
    stage: 'air',
  };
  c.event('assault', `${ids.join(', ')} mobile assault ${target} from ${best.launch} (${best.cost} MP)`, {
    rule: '10.15',
    hexes: [target, best.launch],
  });
  afterAnnounce(c);
}

/** Defender's aircraft answer (11.19): commit n or none. */
export function defenderAir(c: Ctx, n: number): void {
  const b = c.s.battle;
  if (b?.stage !== 'air') throw new RuleError('11.19', 'no battle waits for aircraft');
  const defender = other(b.attacker);
  checkAir(c.s, defender, n);
  spendAir(c.s, defender, n);
  c.s.battle = { ...b, air: { ...b.air, defender: n } };
  if (n > 0) c.event('air', `${n} ${defender} aircraft support the defence of ${b.target}`, { rule: '11.19' });
  resolve(c);
}

/** 2.13: a unit's first battle draws its veteran face from those of its type still hidden. */
export function reveal(c: Ctx, u: Unit): void {
  if (!u.untried) return;
  const spec = c.charts.soviet.types[u.type as keyof typeof c.charts.soviet.types];
  const left = c.s.faces[u.type]!;
  const total = left.reduce((a, b) => a + b, 0);
  const n = c.die(total) - 1;
  let i = 0;
  for (let k = n; k >= left[i]!; i++) k -= left[i]!;
  const face = spec.faces[i]![0];
  c.s.faces = { ...c.s.faces, [u.type]: left.map((v, j) => (j === i ? v - 1 : v)) };
  const { untried: _, ...rest } = u;
  c.s.units[u.id] = { ...rest, full: face };
  c.changed();
  c.event('revealed', `${u.id} revealed: ${face[0]}-${face[1]}`, {
    rule: '2.13',
    hexes: [u.hex],
    dice: [{ purpose: `${u.id} veteran face`, roll: n + 1, result: `${face[0]}-${face[1]}` }],
  });
}

/** Reveal, compute odds, roll and apply (11.6-11.22). */
function resolve(c: Ctx): void {
  const s = c.s;
  const b = s.battle!;
  const defSide = other(b.attacker);
  const defenders = b.kind === 'PA' ? freshDefenders(s, c, b.target, defSide) : c.pos().unitsAt(b.target, defSide);
  for (const u of [...b.units.map((id) => s.units[id]!), ...defenders]) reveal(c, s.units[u.id]!);
  const p = c.pos();
  const attackers = b.units.map((id) => s.units[id]!);
  const reach = p.supplyDistances(b.attacker);
  const attack = attackers.reduce((n, u) => n + attackFactor(p, u, b.target, u.side === 'soviet' || p.supplied(u, reach)), 0);
  const defs = defenders.map((u) => s.units[u.id]!);
  const defense = defs.reduce((n, u) => n + defenseFactor(u), 0);
  const raw = rawPosition(attack, defense);
  const shifts = shiftsFor(s, p, {
    kind: b.kind,
    attacker: b.attacker,
    target: b.target,
    attackers,
    launch: b.launch,
    defenders: defs,
    air: b.air,
  });
  const final = raw + shifts.reduce((n, x) => n + x.by, 0);
  const shiftText = shifts.map((x) => `${x.by > 0 ? `${x.by}R` : `${-x.by}L`} ${x.why} (${x.rule})`).join('; ');
  let result = automatic(final);
  let roll: number | undefined;
  if (!result) {
    roll = c.die();
    result = c.charts.crt.rows[roll - 1]![final] as CrtResult;
  }
  const odds = `${attack}:${defense} = ${positionLabel(raw)}${shifts.length ? ` → ${positionLabel(final)}` : ''}`;
  c.event(
    'battle',
    `${b.kind} on ${b.target}: ${odds}${shiftText ? ` (${shiftText})` : ''}: ${result}${roll === undefined ? ' (no roll, 11.9)' : ''}`,
    {
      rule: '11.21',
      hexes: [b.target],
      ...(roll !== undefined ? { dice: [{ purpose: `${b.kind} on ${b.target} at ${columnOf(final)}`, roll, result }] } : {}),
    },
  );
  s.defended = [...new Set([...s.defended, ...defs.map((u) => u.id)])];
  s.battle = { ...b, result, odds: positionLabel(final), defenders: defs.map((u) => u.id) };
  answerResult(c, result, defs);
}

/**
 * 11.17, 11.28: what the rolled result comes to: changed by a city, a choice the battle waits
 * for (Bloodbath or AS, Defender Lose 1), or carried out at once.
 */
function answerResult(c: Ctx, rolled: CrtResult, defs: readonly Unit[]): void {
  const s = c.s;
  const b = s.battle!;
  let result = rolled;
  const city = c.board.isCity(b.target);
  // 11.17, 11.28: Soviet attacks into cities turn AS and DR into AL1.
  if (b.attacker === 'soviet' && city && (result === 'AS' || result === 'DR')) {
    c.event('converted', `${result} becomes AL1: Soviet attack into a city`, { rule: '11.28' });
    result = 'AL1';
    s.battle = { ...b, result };
  }
  if (result === 'DR' && b.attacker === 'german' && city) {
    // 11.28: AS or Bloodbath, German choice; AS is forced when Bloodbath would leave no German step.
    if (bloodbathLoss(c) >= stepsOf(c, b.units)) {
      // Counted before any KG appears (digest ambiguity 5: a KG is not a surviving step of the force).
      c.event('converted', 'DR becomes AS: a Bloodbath would leave no German step', { rule: '11.28' });
      applyResult(c, 'AS');
      return;
    }
    s.battle = { ...s.battle!, stage: 'bloodbath' };
    return;
  }
  if (
    result === 'DR' &&
    b.attacker === 'soviet' &&
    !city &&
    stepsOf(
      c,
      defs.map((u) => u.id),
    ) > 1
  ) {
    s.battle = { ...s.battle!, stage: 'german-dr' }; // 11.28 Defender Lose 1, German choice
    return;
  }
  applyResult(c, result);
}

/** The player's answer to a pending battle choice. */
export function chooseInBattle(c: Ctx, option: string): void {
  const b = c.s.battle!;
  if (b.stage === 'air') {
    const n = option === 'none' ? 0 : Number(option);
    if (!Number.isInteger(n) || n < 0) throw new RuleError('11.19', 'answer with the number of aircraft (or none)');
    defenderAir(c, n);
    return;
  }
  if (b.stage === 'bloodbath') {
    if (option !== 'AS' && option !== 'bloodbath') throw new RuleError('11.28', 'choose AS or bloodbath');
    if (option === 'AS') applyResult(c, 'AS');
    else bloodbath(c);
    return;
  }
  if (b.stage === 'retreat') {
    chooseRetreat(c, option);
    return;
  }
  if (b.stage === 'losses') {
    chooseLoss(c, option);
    return;
  }
  if (b.stage === 'german-dr') {
    // 11.28 "lose one step": the owner says which unit ("lose1:<unit>"); plain lose1 leaves it to the bot.
    const [answer, unit] = option.split(':') as [string, string | undefined];
    if (answer !== 'retreat' && answer !== 'lose1') throw new RuleError('11.28', 'choose retreat or lose1');
    if (answer === 'retreat') applyResult(c, 'DR');
    else {
      const defs = defendersNow(c);
      if (unit !== undefined && !defs.some((u) => u.id === unit))
        throw new RuleError('11.28', `${unit} is not in ${b.target}: the step is lost by one of ${defs.map((u) => u.id).join(', ')}`);
      c.loseStep(unit ?? cheapestStep(defs), 'Defender Lose 1');
      c.event('converted', 'DR becomes Defender Lose 1: the Germans hold', { rule: '11.28' });
      finish(c, false);
    }
    return;
  }
  if (b.stage === 'advance') {
    // 'all' sends as many as may stack there (11.31, 6.0).
    advance(c, option === 'none' ? [] : option === 'all' ? advancers(c).slice(0, STACK_LIMIT) : option.split(',').map((x) => x.trim()));
    return;
  }
}

function applyResult(c: Ctx, result: CrtResult): void {
  const b = c.s.battle!;
  const p = c.pos();
  if (result !== 'AS' && result !== 'AL1' && b.kind === 'PA') {
    // 11.27: units that retreated into the hex this phase are eliminated and count for nothing.
    const retreatedIn = p.unitsAt(b.target, other(b.attacker)).filter((u) => c.s.defended.includes(u.id) && !wasDefender(c, u.id));
    for (const u of retreatedIn) c.eliminate(u.id, 'retreated into a hex that lost its battle (11.27)');
  }
  switch (result) {
    case 'AS':
      finish(c, false);
      return;
    case 'AL1':
      // 11.24: "the attacker is always completely free to absorb his step loss from among any of his involved units".
      takeLosses(c, 1, 'AL1', false);
      return;
    case 'DE':
      eliminateDefenders(c);
      finish(c, defendersNow(c).length === 0);
      return;
    case 'DR': {
      // 11.25: "If more than one route fulfills that requirement, it's his choice."
      const ties = c.s.choices === 'player' ? retreatPlan(c).ties : [];
      if (ties.length > 1) {
        c.s.battle = { ...c.s.battle!, stage: 'retreat', retreatTo: ties };
        return;
      }
      const moved = retreat(c);
      if (!moved) {
        c.event('converted', 'no legal retreat: DE instead', { rule: '11.26' });
        eliminateDefenders(c);
      }
      finish(c, defendersNow(c).length === 0);
      return;
    }
  }
}
