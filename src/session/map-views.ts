import { UserError } from '../contracts/errors.js';
import type { ReplyFile } from '../contracts/reply.js';
import type { Scene, SideId, View } from '../contracts/scene.js';
import type { GameDef } from '../games/game-def.js';
import { DIRECTIONS, type HexId, parseHexId } from '../kernel/hex.js';
import { type LoadedMap, loadMap } from '../maps/game-map.js';
import type { GameView } from './game-sessions.js';
import { mapImage } from './map-image.js';
import { frame } from './replies.js';
import { channelSides, viewerSides } from './sight.js';

/**
 * What a map shows before any game state exists: printed control (Operation Typhoon's
 * front line, Battle for Moscow's city ownership) and a title. Games add their own layers.
 */
export function printedScene(map: LoadedMap, def?: Pick<GameDef, 'printed'>): Scene {
  const hexes: Record<HexId, 'german' | 'soviet'> = {};
  let areaControl = true;
  for (const id of map.ids) {
    const c = map.hex(id)!.control;
    if (c) hexes[id] = c;
    else areaControl = false;
  }
  const hasControl = Object.keys(hexes).length > 0;
  return {
    control: hasControl ? { style: areaControl ? 'area' : 'marker', hexes } : undefined,
    panel: { title: map.data.title, lines: ['Map at the start of play'] },
    ...def?.printed?.(),
  };
}

const TERRAIN_NAMES = { clear: 'clear', forest: 'forest', marsh: 'marsh', fortification: 'fortification' } as const;

/** A short text description of one hex: terrain, place, rivers, rails, control. */
export function describeHex(map: LoadedMap, id: HexId): string {
  const hex = map.hex(id);
  if (!hex) throw new RangeError(`no hex ${id}`);
  const lines: string[] = [];
  const place = hex.place ? ` - ${hex.place.name} (${hex.place.kind})` : '';
  lines.push(`**Hex ${id}**${place}`);
  lines.push(`Terrain: ${hex.water ? 'lake (drawn as water; counts as marsh)' : TERRAIN_NAMES[hex.terrain]}`);
  const rivers: string[] = [];
  const rails: string[] = [];
  for (const dir of DIRECTIONS) {
    const n = map.grid.step(id, dir);
    if (!n) continue;
    const river = map.river(id, n);
    if (river) rivers.push(`${dir}${river.name ? ` (${river.name})` : ''}`);
    if (map.isRailLink(id, n)) rails.push(`${dir} to ${n}`);
  }
  lines.push(`River hexsides: ${rivers.length ? rivers.join(', ') : 'none'}`);
  if (map.data.rails.length)
    lines.push(`Railroad: ${rails.length ? rails.join(', ') : map.isRailHex(id) ? 'runs off the map here' : 'none'}`);
  if (hex.control) lines.push(`Control at start: ${hex.control === 'german' ? 'German' : 'Soviet'}`);
  if (hex.sector) {
    const sector = map.data.sectors.find((s) => s.id === hex.sector);
    lines.push(`Sector: ${sector?.name ?? hex.sector}`);
  }
  if (hex.setup) lines.push(`Set-up hex: ${hex.setup === 'german' ? 'German (cross)' : 'Soviet (star)'}`);
  lines.push(`Neighbours: ${map.neighbours(id).join(' ')}`);
  return lines.join('\n');
}

/**
 * A hex as a game now stands: who controls it (and whether that changed since the start)
 * and the counters in it, top first, with their strength. Read from the game's scene, so any
 * game that draws its units gets it.
 */
export function describeHexNow(map: LoadedMap, scene: Scene, id: HexId): string {
  const lines: string[] = [];
  const now = scene.control?.hexes[id];
  const sideName = (side: 'german' | 'soviet') => scene.sides?.[side]?.name ?? (side === 'german' ? 'German' : 'Soviet');
  if (now) {
    const start = map.hex(id)?.control;
    lines.push(`Control now: ${sideName(now)}${start && start !== now ? ` (taken; ${sideName(start)} at the start)` : ''}`);
  }
  const stack = scene.stacks?.find((st) => st.hex === id);
  // Counters face down to the viewer (fog of war) are counted, not named.
  const shown = stack?.counters.filter((c) => !c.hidden) ?? [];
  const hidden = (stack?.counters.length ?? 0) - shown.length;
  const units = shown.map((c) => `${c.label} (strength ${c.strength}${c.reduced ? ', reduced' : ''})`);
  if (hidden) units.push(`${hidden} more beneath, unseen (fog of war)`);
  lines.push(`Units now: ${units.length ? units.join(', ') : 'none'}`);
  return lines.join('\n');
}

/**
 * The reach view: where the force in `hex` can move now, each reachable hex shaded with the
 * movement points it costs, framed to hold them all. Any front end (a command, a select
 * menu choosing a stack) attaches it as it is. Refused with the rule when nothing there may
 * move now, or when the game has no reach to show.
 */
export function reachScene(def: GameDef, state: unknown, hex: HexId, seen?: readonly SideId[]): { scene: Scene; view: View; text: string } {
  const map = loadMap(def.mapFile);
  if (!parseHexId(hex) || !map.has(hex)) throw new UserError(`There is no hex ${hex} on the ${map.data.title} map.`);
  if (!def.reach) throw new UserError(`${def.name} has no reach view.`);
  const reach = def.reach(state, hex);
  const base = def.scene(state, [], seen);
  const hexes = Object.keys(reach.costs);
  const count = hexes.length;
  const text = count
    ? `${reach.force}: can reach ${count} ${count === 1 ? 'hex' : 'hexes'} (shaded, with the MP each costs).`
    : `${reach.force}: no hex it can reach now.`;
  const scene: Scene = {
    ...base,
    reach: { from: hex, costs: reach.costs, battle: reach.battle },
    highlights: { selected: [hex] },
    arrows: undefined,
    battles: base.battles,
    panel: base.panel ? { ...base.panel, lines: [...base.panel.lines, `Reach of ${reach.force}`] } : undefined,
  };
  const { center, radius } = frame(map, [hex, ...hexes]);
  return { scene, view: { kind: 'zoom', center, radius }, text };
}

/** The reach view of the channel game's force in `hex`, as a picture to attach: for the channel, or for `viewer` alone (fog of war). */
export async function reachImage(view: GameView, hex: HexId, viewer?: string): Promise<{ file: ReplyFile; text: string }> {
  const seen = viewer === undefined ? channelSides(view) : viewerSides(view, viewer);
  const { scene, view: v, text } = reachScene(view.def, view.doc.state, hex, seen);
  const file = await mapImage(loadMap(view.def.mapFile), scene, v, `${view.def.id}-${view.doc.id}-v${view.doc.version}-reach-${hex}`);
  return { file, text };
}
