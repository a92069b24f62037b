/**
 * 10.6: retreats after combat: the paths a defender may take, the best of them, and the retreat
 * along one.
 */
import type { HexId } from '../../kernel/hex.js';
import { type Ctx, other } from './context.js';
import { eliminate, takeLosses } from './losses.js';
import { STACK } from './movement.js';
import type { Side, Unit } from './state.js';
import { locHexes } from './supply.js';

interface RetreatPath {
  path: HexId[];
  destroyed: boolean;
  ezoc: number;
  over: boolean;
  toLoc: number;
}

/**
 * 10.6: each defender retreats `n` hexes, not entering enemy units, lakes or a hex twice;
 * off the map, into a lake, across an impassable side or across an unbridged major river as
 * the second hex (A-11; any hex under the other reading) it is destroyed; each EZOC hex
 * entered costs a step; an over-stacked end goes on a hex. Of the paths, the one
 * heading the shortest way toward a hex with a line of communication, then without
 * destruction, then with fewest EZOC hexes, then not over-stacked (10.6(6), A-13); the
 * owner's choice among equals is taken as the lowest hex id.
 */
export function retreatPaths(c: Ctx, u: Unit, n: number, toLoc: Map<HexId, number>): RetreatPath[] {
  const out: RetreatPath[] = [];
  const enemy = other(u.side);
  const walk = (path: HexId[], need: number, destroyed: boolean, ezoc: number, extra: number) => {
    const h = path.at(-1)!;
    if (need === 0) {
      const over = c.at(h).filter((x) => x.id !== u.id).length >= STACK;
      if (over && extra < 2) {
        const before = out.length;
        walk(path, 1, destroyed, ezoc, extra + 1);
        if (out.length > before) return;
      }
      out.push({ path, destroyed, ezoc, over, toLoc: toLoc.get(h) ?? 99 });
      return;
    }
    let any = false;
    for (const nb of c.board.neighbours(h)) {
      if (path.includes(nb) || c.board.impassable(h, nb) || c.sideAt(nb) === enemy) continue;
      any = true;
      const step = path.length; // 1 for the first hex of the retreat
      const major = c.board.river(h, nb) === 'major' && !c.board.isBridge(h, nb);
      const fatal = major && (c.s.options.retreatMajorRiver === 'any' || step === 2);
      const ez = c.ezoc(nb, u.side) ? 1 : 0;
      walk([...path, nb], need - 1, destroyed || fatal, ezoc + ez, extra);
    }
    // Off the map or boxed in: the unit cannot retreat and is destroyed.
    if (!any) out.push({ path, destroyed: true, ezoc, over: false, toLoc: 99 });
  };
  walk([u.hex!], n, false, 0, 0);
  return out;
}

function bestRetreat(paths: RetreatPath[]): RetreatPath {
  return [...paths].sort(
    (a, b) =>
      a.toLoc - b.toLoc ||
      Number(a.destroyed) - Number(b.destroyed) ||
      a.ezoc - b.ezoc ||
      Number(a.over) - Number(b.over) ||
      (a.path.join() < b.path.join() ? -1 : 1),
  )[0]!;
}

/** Distance from every hex to the nearest hex with a line of communication for `side`. */
function distanceToLoc(c: Ctx, side: Side): Map<HexId, number> {
  const loc = locHexes(c, side);
  const d = new Map<HexId, number>([...loc].map((h) => [h, 0]));
  const q = [...loc];
  for (let i = 0; i < q.length; i++) {
    for (const n of c.board.neighbours(q[i]!))
      if (!d.has(n) && c.board.terrain(n) !== 'lake') {
        d.set(n, d.get(q[i]!)! + 1);
        q.push(n);
      }
  }
  return d;
}

export function retreat(c: Ctx, target: HexId, n: number): string[] {
  const lines: string[] = [];
  const units = [...c.at(target)].sort((a, b) => (a.id < b.id ? -1 : 1));
  if (!units.length) return lines;
  const toLoc = distanceToLoc(c, units[0]!.side);
  for (const u0 of units) lines.push(...retreatAlong(c, c.unit(u0.id)!, bestRetreat(retreatPaths(c, u0, n, toLoc))));
  return lines;
}

/** 10.6: one unit retreats along `path` (or is destroyed), losing a step per EZOC hex entered (10.6(4)). */
export function retreatAlong(c: Ctx, u: Unit, best: RetreatPath): string[] {
  if (best.destroyed) {
    eliminate(c, u, true);
    return [`${u.id} cannot retreat and is destroyed`];
  }
  const end = best.path.at(-1)!;
  for (const h of best.path.slice(1)) c.enter(h, u.side);
  c.s.units[u.id] = { ...u, hex: end };
  c.changed();
  c.s.chit!.retreatedInto = [...c.s.chit!.retreatedInto, u.id];
  const lines = [`${u.id} retreats to ${end}`];
  const loss = c.s.options.retreatEzoc === 'once' ? Math.min(1, best.ezoc) : best.ezoc;
  if (loss) lines.push(...takeLosses(c, [u.id], loss, true).map((l) => `${l} (retreat through enemy zones, 10.6(4))`));
  return lines;
}

/**
 * 10.6(6): the retreats as good as the best (as short toward a line of communication, then
 * as free of destruction, EZOC hexes and over-stacking): the owner's choice among equals,
 * in the order the bot would take them.
 */
export function retreatChoices(c: Ctx, u: Unit, n: number): RetreatPath[] {
  const all = retreatPaths(c, u, n, distanceToLoc(c, u.side));
  const best = bestRetreat(all);
  const seen = new Set<string>();
  return all
    .filter((p) => p.toLoc === best.toLoc && p.destroyed === best.destroyed && p.ezoc === best.ezoc && p.over === best.over)
    .sort((a, b) => (a.path.join() < b.path.join() ? -1 : 1))
    .filter((p) => !seen.has(p.path.join()) && !!seen.add(p.path.join()));
}
