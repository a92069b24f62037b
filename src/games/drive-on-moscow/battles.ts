/**
 * Battles: prepared assaults in the Combat Phase (11.0-11.31) and German mobile assaults
 * in the Movement Phase (10.14-10.23). A battle is announced with its units and aircraft,
 * the defender may commit aircraft (11.19), then untried units are revealed (2.13), the odds
 * worked out and the die rolled; the result's choices (Bloodbath or AS, Defender Lose 1,
 * advance) wait for the player whose choice it is.
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import { type CrtResult, turnSpec } from './charts.js';
import type { Ctx } from './context.js';
import { findPath, movingGroup } from './movement.js';
import { attackFactor, automatic, columnOf, defenseFactor, positionLabel, rawPosition, shiftsFor } from './odds.js';
import { barredFromMarsh, factorsOf, other, STACK_LIMIT } from './position.js';
import type { DomState, Side, Unit } from './state.js';

const DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;

/** Aircraft the side has left this game turn (11.19; 12.2 adds one in the execution turn). */
export function airLeft(s: DomState, side: Side): number {
  return side === 'german' ? s.air.german : s.air.soviet;
}

function checkAir(s: DomState, side: Side, n: number): void {
  if (n === 0) return;
  if (n > airLeft(s, side)) throw new RuleError('11.19', `only ${airLeft(s, side)} aircraft left this turn`);
  if (s.air.battles >= 2) throw new RuleError('11.19', 'aircraft support at most two battles a turn');
}

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

function spendAir(s: DomState, side: Side, n: number): void {
  if (n === 0) return;
  s.air = {
    ...s.air,
    battles: s.air.battles + 1,
    german: side === 'german' ? s.air.german - n : s.air.german,
    soviet: side === 'soviet' ? s.air.soviet - n : s.air.soviet,
  };
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
  const city = c.board.isCity(b.target);
  // 11.17, 11.28: Soviet attacks into cities turn AS and DR into AL1.
  if (b.attacker === 'soviet' && city && (result === 'AS' || result === 'DR')) {
    c.event('converted', `${result} becomes AL1: Soviet attack into a city`, { rule: '11.28' });
    result = 'AL1';
    s.battle = { ...s.battle, result };
  }
  if (result === 'DR' && b.attacker === 'german' && city) {
    // 11.28: AS or Bloodbath, German choice; AS is forced when Bloodbath would leave no German step.
    if (bloodbathLoss(c) >= stepsOf(c, b.units)) {
      // Counted before any KG appears (digest ambiguity 5: a KG is not a surviving step of the force).
      c.event('converted', 'DR becomes AS: a Bloodbath would leave no German step', { rule: '11.28' });
      applyResult(c, 'AS');
      return;
    }
    s.battle = { ...s.battle, stage: 'bloodbath' };
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
    s.battle = { ...s.battle, stage: 'german-dr' }; // 11.28 Defender Lose 1, German choice
    return;
  }
  applyResult(c, result);
}

function stepsOf(c: Ctx, ids: readonly string[]): number {
  return ids.reduce((n, id) => n + (c.s.units[id]?.steps ?? 0), 0);
}

