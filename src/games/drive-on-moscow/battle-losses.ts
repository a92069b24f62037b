/**
 * Step losses in battle: the defenders' under DE (11.29) and Bloodbath (11.28), the attacker's
 * under AL1 and Bloodbath (11.24, 11.28), by the bot's cheapest step or the player's choice.
 */
import { RuleError } from '../engine.js';
import { finish } from './battle-end.js';
import type { Ctx } from './context.js';
import { factorsOf, other } from './position.js';
import type { Unit } from './state.js';

export function stepsOf(c: Ctx, ids: readonly string[]): number {
  return ids.reduce((n, id) => n + (c.s.units[id]?.steps ?? 0), 0);
}

/** Steps the Soviets would lose to a DE now (11.29): all of one-step units, one of each two-step. */
export function bloodbathLoss(c: Ctx): number {
  return c
    .pos()
    .unitsAt(c.s.battle!.target, 'soviet')
    .filter((u) => wasDefender(c, u.id)).length;
}

export function defendersNow(c: Ctx): Unit[] {
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

export function bloodbath(c: Ctx): void {
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
export function takeLosses(c: Ctx, steps: number, cause: 'AL1' | 'Bloodbath', cleared: boolean): void {
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
export function chooseLoss(c: Ctx, option: string): void {
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
export function eliminateDefenders(c: Ctx): void {
  for (const u of defendersNow(c)) {
    if (!wasDefender(c, u.id)) continue;
    c.loseStep(u.id, 'DE');
  }
}

/** The battle's own defenders: the units counted when the odds were worked out. */
export function wasDefender(c: Ctx, id: string): boolean {
  return c.s.battle?.defenders?.includes(id) ?? false;
}
