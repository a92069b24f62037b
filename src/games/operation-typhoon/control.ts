/**
 * Hex control and what follows from it: Soviet supply and pockets (11.0, 11.1), German zone
 * of control and front integrity (6.0, 4.3), victory points (4.4).
 */

import { components, floodFill } from '../../kernel/floodfill.js';
import type { HexId } from '../../kernel/hex.js';
import { columnOf } from '../../kernel/hex.js';
import type { PlaceKind } from './charts/types.js';
import type { Play } from './context.js';
import { graphOf, sovietMask } from './hex-graph.js';
import type { RulesIndex } from './rules-index.js';

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

/**
 * The pockets a capture of `hex` can have formed (11.1): only Soviet hexes next to it can have
 * lost their path to the east edge. Each is searched east first (the highest column), so a
 * supplied hex is confirmed in a few steps and only a real pocket is explored in full; the
 * order changes only how soon a supplied search stops, never a pocket found. Gives the same
 * pockets as `findPockets` when no pocket existed before the capture.
 */
export function pocketsAfterCapture(play: Play, hex: HexId): HexId[][] {
  const graph = graphOf(play.index);
  const soviet = sovietMask(play);
  const at = graph.number(hex);
  if (at === undefined) return [];
  // Marks rather than cleared arrays: a capture is searched from up to six hexes, each search
  // a fresh mark in `seen`, each capture a fresh one in `known`.
  const scratch = pocketScratchOf(graph.size);
  const { seen, known, knownAs } = scratch;
  if (scratch.stamp >= 2 ** 30) {
    seen.fill(0);
    known.fill(0);
    scratch.stamp = 0;
  }
  const capture = ++scratch.stamp;
  const pockets: HexId[][] = [];
  // Hexes waiting, by column: the search takes from the easternmost column first.
  const byColumn: number[][] = [];
  for (let k = at * 6; k < at * 6 + 6; k++) {
    const start = graph.neighbours[k]!;
    if (start < 0 || !soviet[start] || known[start] === capture) continue;
    const found: number[] = [start];
    const search = ++scratch.stamp;
    seen[start] = search;
    byColumn.length = 0;
    let top = graph.column[start]!;
    (byColumn[top] ??= []).push(start);
    let reached = false;
    for (;;) {
      while (top >= 0 && !byColumn[top]?.length) top -= 1;
      if (top < 0) break;
      const h = byColumn[top]!.pop()!;
      if (graph.supplyEdge[h] || (known[h] === capture && knownAs[h] === REACHES_EDGE)) {
        reached = true;
        break;
      }
      for (let j = h * 6; j < h * 6 + 6; j++) {
        const n = graph.neighbours[j]!;
        if (n >= 0 && seen[n] !== search && soviet[n]) {
          seen[n] = search;
          found.push(n);
          const c = graph.column[n]!;
          (byColumn[c] ??= []).push(n);
          if (c > top) top = c;
        }
      }
    }
    if (reached) {
      known[start] = capture;
      knownAs[start] = REACHES_EDGE;
      continue;
    }
    for (const h of found) {
      known[h] = capture;
      knownAs[h] = IN_POCKET;
    }
    pockets.push(found.map((h) => graph.ids[h]!).sort());
  }
  return pockets.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

const REACHES_EDGE = 1;
const IN_POCKET = 2;

/**
 * The arrays of `pocketsAfterCapture`, one set per map size: `seen` holds the mark of the
 * search that reached a hex, `known` the mark of the capture that found where the hex stands,
 * `knownAs` what it found (REACHES_EDGE or IN_POCKET).
 */
interface PocketScratch {
  stamp: number;
  seen: Int32Array;
  known: Int32Array;
  knownAs: Uint8Array;
}
const pocketScratches = new Map<number, PocketScratch>();
function pocketScratchOf(size: number): PocketScratch {
  let s = pocketScratches.get(size);
  if (!s)
    pocketScratches.set(size, (s = { stamp: 0, seen: new Int32Array(size), known: new Int32Array(size), knownAs: new Uint8Array(size) }));
  return s;
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

/**
 * 4.3: German hexes next to a Soviet hex that are neither occupied nor in German ZOC. Only a
 * taken hex or a hex of the initial front can be next to a Soviet hex, so only those are
 * looked at; the list keeps the map's order.
 */
export function frontGaps(play: Play): HexId[] {
  const graph = graphOf(play.index);
  const soviet = sovietMask(play);
  const zoc = new Uint8Array(graph.size);
  for (const u of Object.values(play.s.units)) {
    const h = graph.number(u.hex);
    if (h === undefined) continue;
    zoc[h] = 1;
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const n = graph.neighbours[k]!;
      if (n >= 0 && !soviet[n]) zoc[n] = 1;
    }
  }
  const gaps: number[] = [];
  for (const h of gapCandidates(play)) {
    if (zoc[h] || soviet[h]) continue;
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const n = graph.neighbours[k]!;
      if (n >= 0 && soviet[n]) {
        gaps.push(h);
        break;
      }
    }
  }
  return gaps.sort((a, b) => a - b).map((h) => graph.ids[h]!);
}

