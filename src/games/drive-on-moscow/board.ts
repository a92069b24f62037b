/**
 * The Drive on Moscow map as the rules read it: the generated map (assets/maps/
 * drive-on-moscow.json) and the features written next to it (fortifications with their
 * natural terrain, supply sources, reservoir hexsides, the Reserve Front area, the sheets).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { assetPath } from '../../contracts/assets.js';
import { type HexId, hexIdSchema, rowOf } from '../../kernel/hex.js';
import { hexsideKey } from '../../kernel/hexside.js';
import { type LoadedMap, loadMap } from '../../maps/game-map.js';

export const MAP_FILE = assetPath('maps', 'drive-on-moscow.json');
const FEATURES_FILE = assetPath('maps', 'drive-on-moscow-features.json');

const featuresSchema = z.object({
  source: z.string(),
  fortifications: z.record(hexIdSchema, z.enum(['clear', 'forest', 'marsh'])),
  supplySources: z.array(hexIdSchema).length(6),
  reservoirs: z.array(z.string()),
  reserve: z.array(hexIdSchema),
  southFromRow: z.number().int(),
  notes: z.record(z.string(), z.string()),
});

export type Natural = 'clear' | 'forest' | 'marsh';

export class Board {
  readonly map: LoadedMap;
  readonly forts: ReadonlyMap<HexId, Natural>;
  readonly sources: readonly HexId[];
  private readonly reservoirs: ReadonlySet<string>;
  readonly reserve: ReadonlySet<HexId>;
  readonly southFromRow: number;
  /** West map edge: the German supply sources (8.2). */
  readonly westEdge: readonly HexId[];
  /** Soviet hexes next to a German hex at the start: the front-line hexes of 3.3 (ambiguity 14). */
  readonly frontHexes: readonly HexId[];
  /** Towns and cities west of the initial front line (4.4). */
  readonly westPlaces: ReadonlySet<HexId>;
  readonly moscow: readonly HexId[];
  readonly cities: Readonly<Record<string, HexId>>;

  constructor(map: LoadedMap, features: z.infer<typeof featuresSchema>) {
    this.map = map;
    this.forts = new Map(Object.entries(features.fortifications));
    this.sources = features.supplySources;
    this.reservoirs = new Set(features.reservoirs);
    this.reserve = new Set(features.reserve);
    this.southFromRow = features.southFromRow;
    this.westEdge = map.edgeHexes('W');
    this.frontHexes = map.ids.filter((id) => this.initial(id) === 'soviet' && map.neighbours(id).some((n) => this.initial(n) === 'german'));
    this.westPlaces = new Set(map.ids.filter((id) => map.hex(id)!.place && this.initial(id) === 'german'));
    this.moscow = map.findPlace('Moscow');
    const cities: Record<string, HexId> = {};
    for (const id of map.ids) {
      const p = map.hex(id)!.place;
      if (p?.kind === 'city') cities[p.name] = id;
    }
    this.cities = cities;
  }

  /** Who controls a hex at the start (3.7). */
  initial(id: HexId): 'german' | 'soviet' {
    return this.map.hex(id)!.control ?? 'soviet';
  }

  /** The one natural terrain of a hex (10.7); cities and towns are clear (10.8). */
  natural(id: HexId): Natural {
    const t = this.map.hex(id)!.terrain;
    return t === 'fortification' ? this.forts.get(id)! : t;
  }

  isFort(id: HexId): boolean {
    return this.forts.has(id);
  }
  isCity(id: HexId): boolean {
    const k = this.map.hex(id)?.place?.kind;
    return k === 'city' || k === 'capital';
  }
  isTownOrCity(id: HexId): boolean {
    return this.map.hex(id)?.place !== undefined;
  }
  placeName(id: HexId): string | undefined {
    return this.map.hex(id)?.place?.name;
  }
  isReservoir(a: HexId, b: HexId): boolean {
    return this.reservoirs.has(hexsideKey(a, b));
  }
  /** A river hexside that is not a reservoir (10.9). */
  isRiver(a: HexId, b: HexId): boolean {
    return this.map.isRiver(a, b) && !this.isReservoir(a, b);
  }
  isSouthSheet(id: HexId): boolean {
    return rowOf(id) >= this.southFromRow;
  }
  neighbours(id: HexId): HexId[] {
    return this.map.neighbours(id);
  }
  distance(a: HexId, b: HexId): number {
    return this.map.grid.distance(a, b);
  }
}

let board: Board | undefined;
export function domBoard(): Board {
  if (!board) board = new Board(loadMap(MAP_FILE), featuresSchema.parse(JSON.parse(readFileSync(FEATURES_FILE, 'utf8'))));
  return board;
}
