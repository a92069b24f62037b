/**
 * The combat phase: announcing battles, resolving them one at a time in the attacker's order,
 * and carrying out each CRT result with the attacking player's choices (which unit takes a
 * loss, where the defender retreats, who advances).
 */
import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Board } from './board.js';
import { crtResult } from './data/crt.js';
import { UNITS } from './data/units.js';
import { battleOdds, describeOdds } from './odds.js';
import { thePhase } from './phase-words.js';
import { RULE } from './rules.js';
import { type Battle, type CurrentBattle, otherSide, phaseSide } from './state.js';

export function isCombatPhase(phase: string): boolean {
  return phase === 'german-combat' || phase === 'soviet-combat';
}

/** Units already named in a battle this phase. */
export function committed(b: Board): Set<string> {
  const out = new Set<string>();
  for (const battle of b.s.combat?.battles ?? []) for (const a of battle.attackers) out.add(a);
  return out;
}

/** Why this battle may not be announced, or undefined when it may. */
export function declareProblem(b: Board, defender: string, attackers: readonly string[]): RuleError | undefined {
  const combat = b.s.combat;
  if (!isCombatPhase(b.s.phase) || !combat)
    return new RuleError(RULE.sequence, `battles are announced in combat phases; this is ${thePhase(b.s.phase)}`);
  if (combat.current) return new RuleError(RULE.combat, 'finish the battle being resolved first');
  if (!combat.declaring)
    return new RuleError(
      RULE.declare,
      'all battles are announced before the first is resolved; once announced, the attacker cannot change his mind',
    );
  const side = phaseSide(b.s.phase)!;
  if (!b.s.units[defender]) return new RuleError(RULE.declare, `there is no unit "${defender}"`);
  if (b.sideOf(defender) === side) return new RuleError(RULE.declare, `${b.name(defender)} is your own unit`);
  const hex = b.hexOf(defender);
  if (hex === null) return new RuleError(RULE.declare, `${b.name(defender)} is not on the map`);
  if (combat.battles.some((x) => x.defender === defender))
    return new RuleError(RULE.declare, `${b.name(defender)} is already attacked this phase; a unit may be attacked only once per phase`);
  if (new Set(attackers).size !== attackers.length) return new RuleError(RULE.declare, 'a unit is named twice among the attackers');
  const busy = committed(b);
  for (const a of attackers) {
    if (!b.s.units[a]) return new RuleError(RULE.declare, `there is no unit "${a}"`);
    if (b.sideOf(a) !== side) return new RuleError(RULE.declare, `${b.name(a)} is not yours`);
    const from = b.hexOf(a);
    if (from === null) return new RuleError(RULE.declare, `${b.name(a)} is not on the map`);
    if (busy.has(a))
      return new RuleError(RULE.declare, `${b.name(a)} already attacks in another battle; a unit may attack only once per phase`);
    if (b.map.grid.distance(from, hex) !== 1)
      return new RuleError(RULE.declare, `${b.name(a)} in ${from} is not adjacent to ${b.name(defender)} in ${hex}`);
  }
  return undefined;
}

export function declare(b: Board, defender: string, attackers: readonly string[]): void {
  const problem = declareProblem(b, defender, attackers);
  if (problem) throw problem;
  const sorted = sortUnits(attackers);
  const battles = b.s.combat!.battles;
  battles.push({ defender, attackers: sorted, resolved: false });
  const odds = battleOdds(b, defender, sorted);
  // Battles are numbered in the order announced: the order they are offered for resolution.
  b.event(
    'declared',
    `Battle ${battles.length}: ${sorted.map((a) => b.name(a)).join(', ')} will attack ${b.name(defender)} in ${b.hexOf(defender)} (${describeOdds(odds)}).`,
    {
      rule: RULE.declare,
      hexes: [b.hexOf(defender)!, ...sorted.map((a) => b.hexOf(a)!)],
    },
  );
}

/** Manifest order, so equal battles are written the same way. */
export function sortUnits(units: readonly string[]): string[] {
  const order = (u: string) => ORDER.get(u) ?? 999;
  return [...units].sort((x, y) => order(x) - order(y));
}
const ORDER = new Map(UNITS.map((u, i) => [u.id, i]));