/**
 * The hexes that can be front gaps (the initial German front and the taken hexes), by hex
 * number, each once: one list per list of taken hexes (a capture makes a new one, 3.5).
 */
const candidateLists = new WeakMap<readonly HexId[], Int32Array>();
function gapCandidates(play: Play): Int32Array {
  let out = candidateLists.get(play.s.taken);
  if (!out) {
    const graph = graphOf(play.index);
    const listed = new Uint8Array(graph.size);
    const all: number[] = [];
    const add = (h: number) => {
      if (listed[h]) return;
      listed[h] = 1;
      all.push(h);
    };
    for (const h of initialGermanFront(play.index)) add(h);
    for (const t of play.s.taken) {
      const h = graph.number(t);
      if (h !== undefined) add(h);
    }
    out = Int32Array.from(all);
    candidateLists.set(play.s.taken, out);
  }
  return out;
}

/** German hexes at the start next to a Soviet one, by hex number (the printed front line's west side, 3.4). */
const initialGermanFronts = new WeakMap<RulesIndex, number[]>();
function initialGermanFront(index: RulesIndex): number[] {
  let out = initialGermanFronts.get(index);
  if (!out) {
    const graph = graphOf(index);
    out = [];
    for (let h = 0; h < graph.size; h++) {
      if (graph.initiallySoviet[h]) continue;
      for (let k = h * 6; k < h * 6 + 6; k++) {
        const n = graph.neighbours[k]!;
        if (n >= 0 && graph.initiallySoviet[n]) {
          out.push(h);
          break;
        }
      }
    }
    initialGermanFronts.set(index, out);
  }
  return out;
}

/** 4.3: a German hex next to at least one Soviet hex, which front integrity asks to be watched. */
export function onGermanFront(play: Play, h: HexId): boolean {
  return !play.isSoviet(h) && play.map.neighbours(h).some((n) => play.isSoviet(n));
}

/** 4.4: a town is worth 1 VP, a city 2 (Moscow counts as a city), any other hex nothing. */
export function placeVictoryPoints(kind: PlaceKind | undefined): number {
  return kind === 'town' ? 1 : kind === 'city' || kind === 'capital' ? 2 : 0;
}

/** 4.4: the VP of the hexes taken, east of the initial front line only. */
export function victoryPoints(play: Play): number {
  let vp = 0;
  for (const h of play.s.taken) vp += placeVictoryPoints(play.map.hex(h)!.place?.kind);
  return vp;
}

/** 4.4: Soviet hexes west of the 29xx column. */
export function sovietWestOf29(play: Play): HexId[] {
  return [...play.index.initiallySoviet].filter((h) => columnOf(h) < 29 && play.isSoviet(h)).sort();
}

export function holdsMoscow(play: Play): boolean {
  return play.index.moscow.some((h) => !play.isSoviet(h));
}

const initialFronts = new WeakMap<RulesIndex, number[]>();

/**
 * The Soviet hexes next to a German one: those of the initial front line still Soviet, and
 * those around a taken hex (3.4, 3.5: control only turns German), without scanning the map.
 * Searched on the numbered map (hex-graph.ts), in the order of the hex ids' lists.
 */
export function frontHexes(play: Play): Set<HexId> {
  const graph = graphOf(play.index);
  return new Set(frontHexNumbers(play).map((h) => graph.ids[h]!));
}

/** `frontHexes` by hex number, in the same order: for searches that number the map anyway. */
export function frontHexNumbers(play: Play): number[] {
  const graph = graphOf(play.index);
  const soviet = sovietMask(play);
  let initial = initialFronts.get(play.index);
  if (!initial) {
    initial = [];
    for (let h = 0; h < graph.size; h++) {
      if (!graph.initiallySoviet[h]) continue;
      for (let k = h * 6; k < h * 6 + 6; k++) {
        const n = graph.neighbours[k]!;
        if (n >= 0 && !graph.initiallySoviet[n]) {
          initial.push(h);
          break;
        }
      }
    }
    initialFronts.set(play.index, initial);
  }
  const listed = new Uint8Array(graph.size);
  const out: number[] = [];
  const add = (h: number) => {
    if (listed[h]) return;
    listed[h] = 1;
    out.push(h);
  };
  for (const h of initial) if (soviet[h]) add(h);
  for (const t of play.s.taken) {
    const h = graph.number(t);
    if (h === undefined) continue;
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const n = graph.neighbours[k]!;
      if (n >= 0 && soviet[n]) add(n);
    }
  }
  return out;
}
