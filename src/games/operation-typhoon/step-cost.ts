/**
 * 9.4: the MP of one step, by terrain entered and river hexside. Fixed by the map and the
 * charts, so worked out once per pair of hexes.
 */
import type { HexId } from '../../kernel/hex.js';
import type { Mobility } from './charts/index.js';
import type { RulesIndex } from './rules-index.js';

/** 9.4: MP to step from one hex into an adjacent one: the terrain entered plus any river hexside. */
export function stepCost(index: RulesIndex, mobility: Mobility, from: HexId, to: HexId): number {
  // Fixed by the map and the charts, and asked for millions of times by path searches: cached.
  let byMobility = stepCosts.get(index);
  if (!byMobility) stepCosts.set(index, (byMobility = { mechanized: new Map(), 'non-mechanized': new Map() }));
  let fromHere = byMobility[mobility].get(from);
  if (!fromHere) byMobility[mobility].set(from, (fromHere = new Map()));
  let cost = fromHere.get(to);
  if (cost === undefined) fromHere.set(to, (cost = computeStepCost(index, mobility, from, to)));
  return cost;
}

const stepCosts = new WeakMap<RulesIndex, Record<Mobility, Map<HexId, Map<HexId, number>>>>();

function computeStepCost(index: RulesIndex, mobility: Mobility, from: HexId, to: HexId): number {
  const hex = index.map.hex(to);
  if (!hex) return Infinity;
  const natural = hex.terrain === 'forest' || hex.terrain === 'marsh' ? hex.terrain : 'clear';
  const mp = index.charts.terrain.terrain[natural].mp!;
  let cost = mobility === 'mechanized' ? mp.mechanized : mp.nonMechanized;
  if (index.map.isRiver(from, to)) {
    const r = index.charts.terrain.river.mp;
    cost += mobility === 'mechanized' ? r.mechanized : r.nonMechanized;
  }
  return cost;
}
