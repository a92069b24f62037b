/**
 * 4.3 while the spearheads cut: a moving stack leaves a unit behind where its going would
 * open the front, and a force with nothing left to take spends its last MP covering open
 * front hexes. Measured on seeds 1-12 (turn 3, the column 28 cut): open front hexes at the
 * check fell from a median of 31 to 9 with the drop-offs, and to 1-3 with the guard moves and
 * the 9th Army's advance (seek-pockets.ts).
 */
import type { HexId } from '../../../kernel/hex.js';
import { onGermanFront } from '../control.js';
import type { TyphoonAction } from '../state.js';
import type { View } from './view.js';

/** German front hexes around `around` that no German force but the moving one watches (6.0). */
function watchedOnlyByActive(v: View, around: readonly HexId[]): HexId[] {
  const a = v.s.active!;
  const byHex = v.unitsByHex();
  const other = (h: HexId) => (byHex.get(h) ?? []).some((u) => !a.units.includes(u));
  return around.filter((f) => onGermanFront(v.play, f) && ![f, ...v.neighbours(f)].some(other));
}

/**
 * 9.5: before a mechanized stack steps on to `next`, drop its weakest unit if a front hex
 * here would otherwise be left unwatched. Spaced this way, one unit every third hex of a
 * corridor watches all of it.
 */
export function dropBehind(v: View, next: HexId): TyphoonAction | undefined {
  const a = v.s.active!;
  if (a.units.length < 2 || !v.isMech(a.units[0]!)) return undefined;
  const open = watchedOnlyByActive(v, [a.hex, ...v.neighbours(a.hex)]).filter((f) => v.dist(f, next) > 1);
  if (open.length === 0) return undefined;
  const weakest = [...a.units].sort((x, y) => v.strength([x]) - v.strength([y]) || x.localeCompare(y))[0]!;
  return { type: 'drop', units: [weakest] };
}

/**
 * A force with MP left and no goal moves, through German hexes, to where it watches the most
 * open front hexes, if that is more than it watches where it stands.
 */
export function guardStep(v: View): TyphoonAction | undefined {
  const a = v.s.active!;
  if (a.mp <= 0) return undefined;
  const open = watchedOnlyByActive(v, v.index.map.ids.filter((h) => onGermanFront(v.play, h)));
  const score = (h: HexId) => open.filter((f) => v.dist(f, h) <= 1).length;
  const here = score(a.hex);
  let best: { path: HexId[]; score: number; cost: number; hex: HexId } | undefined;
  for (const d of v.destinations(a.units, a.hex, a.mp, a.mudBound)) {
    if (d.soviet) continue;
    const s = score(d.hex);
    if (s > here && (!best || s > best.score || (s === best.score && (d.cost < best.cost || (d.cost === best.cost && d.hex < best.hex))))) {
      best = { path: d.path, score: s, cost: d.cost, hex: d.hex };
    }
  }
  return best ? { type: 'move', from: a.hex, path: best.path } : undefined;
}