/** Steps the Soviets would lose to a DE now (11.29): all of one-step units, one of each two-step. */
function bloodbathLoss(c: Ctx): number {
  return c
    .pos()
    .unitsAt(c.s.battle!.target, 'soviet')
    .filter((u) => wasDefender(c, u.id)).length;
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

function defendersNow(c: Ctx): Unit[] {
  const b = c.s.battle!;
  return c.pos().unitsAt(b.target, other(b.attacker));
}

/**
 * The step to lose when the bot allocates a loss (AL1, Bloodbath, Defender Lose 1): the one
 * that costs the least attack strength, a full two-step unit before a one-step one.
 */
export function cheapestStep(units: readonly Unit[]): string {
  const cost = (u: Unit) => {
    const f = factorsOf(u) ?? [0, 0];
    if (u.steps === 2) return (f[0] - (u.reduced?.[0] ?? 0)) * 10;
    return f[0] * 10 + f[1] + 1000;
  };
  return [...units].sort((a, b) => cost(a) - cost(b) || (a.id < b.id ? -1 : 1))[0]!.id;
}

function bloodbath(c: Ctx): void {
  const b = c.s.battle!;
  const lost = bloodbathLoss(c);
  eliminateDefenders(c);
  c.event('bloodbath', `Bloodbath in ${b.target}: the Soviets lose ${lost} steps and so do the Germans`, {
    rule: '11.28',
    hexes: [b.target],
  });
  // 11.28: "the German player must eliminate from among his involved units" as many steps: his choice.
  takeLosses(c, lost, 'Bloodbath', defendersNow(c).length === 0);
}

/** The attacking force's units still on the map. */
function attackersLeft(c: Ctx): Unit[] {
  return c.s.battle!.units.map((id) => c.s.units[id]).filter((u): u is Unit => !!u);
}

/**
 * Steps the attacker loses (AL1, Bloodbath): taken at once when only one unit can lose them,
 * else the battle waits for the attacker to name the units (the `losses` stage).
 */
function takeLosses(c: Ctx, steps: number, cause: 'AL1' | 'Bloodbath', cleared: boolean): void {
  if (c.s.choices === 'player' && steps > 0 && attackersLeft(c).length > 1) {
    c.s.battle = { ...c.s.battle!, stage: 'losses', losses: { left: steps, cause, cleared } };
    return;
  }
  loseCheapest(c, steps, cause);
  finish(c, cleared);
}

/** The bot's allocation: the cheapest step each time (see cheapestStep). */
function loseCheapest(c: Ctx, steps: number, cause: 'AL1' | 'Bloodbath'): void {
  for (let i = 0; i < steps; i++) {
    const left = attackersLeft(c);
    if (left.length === 0) break;
    c.loseStep(cheapestStep(left), cause);
  }
}

/** A step the attacker names ("lose:<unit>"), or the bot's choice for all that are left ("lose"). */
function chooseLoss(c: Ctx, option: string): void {
  const b = c.s.battle!;
  const { left, cause, cleared } = b.losses!;
  const rule = cause === 'AL1' ? '11.24' : '11.28';
  const [answer, unit] = option.split(':') as [string, string | undefined];
  if (answer !== 'lose') throw new RuleError(rule, `name the unit that loses a step (lose:<unit>), or lose to let the bot choose`);
  if (unit === undefined) {
    loseCheapest(c, left, cause);
  } else {
    const force = attackersLeft(c);
    if (!force.some((u) => u.id === unit))
      throw new RuleError(rule, `${unit} is not in the attacking force: a step is lost by one of ${force.map((u) => u.id).join(', ')}`);
    c.loseStep(unit, cause);
    if (left > 1 && attackersLeft(c).length > 0) {
      c.s.battle = { ...c.s.battle!, losses: { left: left - 1, cause, cleared } };
      return;
    }
  }
  c.s.battle = { ...c.s.battle!, losses: undefined };
  finish(c, cleared);
}

/** 11.29 DE: one-step units die, two-step ones lose a step; 11.27: PA retreated-in units die. */
function eliminateDefenders(c: Ctx): void {
  for (const u of defendersNow(c)) {
    if (!wasDefender(c, u.id)) continue;
    c.loseStep(u.id, 'DE');
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

/** The battle's own defenders: the units counted when the odds were worked out. */
function wasDefender(c: Ctx, id: string): boolean {
  return c.s.battle?.defenders?.includes(id) ?? false;
}

/**
 * 11.25, 11.26, 10.22: where the whole defending force may retreat one hex: the hexes open to
 * it, best first (PA toward the nearest supply source, MA straight away from the assault), and
 * `ties`: the hexes that take the whole force and are as good as the best of them (PA only:
 * the owner's choice among them; one hex or none when there is nothing to choose).
 */
function retreatPlan(c: Ctx): { force: Unit[]; eligible: HexId[]; room: (h: HexId) => number; ties: HexId[] } {
  const b = c.s.battle!;
  const side = other(b.attacker);
  const force = defendersNow(c);
  const p = c.pos();
  const zoc = side === 'soviet' ? p.germanZoc(b.kind === 'MA' ? new Set(b.units) : undefined) : new Set<HexId>();
  const ok = (h: HexId) => {
    if (!c.board.map.has(h) || c.board.isReservoir(b.target, h)) return false;
    if (p.unitsAt(h, other(side)).length > 0) return false;
    if (c.board.isCity(h) && p.control(h) !== side) return false;
    if (side === 'soviet' && zoc.has(h)) return false;
    if (c.board.natural(h) === 'marsh' && force.some(barredFromMarsh)) return false;
    if (b.kind === 'MA' && h === b.launch) return false;
    return true;
  };
  let order: HexId[];
  let rank: (h: HexId) => number = (h) => order.indexOf(h);
  if (b.kind === 'MA') {
    const entry = DIRS.indexOf(c.board.map.grid.directionTo(b.target, b.launch!)!);
    order = [3, 2, 4, 1, 5].map((k) => c.board.map.grid.step(b.target, DIRS[(entry + k) % 6]!)!).filter((h) => h !== undefined);
  } else {
    const dist = p.supplyDistances(side);
    const d = (h: HexId) => dist.get(h) ?? Math.min(...c.board.neighbours(h).map((n) => (dist.get(n) ?? 1e6) + 1));
    order = [...c.board.neighbours(b.target)].sort((x, y) => d(x) - d(y));
    rank = d;
  }
  const eligible = order.filter(ok);
  const room = (h: HexId) => STACK_LIMIT - p.unitsAt(h, side).length;
  const whole = eligible.filter((h) => room(h) >= force.length);
  const ties = whole.length && b.kind === 'PA' ? whole.filter((h) => rank(h) === rank(whole[0]!)) : whole.slice(0, 1);
  return { force, eligible, room, ties };
}

/**
 * 11.25, 11.26, 10.22: the whole defending force retreats one hex (to `to`, one of the ties
 * the owner chose; else the best), split only if stacking demands.
 */
function retreat(c: Ctx, to?: HexId): boolean {
  const b = c.s.battle!;
  const { force, eligible, room, ties } = retreatPlan(c);
  const whole = to ?? ties[0];
  const plan: [Unit, HexId][] = [];
  if (whole) for (const u of force) plan.push([u, whole]);
  else {
    let i = 0;
    for (const h of eligible) for (let k = room(h); k > 0 && i < force.length; k--) plan.push([force[i++]!, h]);
    if (i < force.length) return false;
  }
  for (const [u, h] of plan) {
    c.place(u, h);
    c.event('retreat', `${u.id} retreats to ${h}`, { rule: b.kind === 'MA' ? '10.22' : '11.25', hexes: [b.target, h] });
  }
  if (b.kind === 'PA') c.s.defended = [...new Set([...c.s.defended, ...force.map((u) => u.id)])];
  return true;
}

/** The owner's retreat hex among equally good ones ("retreat:<hex>"), or the bot's ("retreat"). */
function chooseRetreat(c: Ctx, option: string): void {
  const b = c.s.battle!;
  const ties = b.retreatTo ?? [];
  const [answer, hex] = option.split(':') as [string, string | undefined];
  if (answer !== 'retreat')
    throw new RuleError('11.25', `name the hex to retreat to (retreat:<hex>, one of ${ties.join(', ')}), or retreat to let the bot choose`);
  if (hex !== undefined && !ties.includes(hex))
    throw new RuleError('11.25', `${hex} is not one of the hexes equally close to supply: ${ties.join(', ')}`);
  c.s.battle = { ...b, retreatTo: undefined };
  retreat(c, hex ?? ties[0]);
  finish(c, defendersNow(c).length === 0);
}

/** Victorious PA attackers that may advance (11.31): alive, allowed in the terrain. */
function advancers(c: Ctx): string[] {
  const b = c.s.battle!;
  return b.units.filter((id) => {
    const u = c.s.units[id];
    return !!u && !(c.board.natural(b.target) === 'marsh' && barredFromMarsh(u)) && !c.board.isReservoir(u.hex, b.target);
  });
}

function advance(c: Ctx, ids: readonly string[]): void {
  const b = c.s.battle!;
  const allowed = new Set(advancers(c));
  for (const id of ids) if (!allowed.has(id)) throw new RuleError('11.31', `${id} cannot advance into ${b.target}`);
  if (ids.length > STACK_LIMIT) throw new RuleError('6.0', `at most ${STACK_LIMIT} units may stack`);
  for (const id of ids) c.place(c.s.units[id]!, b.target);
  if (ids.length) c.event('advance', `${ids.join(', ')} advance into ${b.target}`, { rule: '11.31', hexes: [b.target] });
  c.s.battle = undefined;
}

/** After the result: MA force placement (10.19, 10.20), PA advance (11.31). */
function finish(c: Ctx, cleared: boolean): void {
  const b = c.s.battle!;
  if (b.kind === 'MA') {
    const alive = b.units.filter((id) => c.s.units[id]);
    if (cleared) {
      for (const id of alive) c.place(c.s.units[id]!, b.target);
      for (const id of alive) c.s.mp[id] = b.mpAfter!;
      c.s.active = alive;
      c.event('assault-won', `${alive.join(', ')} clear ${b.target} and may move on with ${b.mpAfter} MP`, {
        rule: '10.20',
        hexes: [b.target],
      });
    } else {
      for (const id of alive) c.s.mp[id] = 0;
      c.s.done = [...new Set([...c.s.done, ...alive])];
      c.s.active = [];
      c.event('assault-stalled', `${alive.join(', ') || 'the force'} stay in ${b.launch} for the rest of the phase`, {
        rule: '10.19',
        hexes: [b.launch!],
      });
    }
    c.s.battle = undefined;
    return;
  }
  if (cleared && advancers(c).length > 0) {
    if (c.s.stalin && b.attacker === 'soviet') {
      advance(c, advancers(c).slice(0, STACK_LIMIT)); // 12.1: Stalin's spoiling attacks advance as many as possible
      return;
    }
    c.s.battle = { ...b, stage: 'advance' };
    return;
  }
  c.s.battle = undefined;
}

/** Pending choices of a battle with the side that makes them. */
export function battleChoices(s: DomState): { side: Side; options: { option: string; label: string }[]; text: string } | undefined {
  const b = s.battle;
  if (!b) return undefined;
  switch (b.stage) {
    case 'air': {
      const side = other(b.attacker);
      const n = side === 'german' ? s.air.german : s.air.soviet;
      const options = [{ option: 'none', label: 'No aircraft' }];
      for (let k = 1; k <= n; k++) options.push({ option: String(k), label: `Commit ${k} aircraft` });
      return { side, options, text: `${b.target} is attacked: commit aircraft to its defence? (11.19)` };
    }
    case 'bloodbath':
      return {
        side: 'german',
        options: [
          { option: 'AS', label: 'Attack stalled' },
          { option: 'bloodbath', label: 'Bloodbath' },
        ],
        text: `DR in the city ${b.target}: AS or Bloodbath? (11.28)`,
      };
    case 'german-dr':
      return {
        side: 'german',
        options: [
          { option: 'retreat', label: 'Retreat' },
          { option: 'lose1', label: 'Lose 1 step and hold' },
          // 11.28: which unit loses it, when the owner wants to say (at most a stack's five).
          ...Object.values(s.units)
            .filter((u) => u.hex === b.target && u.side === 'german')
            .map((u) => ({ option: `lose1:${u.id}`, label: `${u.id} loses the step, the stack holds` })),
        ],
        text: `DR against ${b.target}: retreat or lose one step and hold? (11.28)`,
      };
    case 'losses': {
      const { left, cause } = b.losses!;
      const steps = left === 1 ? 'a step' : `${left} steps`;
      return {
        side: b.attacker,
        options: [
          { option: 'lose', label: left === 1 ? 'Let the bot choose' : `Let the bot choose the ${left} steps` },
          ...b.units.filter((id) => s.units[id]).map((id) => ({ option: `lose:${id}`, label: `${id} loses a step` })),
        ],
        text: `${cause} at ${b.target}: the attacking force loses ${steps}; which unit? (${cause === 'AL1' ? '11.24' : '11.28'})`,
      };
    }
    case 'retreat':
      return {
        side: other(b.attacker),
        options: [
          { option: 'retreat', label: 'Let the bot choose' },
          ...(b.retreatTo ?? []).map((h) => ({ option: `retreat:${h}`, label: `Retreat to ${h}` })),
        ],
        text: `DR at ${b.target}: ${(b.retreatTo ?? []).join(', ')} are equally close to supply; where does the force retreat? (11.25)`,
      };
    case 'advance':
      return {
        side: b.attacker,
        options: [
          { option: 'all', label: 'Advance all' },
          { option: 'none', label: 'Stay' },
        ],
        text: `${b.target} is empty: advance after combat? (11.31)`,
      };
  }
}

export function turnAir(s: DomState, c: Ctx): void {
  const spec = turnSpec(c.charts, s.turn);
  const bonus = s.offensive.declared !== undefined && s.offensive.declared === s.turn - 1 ? 1 : 0; // 12.2
  s.air = { german: spec.air[0] + bonus, soviet: spec.air[1], battles: 0 };
}