export function resolveProblem(b: Board, defender: string): RuleError | undefined {
  const combat = b.s.combat;
  if (!isCombatPhase(b.s.phase) || !combat)
    return new RuleError(RULE.sequence, `battles are resolved in combat phases; this is ${thePhase(b.s.phase)}`);
  if (combat.current) return new RuleError(RULE.combat, 'finish the battle being resolved first');
  const battle = combat.battles.find((x) => x.defender === defender);
  if (!battle)
    return new RuleError(RULE.combat, `no battle against ${b.s.units[defender] ? b.name(defender) : `"${defender}"`} was announced`);
  if (battle.resolved) return new RuleError(RULE.combat, `the battle against ${b.name(defender)} is already resolved`);
  return undefined;
}

/** Steps 1-5: odds, die, result; then the result's decisions, in order. */
export function resolve(b: Board, defender: string): void {
  const problem = resolveProblem(b, defender);
  if (problem) throw problem;
  const combat = b.s.combat!;
  combat.declaring = false;
  const index = combat.battles.findIndex((x) => x.defender === defender);
  const battle = combat.battles[index]!;
  const hex = b.hexOf(defender)!;
  const odds = battleOdds(b, defender, battle.attackers);
  if (odds.column === null) {
    battle.resolved = true;
    b.event('battle', `Battle ${index + 1}: ${b.name(defender)} in ${hex}: ${describeOdds(odds)}; the attack has no effect.`, {
      rule: RULE.minMax,
      hexes: [hex],
    });
    return;
  }
  const die = b.die();
  const result = crtResult(odds.column, die);
  b.event('battle', `Battle ${index + 1}: ${b.name(defender)} in ${hex}: ${describeOdds(odds)}, die ${die}: ${result}.`, {
    rule: RULE.crt,
    hexes: [hex],
    dice: [{ purpose: `attack on ${b.name(defender)} at ${odds.column}:1`, roll: die, result }],
  });
  combat.current = { index, die, odds: odds.column, result, hex, step: 'advance', owed: 0, retreatOptions: [] };
  const current = combat.current;
  switch (result) {
    case 'NE':
      return finish(b);
    case 'DE':
      b.eliminate(defender, RULE.crt);
      return toAdvance(b);
    case 'DR':
      return toRetreat(b);
    case 'DRL':
      b.takeLoss(defender, RULE.crt);
      return b.hexOf(defender) === null ? toAdvance(b) : toRetreat(b);
    case 'AL':
      current.step = 'attacker-loss';
      current.owed = 1;
      return autoLoss(b);
    case 'EX': {
      // EX: the defender's loss sets what the attacker must match, in printed strength.
      current.step = 'attacker-loss';
      current.owed = b.takeLoss(defender, RULE.exchange);
      return autoLoss(b);
    }
  }
}

function battleOf(b: Board): { battle: Battle; current: CurrentBattle } {
  const combat = b.s.combat!;
  const current = combat.current!;
  return { battle: combat.battles[current.index]!, current };
}

/** Attacking units still on the map. */
export function survivingAttackers(b: Board): string[] {
  return battleOf(b).battle.attackers.filter((a) => b.hexOf(a) !== null);
}

/** AL and EX: one choice left means no choice. */
function autoLoss(b: Board): void {
  const alive = survivingAttackers(b);
  if (alive.length === 1) takeLoss(b, alive[0]!);
}

export function lossProblem(b: Board, unit: string): RuleError | undefined {
  const current = b.s.combat?.current;
  if (current?.step !== 'attacker-loss') return new RuleError(RULE.combat, 'no attacking unit owes a loss now');
  const rule = current.result === 'AL' ? RULE.attackerLoss : RULE.exchange;
  if (!survivingAttackers(b).includes(unit))
    return new RuleError(rule, `${b.s.units[unit] ? b.name(unit) : `"${unit}"`} is not one of this battle's attacking units`);
  return undefined;
}

export function takeLoss(b: Board, unit: string): void {
  const problem = lossProblem(b, unit);
  if (problem) throw problem;
  const { current } = battleOf(b);
  if (current.result === 'AL') {
    b.takeLoss(unit, RULE.attackerLoss);
    return finish(b);
  }
  // EX: at least the defender's loss, counted in printed strength (Mud: not halved).
  current.owed -= b.takeLoss(unit, RULE.exchange);
  if (current.owed > 0 && survivingAttackers(b).length > 0) return autoLoss(b);
  const defender = battleOf(b).battle.defender;
  return b.hexOf(defender) === null ? toAdvance(b) : toRetreat(b);
}

