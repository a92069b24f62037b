import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { assetPath } from '../contracts/assets.js';
import { columnOf, HexGrid, type HexId, rowOf } from '../kernel/hex.js';
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
      const col = columnOf(id);
      const row = rowOf(id);
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

/**
 * A map is named by its file: an absolute path, or the name of a file in assets/maps
 * ("operation-typhoon" is assets/maps/operation-typhoon.json). Which game uses which map
 * is the game's own business (its definition's `mapFile`).
 */
export type MapName = string;

export function mapPath(name: MapName): string {
  return isAbsolute(name) ? name : assetPath('maps', `${name}.json`);
}

/** Parse and validate map JSON; a bad file fails loudly with zod's list of problems. */
export function parseMap(json: unknown): LoadedMap {
  return new LoadedMap(gameMapSchema.parse(json));
}

export function loadMap(name: MapName): LoadedMap {
  const path = mapPath(name);
  let map = cache.get(path);
  if (!map) {
    map = parseMap(JSON.parse(readFileSync(path, 'utf8')));
    cache.set(path, map);
  }
  return map;
}

/** The file a map was loaded from (so a worker thread can load the same one), if it was loaded from one. */
export function mapFileOf(map: LoadedMap): string | undefined {
  for (const [path, loaded] of cache) if (loaded === map) return path;
  return undefined;
}
