import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HexGrid, type HexId } from '../kernel/hex.js';
import { type HexsideKey, hexsideKey } from '../kernel/hexside.js';
import { type GameMap, gameMapSchema, type MapHex } from './schema.js';

/** A loaded, validated map with the lookups every game and the renderer need. */
export class LoadedMap {
  readonly grid: HexGrid;
  readonly ids: readonly HexId[];
  private readonly riverSides: Map<HexsideKey, { name?: string; major?: boolean }>;
  private readonly railLinks = new Set<HexsideKey>();
  private readonly neighbourCache = new Map<HexId, HexId[]>();

  constructor(readonly data: GameMap) {
    this.grid = new HexGrid({ lowColumns: data.grid.lowColumns });
    this.ids = Object.keys(data.hexes).sort();
    this.riverSides = new Map(data.rivers.map((r) => [r.side, { name: r.name, major: r.major }]));
    for (const rail of data.rails) {
      for (let i = 1; i < rail.path.length; i++) {
        const a = rail.path[i - 1]!;
        const b = rail.path[i]!;
        if (a.length === 4 && b.length === 4) this.railLinks.add(hexsideKey(a, b));
      }
    }
  }

  get id(): string {
    return this.data.id;
  }

  has(id: HexId): boolean {
    return Object.hasOwn(this.data.hexes, id);
  }

  hex(id: HexId): MapHex | undefined {
    return this.has(id) ? this.data.hexes[id] : undefined;
  }

  /** Neighbours that are on the map. */
  neighbours(id: HexId): HexId[] {
    let n = this.neighbourCache.get(id);
    if (!n) {
      n = this.grid
        .neighbours(id)
        .map((x) => x.id)
        .filter((x) => this.has(x));
      this.neighbourCache.set(id, n);
    }
    return n;
  }

  isRiver(a: HexId, b: HexId): boolean {
    return this.riverSides.has(hexsideKey(a, b));
  }

  river(a: HexId, b: HexId): { name?: string; major?: boolean } | undefined {
    return this.riverSides.get(hexsideKey(a, b));
  }

  /** True when a rail line runs directly from one hex into the other. */
  isRailLink(a: HexId, b: HexId): boolean {
    return this.railLinks.has(hexsideKey(a, b));
  }

  isRailHex(id: HexId): boolean {
    return this.data.rails.some((r) => r.path.includes(id));
  }

  /** Hexes on the map whose neighbour in some direction is off it, on a given edge. */
  edgeHexes(edge: 'N' | 'E' | 'S' | 'W'): HexId[] {
    const [c0, c1] = this.data.grid.columns;
    const [r0, r1] = this.data.grid.rows;
    return this.ids.filter((id) => {
      const col = Number(id.slice(0, 2));
      const row = Number(id.slice(2));
      if (edge === 'W') return col === c0;
      if (edge === 'E') return col === c1;
      if (edge === 'N') return row === r0;
      return row === r1;
    });
  }

  findPlace(name: string): HexId[] {
    const wanted = name.trim().toLowerCase();
    return this.ids.filter((id) => this.data.hexes[id]!.place?.name.toLowerCase() === wanted);
  }
}

const cache = new Map<string, LoadedMap>();

export const MAP_FILES = {
  'battle-for-moscow': 'battle-for-moscow.json',
  'operation-typhoon': 'operation-typhoon.json',
} as const;
export type MapName = keyof typeof MAP_FILES;

export function isMapName(name: string): name is MapName {
  return Object.hasOwn(MAP_FILES, name);
}

export function mapPath(name: MapName): string {
  return fileURLToPath(new URL(`../../assets/maps/${MAP_FILES[name]}`, import.meta.url));
}

/** Parse and validate map JSON; a bad file fails loudly with zod's list of problems. */
export function parseMap(json: unknown): LoadedMap {
  return new LoadedMap(gameMapSchema.parse(json));
}

export function loadMap(name: MapName): LoadedMap {
  let map = cache.get(name);
  if (!map) {
    map = parseMap(JSON.parse(readFileSync(mapPath(name), 'utf8')));
    cache.set(name, map);
  }
  return map;
}

/** The name a map was loaded by (so a worker thread can load the same one), if it was. */
export function mapNameOf(map: LoadedMap): MapName | undefined {
  for (const [name, loaded] of cache) if (loaded === map && isMapName(name)) return name;
  return undefined;
}