/**
 * CRT DR: the attacking player moves the defender two hexes; it must end two hexes from
 * where it started, may not enter an enemy zone of control (nor an enemy unit's hex), and
 * must end in a hex without a friendly unit, retreating further than two hexes if necessary.
 * Readings: "if necessary" means only when no two-hex retreat ends in an empty hex, so the
 * choices are the empty hexes at the least retreat length; hexes beyond the second never come
 * back within one hex of the start; no hex is entered twice.
 */
export function retreatOptions(b: Board, unit: string): HexId[] {
  const start = b.hexOf(unit)!;
  const side = b.sideOf(unit);
  const enemy = otherSide(side);
  const enemyZoc = b.zoc(enemy);
  const ok = (h: HexId) => b.occupier(h) !== enemy && !enemyZoc.has(h);
  const dist = (h: HexId) => b.map.grid.distance(start, h);
  const visited = new Set<HexId>([start]);
  let layer = b.map.neighbours(start).filter(ok);
  for (const h of layer) visited.add(h);
  let steps = 1;
  for (;;) {
    const next: HexId[] = [];
    for (const h of layer) {
      for (const n of b.map.neighbours(h)) {
        if (visited.has(n) || !ok(n)) continue;
        if (steps === 1 ? dist(n) !== 2 : dist(n) < 2) continue;
        visited.add(n);
        next.push(n);
      }
    }
    steps += 1;
    if (next.length === 0) return [];
    const empty = next.filter((h) => b.unitsAt(h).length === 0);
    if (empty.length > 0) return empty.sort();
    layer = next;
  }
}

function toRetreat(b: Board): void {
  const { battle, current } = battleOf(b);
  const options = retreatOptions(b, battle.defender);
  if (options.length === 0) {
    b.event('retreat', `${b.name(battle.defender)} has no retreat path free of enemy units and zones of control.`, {
      rule: RULE.retreat,
      hexes: [current.hex],
    });
    b.eliminate(battle.defender, RULE.retreat);
    return toAdvance(b);
  }
  current.step = 'retreat';
  current.retreatOptions = options;
  if (options.length === 1) retreat(b, options[0]!);
}

export function retreatProblem(b: Board, to: HexId): RuleError | undefined {
  const current = b.s.combat?.current;
  if (current?.step !== 'retreat') return new RuleError(RULE.combat, 'no defender is retreating now');
  if (!current.retreatOptions.includes(to)) {
    return new RuleError(
      RULE.retreat,
      `${to} is not a legal retreat: the defender must end the shortest retreat of at least two hexes in an empty hex, outside enemy zones of control (choose ${current.retreatOptions.join(', ')})`,
    );
  }
  return undefined;
}

export function retreat(b: Board, to: HexId): void {
  const problem = retreatProblem(b, to);
  if (problem) throw problem;
  const { battle, current } = battleOf(b);
  b.place(battle.defender, to);
  b.event('retreat', `${b.name(battle.defender)} retreats from ${current.hex} to ${to}.`, { rule: RULE.retreat, hexes: [current.hex, to] });
  toAdvance(b);
}

function toAdvance(b: Board): void {
  const { current } = battleOf(b);
  if (survivingAttackers(b).length === 0) return finish(b);
  current.step = 'advance';
  current.retreatOptions = [];
}

export function advanceProblem(b: Board, unit: string | null): RuleError | undefined {
  const current = b.s.combat?.current;
  if (current?.step !== 'advance') return new RuleError(RULE.advance, 'no hex has been emptied for an advance now');
  if (unit !== null && !survivingAttackers(b).includes(unit)) {
    return new RuleError(
      RULE.advance,
      `only one of this battle's attacking units may advance (${b.s.units[unit] ? b.name(unit) : `"${unit}"`} is not one)`,
    );
  }
  return undefined;
}

/** Step 6: one attacking unit may move into the emptied hex (ZOC does not apply: it is not movement). */
export function advance(b: Board, unit: string | null): void {
  const problem = advanceProblem(b, unit);
  if (problem) throw problem;
  const { current } = battleOf(b);
  if (unit !== null) {
    const from = b.hexOf(unit)!;
    b.place(unit, current.hex);
    b.event('advance', `${b.name(unit)} advances from ${from} into ${current.hex}.`, { rule: RULE.advance, hexes: [from, current.hex] });
  }
  finish(b);
}

function finish(b: Board): void {
  const { battle } = battleOf(b);
  battle.resolved = true;
  b.s.combat!.current = null;
}

/** Every battle announced has been fought. */
export function allResolved(b: Board): boolean {
  const c = b.s.combat;
  return !!c && !c.declaring && !c.current && c.battles.every((x) => x.resolved);
}
