import type { Scene } from '../contracts/scene.js';
import { DIRECTIONS, type HexId } from '../kernel/hex.js';
import type { LoadedMap } from '../maps/game-map.js';

/**
 * What a map shows before any game state exists: printed control (Operation Typhoon's
 * front line, Battle for Moscow's city ownership) and a title. Games add their own layers.
 */
export function printedScene(map: LoadedMap): Scene {
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
  lines.push(
    `Units now: ${stack?.counters.length ? stack.counters.map((c) => `${c.label} (strength ${c.strength}${c.reduced ? ', reduced' : ''})`).join(', ') : 'none'}`,
  );
  return lines.join('\n');
}
