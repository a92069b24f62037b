/**
 * The reach searches of earlier decisions, kept for the next ones. A move changes the units
 * of two hexes and a capture the control of a few: the reach of every force whose search
 * looked at none of those hexes is the same search, so it is taken over instead of run
 * again. Speed only: a search is reused only where running it would give the same answer.
 */
import type { HexId } from '../../../kernel/hex.js';
import type { HexGraph } from '../hex-graph.js';
import type { Reach } from '../movement.js';
import type { TyphoonState } from '../state.js';
import { takenBetween } from '../taken-list.js';

interface Remembered {
  reach: Reach;
  units: TyphoonState['units'];
  taken: readonly HexId[];
  /** `reach.examined()`, worked out the first time the search is checked against a later position. */
  examined?: Uint8Array;
}

const LIMIT = 512;
const memories = new WeakMap<HexGraph, Map<string, Remembered>>();

/**
 * The search under `key` from an earlier position, seen on this one, if it would run the
 * same here. `key` names everything else the search depends on: the force (or its kind), its
 * hex, MP, mud (12.1), the scenario and turn (7.3).
 */
export function recall(graph: HexGraph, key: string, s: TyphoonState, soviet: Uint8Array): Reach | undefined {
  const m = memories.get(graph)?.get(key);
  if (!m) return undefined;
  const changed = changedHexes(graph, m, s);
  if (!changed) return undefined;
  if (changed.length > 0) {
    m.examined ??= m.reach.examined();
    for (const h of changed) if (m.examined[h]) return undefined;
  }
  return m.reach.on(soviet);
}

export function remember(graph: HexGraph, key: string, s: TyphoonState, reach: Reach): void {
  let memory = memories.get(graph);
  if (!memory) memories.set(graph, (memory = new Map()));
  memory.delete(key);
  if (memory.size >= LIMIT) memory.delete(memory.keys().next().value!);
  memory.set(key, { reach, units: s.units, taken: s.taken });
}

/**
 * The hexes whose German units or control differ between the remembered position and `s`,
 * or undefined when the two are not comparable (another game: a hex taken there is not here).
 * Orders change the units by copying them (copy-state.ts), so the same map means the same units.
 */
function changedHexes(graph: HexGraph, m: Remembered, s: TyphoonState): number[] | undefined {
  const units = unitChanges(graph, m.units, s.units);
  if (!units) return undefined;
  const taken = takenSince(graph, m.taken, s.taken);
  if (!taken) return undefined;
  return taken.length === 0 ? units : units.length === 0 ? taken : [...units, ...taken];
}

const unitDiffs = new WeakMap<object, WeakMap<object, number[] | null>>();

function unitChanges(graph: HexGraph, before: TyphoonState['units'], now: TyphoonState['units']): number[] | undefined {
  if (before === now) return [];
  let byNow = unitDiffs.get(before);
  if (!byNow) unitDiffs.set(before, (byNow = new WeakMap()));
  let diff = byNow.get(now);
  if (diff === undefined) {
    // Copies keep the order of the units: ids and states compared side by side, by position.
    const ids = Object.keys(now);
    const had = Object.keys(before);
    const a = Object.values(before);
    const b = Object.values(now);
    diff = ids.length === had.length ? [] : null;
    for (let i = 0; diff && i < ids.length; i++) {
      if (ids[i] !== had[i]) diff = null;
      else if (a[i]!.hex !== b[i]!.hex) {
        const ha = graph.number(a[i]!.hex);
        const hb = graph.number(b[i]!.hex);
        if (ha === undefined || hb === undefined) diff = null;
        else diff.push(ha, hb);
      }
    }
    byNow.set(now, diff);
  }
  return diff ?? undefined;
}

const takenDiffs = new WeakMap<object, WeakMap<object, number[] | null>>();

/** The hexes taken in `now` and not in `before` (3.5: control only turns German); undefined when `before` is not a part of `now`. */
function takenSince(graph: HexGraph, before: readonly HexId[], now: readonly HexId[]): number[] | undefined {
  if (before === now) return [];
  let byNow = takenDiffs.get(before);
  if (!byNow) takenDiffs.set(before, (byNow = new WeakMap()));
  let diff = byNow.get(now);
  if (diff === undefined) {
    const added = takenBetween(before, now)?.map((h) => graph.number(h) ?? -1) ?? null;
    diff = added?.includes(-1) ? null : added;
    byNow.set(now, diff);
  }
  return diff ?? undefined;
}
