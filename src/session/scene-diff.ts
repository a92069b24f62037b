import type { Scene } from '../contracts/scene.js';
import type { HexId } from '../kernel/hex.js';

/**
 * The hexes whose counters or control differ between two pictures of a game: where a taken-back
 * order changed the map, so the answer to an undo can show that corner instead of the whole map.
 */
export function changedHexes(before: Scene, after: Scene): HexId[] {
  const changed = new Set<HexId>();
  const stacksOf = (s: Scene) => new Map((s.stacks ?? []).map((st) => [st.hex, JSON.stringify(st.counters)]));
  const a = stacksOf(before);
  const b = stacksOf(after);
  for (const hex of new Set([...a.keys(), ...b.keys()])) if (a.get(hex) !== b.get(hex)) changed.add(hex);
  const ca = before.control?.hexes ?? {};
  const cb = after.control?.hexes ?? {};
  for (const hex of new Set([...Object.keys(ca), ...Object.keys(cb)])) if (ca[hex] !== cb[hex]) changed.add(hex);
  return [...changed];
}
