/**
 * One control position (the taken hexes) as the policies see it, shared by every decision
 * that sees the same list: states are copied on each order, so the list's identity says
 * nothing; comparing it once per decision lets cost fields and ring gaps be kept per position.
 */
import type { HexId } from '../../../kernel/hex.js';
import { graphOf, type HexGraph } from '../hex-graph.js';
import { takenBetween } from '../taken-list.js';
import type { View } from './view.js';

export interface Control {
  taken: readonly HexId[];
  /** 1 for each hex Soviet in this position, by hex number. */
  soviet: Uint8Array;
  /** The hexes taken between an earlier position and this one, worked out once for all fields. */
  since: WeakMap<Control, number[] | null>;
}
const lastControl = new WeakMap<object, Control>();

export function controlOf(v: View): Control {
  const graph = graphOf(v.index);
  const taken = v.s.taken;
  const last = lastControl.get(v.index);
  if (last && (last.taken === taken || sameList(last.taken, taken))) return last;
  const soviet = graph.initiallySoviet.slice();
  for (const h of taken) {
    const n = graph.number(h);
    if (n !== undefined) soviet[n] = 0;
  }
  const control: Control = { taken, soviet, since: new WeakMap() };
  lastControl.set(v.index, control);
  return control;
}

function sameList(a: readonly HexId[], b: readonly HexId[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The hexes taken in `now` and not in `before`; null when `before` is not a subset (another game). */
export function newlyTaken(graph: HexGraph, before: Control, now: Control): number[] | null {
  let added = now.since.get(before);
  if (added === undefined) {
    added = takenBetween(before.taken, now.taken)?.map((h) => graph.number(h)!) ?? null;
    now.since.set(before, added);
  }
  return added;
}
