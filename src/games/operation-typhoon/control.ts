/**
 * Hex control and what follows from it: Soviet supply and pockets (11.0, 11.1), German zone
 * of control and front integrity (6.0, 4.3), victory points (4.4).
 */
import { components, floodFill } from '../../kernel/floodfill.js';
import type { HexId } from '../../kernel/hex.js';
import type { Play, RulesIndex } from './context.js';

/**
 * 11.0, 11.1: Soviet hexes that can no longer trace a path of Soviet hexes to the east map
 * edge, grouped into pockets (each connected group is its own pocket). Terrain is ignored.
 */
export function findPockets(play: Play): HexId[][] {
  const { index } = play;
  const soviet = (h: HexId) => play.isSoviet(h);
  const supplied = floodFill(index.supplyEdge, (h) => index.map.neighbours(h), soviet);
  const cut: HexId[] = [];
  for (const h of index.initiallySoviet) if (soviet(h) && !supplied.has(h)) cut.push(h);
  if (cut.length === 0) return [];
  return components(cut, (h) => index.map.neighbours(h))
    .map((c) => [...c].sort())
    .sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** 6.0: hexes in German ZOC: occupied hexes and the non-Soviet hexes around them. */
export function germanZoc(play: Play): Set<HexId> {
  const zoc = new Set<HexId>();
  for (const u of Object.values(play.s.units)) {
    zoc.add(u.hex);
    for (const n of play.map.neighbours(u.hex)) if (!play.isSoviet(n)) zoc.add(n);
  }
  return zoc;
}

/** 4.3: German hexes next to a Soviet hex that are neither occupied nor in German ZOC. */
export function frontGaps(play: Play): HexId[] {
  const zoc = germanZoc(play);
  const gaps: HexId[] = [];
  for (const h of play.map.ids) {
    if (play.isSoviet(h) || zoc.has(h)) continue;
    if (play.map.neighbours(h).some((n) => play.isSoviet(n))) gaps.push(h);
  }
  return gaps;
}

/** 4.4: towns 1 VP, cities 2 VP, east of the initial front line only (Moscow counts as a city). */
export function victoryPoints(play: Play): number {
  let vp = 0;
  for (const h of play.s.taken) {
    const kind = play.map.hex(h)!.place?.kind;
    if (kind === 'town') vp += 1;
    else if (kind === 'city' || kind === 'capital') vp += 2;
  }
  return vp;
}

/** 4.4: Soviet hexes west of the 29xx column. */
export function sovietWestOf29(play: Play): HexId[] {
  return [...play.index.initiallySoviet].filter((h) => Number(h.slice(0, 2)) < 29 && play.isSoviet(h)).sort();
}

export function holdsMoscow(play: Play): boolean {
  return play.index.moscow.some((h) => !play.isSoviet(h));
}

/** All Soviet hexes adjacent to a German hex: the current front, for the map. */
export function frontHexes(index: RulesIndex, isSoviet: (h: HexId) => boolean): HexId[] {
  return index.map.ids.filter((h) => isSoviet(h) && index.map.neighbours(h).some((n) => !isSoviet(n)));
}
