/**
 * "Rush Moscow": every force drives on the nearer Moscow hex by the cheapest way, fights each
 * battle out, and pays no heed to pockets or the front. The player the 4.2 pocket check is
 * there to stop (designer's note under 4.2).
 */
import type { Policy } from './policy.js';
import { decideWith, type Planner } from './tactics.js';

const planner: Planner = {
  goal(v, _units, hex) {
    const target = v.nearestMoscow(hex);
    return { target, doneWhen: [target] };
  },
};

export const rushMoscow: Policy = {
  name: 'rush-moscow',
  decide: (engine, state) => decideWith(planner, engine, state),
};
