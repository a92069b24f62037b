import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Board } from './board.js';
import { destinationCosts, moveProblem } from './movement.js';
import { RULE } from './rules.js';

/**
 * Where the unit in `hex` may move now and what each hex costs (Movement, Zones of Control),
 * for the map's reach view. Units here move one at a time, so the force is that unit.
 */
export function bfmReach(b: Board, hex: HexId): { costs: Record<HexId, number>; battle: HexId[]; force: string } {
  const units = b.unitsAt(hex);
  if (units.length === 0) throw new RuleError(RULE.movement, `there is no unit in ${hex}`);
  const unit = units.find((u) => !moveProblem(b, u)) ?? units[0]!;
  const problem = moveProblem(b, unit);
  if (problem) throw new RuleError(problem.rule, problem.message);
  const costs: Record<HexId, number> = {};
  for (const [h, cost] of destinationCosts(b, unit)) costs[h] = cost;
  return { costs, battle: [], force: `${b.name(unit)} in ${hex}, ${b.spec(unit).movement} MP` };
}
