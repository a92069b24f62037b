import type { HexId } from '../../kernel/hex.js';
import { RuleError } from '../engine.js';
import type { Board } from './board.js';
import type { DomCharts } from './charts.js';
import { movingGroup, reach } from './movement.js';
import { Position } from './position.js';
import type { DomState } from './state.js';

/**
 * Where the stack in `hex` can move now and what each hex costs (10.1-10.12, 7.2), for the
 * map's reach view: the stack moving now with the MP it has left, or the units that began the
 * phase there and have not moved. A German stack under the Guderian Effect (5.3) is shown
 * with its south-sheet allowance.
 */
export function domReach(
  board: Board,
  charts: DomCharts,
  s: DomState,
  hex: HexId,
): { costs: Record<HexId, number>; battle: HexId[]; force: string } {
  if (s.phase !== 'movement') throw new RuleError('5.1', 'units move only in their side’s Movement Phase');
  const here = Object.entries(s.units).filter(([, u]) => u.hex === hex && u.side === s.side);
  if (here.length === 0) throw new RuleError('10.0', `there is no ${s.side === 'german' ? 'German' : 'Soviet'} unit in ${hex}`);
  const active = here.filter(([id]) => s.active.includes(id));
  const ids = (
    active.length ? active : here.filter(([id, u]) => !s.done.includes(id) && s.mp[id] === undefined && s.startHex[id] === u.hex)
  ).map(([id]) => id);
  if (ids.length === 0) throw new RuleError('10.5', `the units in ${hex} have finished moving this phase`);
  const p = new Position(board, charts, s);
  const g = movingGroup(s, p, ids);
  const costs: Record<HexId, number> = {};
  for (const [h, cost] of reach(p, g).cost) if (h !== hex) costs[h] = cost;
  return { costs, battle: [], force: `${ids.join(', ')} in ${hex}, ${g.budget} MP` };
}
