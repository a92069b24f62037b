/**
 * "Clenched fist" (13.0): the plan the German high command weighed and rejected. Every
 * mechanized unit is gathered into one mass (13.3: any set-up, formations stacked together)
 * and drives straight for Moscow (4.5) from the first turn, turn 2 (13.2); there are no
 * pocket or VP checks to meet (13.4). What is left of the standard rules is the turn 3 front
 * integrity check (4.3, kept by 13.1): the infantry holds no objective of its own on turns 2-3
 * and spends them watching the front the armour's salient opens, the armour joining it on
 * turn 3. From turn 4 the front no longer matters and everyone marches on Moscow.
 */

import type { HexId } from '../../../kernel/hex.js';
import { deploymentStep, type StackPlan } from './deployment.js';
import { moscowAssault } from './moscow-assault.js';
import type { Goal, Policy } from './policy.js';
import { decideWith, type Planner } from './tactics.js';
import { View } from './view.js';

/**
 * The nearer Moscow hex. Planned on the initial control: fields on today's control stop at
 * two turns' march (fields.ts), and Moscow lies farther than that from the start line.
 */
function moscow(v: View, hex: HexId): Goal {
  const target = v.nearestMoscow(hex);
  return { target, doneWhen: [target] };
}

/** The turn whose end checks the front (4.3); after it, nothing holds the infantry back. */
const FRONT_CHECK_TURN = 3;

/**
 * Turn 2 the fist drives on Moscow and the infantry follows to watch the flanks of its
 * salient. Turn 3 it holds: the turn 2 salient alone has more front hexes than the infantry
 * can reach, so the armour spreads out along it too (4.3, 6.0). Measured on seeds 1-16: with
 * the fist driving on through turn 3 it stood three hexes from Moscow and every game lost
 * the front check (16 to 20 hexes unwatched); with the armour kept massed on turn 3 and only
 * the infantry watching, every game lost it too; holding and spreading out, none did, and
 * 14 of 16 took Moscow on turn 6.
 */
const planner: Planner = {
  goal(v, units, hex) {
    const turn = v.s.turn;
    if (turn === FRONT_CHECK_TURN) return null;
    return v.isMech(units[0]!) || turn > FRONT_CHECK_TURN ? moscow(v, hex) : null;
  },
  fillGaps: (v) => v.s.turn <= FRONT_CHECK_TURN,
  // Turn 2 the armour keeps driving and the infantry watches; turn 3 everyone watches.
  mayFill: (v, unit) => v.s.turn === FRONT_CHECK_TURN || !v.isMech(unit),
  airTarget: (v) => (v.s.turn >= MOSCOW_TURN ? moscowAssault(v) : undefined),
};

/** The first turn the fist can attack Moscow: the armour stands before it at the end of turn 4, and turn 5 is the mud (12.1). */
const MOSCOW_TURN = 6;

/** The mechanized units in stacks of three (7.1) on the front hexes nearest Moscow (13.0: "one mass"). */
export function fistPlans(v: View): StackPlan[] {
  const toward = [...v.index.moscow].sort()[0]!;
  const mech = v.index.charts.german.filter((u) => u.mobility === 'mechanized').map((u) => u.id);
  const plans: StackPlan[] = [];
  for (let i = 0; i < mech.length; i += 3) plans.push({ units: mech.slice(i, i + 3), toward });
  return plans;
}

export const clenchedFist: Policy = {
  name: 'clenched-fist',
  decide(engine, state) {
    if (state.phase === 'setup' && state.scenario === 'clenched-fist') {
      const v = new View(engine, state);
      return deploymentStep(v, fistPlans(v));
    }
    return decideWith(planner, engine, state);
  },
};
