/**
 * Set-up for auto-play (3.2): mass units into stacks of three on chosen front hexes, so the
 * spearheads start as one force (9.0: a force is the units that start a phase in a hex).
 * One `setup-place` at a time, computed afresh from the state, until the plan stands.
 */
import type { HexId } from '../../../kernel/hex.js';
import type { TyphoonAction } from '../state.js';
import type { View } from './view.js';

export interface StackPlan {
  units: string[];
  /** Set up as close to this hex as the sector allows. */
  toward: HexId;
}

const frontRows = new WeakMap<object, Map<string, HexId[]>>();

/**
 * German hexes next to the initial front line (the first set-up row, 3.2), in a sector, or
 * anywhere along the front when `sector` is undefined (Clenched Fist, 13.3); fixed by the map, so cached.
 */
function frontRow(v: View, sector: string | undefined): HexId[] {
  let bySector = frontRows.get(v.index);
  if (!bySector) frontRows.set(v.index, (bySector = new Map()));
  let row = bySector.get(sector ?? '');
  if (!row) {
    const soviet = v.index.initiallySoviet;
    row = v.index.map.ids.filter(
      (h) =>
        !soviet.has(h) && (sector === undefined || v.index.map.hex(h)!.sector === sector) && v.neighbours(h).some((n) => soviet.has(n)),
    );
    bySector.set(sector ?? '', row);
  }
  return row;
}

const nearFront = new WeakMap<object, Set<HexId>>();

/** Hexes within three of the initial front (the set-up depth of 3.2), cached per map. */
function setupDepthHexes(v: View): Set<HexId> {
  let set = nearFront.get(v.index);
  if (!set) {
    const soviet = v.index.initiallySoviet;
    set = new Set(v.index.map.ids.filter((h) => !soviet.has(h) && v.index.map.grid.spiral(h, 2).some((n) => soviet.has(n))));
    nearFront.set(v.index, set);
  }
  return set;
}

const anchorCache = new WeakMap<object, Map<string, HexId[]>>();

/**
 * Anchors for each planned stack: distinct front-row hexes of the sector nearest each stack's
 * aim. Fixed by the map and the plans (not the state): worked out once per plan list.
 */
export function anchors(v: View, plans: StackPlan[]): Map<StackPlan, HexId> {
  let byPlans = anchorCache.get(v.index);
  if (!byPlans) anchorCache.set(v.index, (byPlans = new Map()));
  const key = `${v.s.scenario}|${JSON.stringify(plans)}`;
  let hexes = byPlans.get(key);
  if (!hexes) {
    const found = findAnchors(v, plans);
    byPlans.set(key, (hexes = plans.map((p) => found.get(p) ?? '')));
  }
  const out = new Map<StackPlan, HexId>();
  plans.forEach((p, i) => {
    if (hexes[i]) out.set(p, hexes[i]);
  });
  return out;
}

function findAnchors(v: View, plans: StackPlan[]): Map<StackPlan, HexId> {
  const out = new Map<StackPlan, HexId>();
  const used = new Set<HexId>();
  for (const p of plans) {
    const sector = ownSector(v, p.units[0]!);
    const row = frontRow(v, sector)
      .filter((h) => !used.has(h))
      .sort((a, b) => v.dist(a, p.toward) - v.dist(b, p.toward) || a.localeCompare(b));
    const hex = row[0];
    if (hex) {
      out.set(p, hex);
      used.add(hex);
    }
  }
  return out;
}

/** The next set-up move toward the plan, or `setup-done` when it stands (or cannot be improved). */
export function deploymentStep(v: View, plans: StackPlan[]): TyphoonAction {
  const at = anchors(v, plans);
  const byHex = v.unitsByHex();
  const anchorOf = new Map<string, HexId>();
  for (const [p, hex] of at) for (const u of p.units) anchorOf.set(u, hex);
  for (const [p, hex] of at) {
    const here = byHex.get(hex) ?? [];
    // Clear the anchor of units that belong elsewhere: to their own anchor if it has room,
    // else to the nearest free hex of their sector that is nobody's anchor. Units only ever
    // move onto their own anchor or off a wrong one, so this ends.
    const blocker = here.find((u) => !p.units.includes(u));
    if (blocker) {
      const own = anchorOf.get(blocker);
      const spot = own && (byHex.get(own) ?? []).every((u) => anchorOf.get(u) === own) ? own : emptySetupHex(v, blocker, hex, at);
      if (spot) return { type: 'setup-place', unit: blocker, hex: spot };
      continue;
    }
    const missing = p.units.find((u) => v.s.units[u]!.hex !== hex);
    if (missing) return { type: 'setup-place', unit: missing, hex };
  }
  return { type: 'setup-done' };
}

function emptySetupHex(v: View, unit: string, near: HexId, reserved: Map<StackPlan, HexId>): HexId | undefined {
  const taken = new Set(reserved.values());
  const byHex = v.unitsByHex();
  const sector = ownSector(v, unit);
  const soviet = v.index.initiallySoviet;
  // Within three hexes of the front (3.2), in the unit's own sector (historical), with room left (7.1, 7.3).
  const depth = setupDepthHexes(v);
  const depthOk = (h: HexId) => depth.has(h);
  const room = (h: HexId) => (byHex.get(h) ?? []).length;
  return v.index.map.ids
    .filter(
      (h) =>
        !soviet.has(h) && !taken.has(h) && room(h) < 2 && (sector === undefined || v.index.map.hex(h)!.sector === sector) && depthOk(h),
    )
    .sort((a, b) => room(a) - room(b) || v.dist(a, near) - v.dist(b, near) || a.localeCompare(b))[0];
}

/** 3.2: a unit sets up in its formation's sector; 13.3: in the Clenched Fist anywhere along the front. */
function ownSector(v: View, unit: string): string | undefined {
  return v.s.scenario === 'historical' ? v.formation(unit) : undefined;
}
