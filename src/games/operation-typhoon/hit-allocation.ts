/**
 * 10.6: where hits land when the bot places them, and the units a hit may go on.
 */

export interface Target {
  id: string;
  steps: number;
  /** A unit built with one step only (10.6: brigades and artillery). */
  oneStepUnit: boolean;
  /** Fire lost if this unit loses a step. */
  fireLost: number;
}

/**
 * 10.6: ground-fire hits are spread as the owner wishes, but no one-step unit may take a
 * hit while a two-step unit has not yet taken one. The bot spreads them for the commander:
 * on Soviet units to silence the most fire, on German units to lose the least.
 */
export function allocate(hits: number, targets: Target[], prefer: 'most-fire' | 'least-fire'): Map<string, number> {
  const taken = new Map<string, number>();
  const live = targets.map((t) => ({ ...t }));
  for (let i = 0; i < hits; i++) {
    const eligible = eligibleTargets(live);
    if (eligible.length === 0) break;
    eligible.sort((a, b) => (prefer === 'most-fire' ? b.fireLost - a.fireLost : a.fireLost - b.fireLost) || a.id.localeCompare(b.id));
    const t = eligible[0]!;
    t.steps -= 1;
    taken.set(t.id, (taken.get(t.id) ?? 0) + 1);
  }
  return taken;
}

/** 10.6: the units the next hit may land on: none with one step built while a two-step unit is untouched. */
export function eligibleTargets<T extends Target>(targets: T[]): T[] {
  const alive = targets.filter((t) => t.steps > 0);
  const fullTwoStep = alive.some((t) => !t.oneStepUnit && t.steps === 2);
  return alive.filter((t) => !(fullTwoStep && t.oneStepUnit));
}

/**
 * 10.6 "apportioned as desired": the commander has a real choice when the hits could land in
 * more than one way, that is while two or more units may take the next hit and the hits do
 * not simply wipe out everything they could reach.
 */
export function choiceIn(hits: number, targets: Target[]): boolean {
  const alive = targets.filter((t) => t.steps > 0);
  const steps = alive.reduce((n, t) => n + t.steps, 0);
  return hits > 0 && hits < steps && eligibleTargets(alive).length > 1;
}
