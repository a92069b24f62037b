/**
 * The Fight! Typhoon Blitz map as the rules read it: the generated map (assets/maps/
 * fight-typhoon-blitz.json) and the features written next to it (deep forest, defensive
 * positions, roads, supply sources, HQ placement hexes, the Axis placement areas).
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { assetPath } from '../../contracts/assets.js';
import { type HexId, hexIdSchema } from '../../kernel/hex.js';
import { hexsideHexes, hexsideKey } from '../../kernel/hexside.js';
import { type LoadedMap, loadMap } from '../../maps/game-map.js';
import type { Side } from './state.js';

export const MAP_FILE = assetPath('maps', 'fight-typhoon-blitz.json');
const FEATURES_FILE = assetPath('maps', 'fight-typhoon-blitz-features.json');

const featuresSchema = z.object({
  source: z.string(),
  deepForest: z.array(hexIdSchema),
  positions: z.record(hexIdSchema, z.enum(['clear', 'forest', 'marsh'])),
  roads: z.array(z.string()),
  axisSources: z.array(hexIdSchema).min(1),
  sovietSources: z.array(hexIdSchema).min(1),
  hq: z.record(z.string(), hexIdSchema),
  axisFront: z.record(hexIdSchema, z.string()),
  notes: z.record(z.string(), z.string()),
});
export type FtbFeatures = z.infer<typeof featuresSchema>;

/** Hex terrain of the TEC (2.1): town is a feature on top of one of these. */
export type Terrain = 'clear' | 'light' | 'deep' | 'swamp' | 'lake' | 'major';

/** The map's sector ids (shared Army Group Centre boundaries) as this game's armies. */
const SECTOR_ARMY: Record<string, string> = { '9A': '9A', PG3: '3PzA', '4A': '4A', PG4: '4PzA', '2A': '2A', PG2: '2PzA' };

export class Board {
  readonly map: LoadedMap;
  readonly features: FtbFeatures;
  private readonly deep: ReadonlySet<HexId>;
  private readonly roads: ReadonlySet<string>;
  readonly moscow: readonly HexId[];
  readonly tula: HexId;
  /** Major cities (14.4), Moscow's two hexes included. */
  readonly majors: readonly HexId[];
  readonly places: readonly HexId[];
  readonly eastEdge: readonly HexId[];
  /** Axis initial placement hexes by army (4.0(2)): the Axis side of the start line. */
  readonly axisPlacement: Readonly<Record<string, HexId[]>>;
  private readonly roadHexes: ReadonlySet<HexId>;

  constructor(map: LoadedMap, features: FtbFeatures) {
    this.map = map;
    this.features = features;
    this.deep = new Set(features.deepForest);
    this.roads = new Set(features.roads);
    this.moscow = map.findPlace('Moscow');
    this.tula = map.findPlace('Tula')[0]!;
    this.majors = map.ids.filter((id) => {
      const k = map.hex(id)!.place?.kind;
      return k === 'city' || k === 'capital';
    });
    this.places = map.ids.filter((id) => map.hex(id)!.place);
    this.eastEdge = map.edgeHexes('E').filter((id) => !map.hex(id)!.water);
    const placement: Record<string, HexId[]> = {};
    for (const [h, sector] of Object.entries(features.axisFront)) (placement[SECTOR_ARMY[sector] ?? sector] ??= []).push(h);
    this.axisPlacement = placement;
    const rh = new Set<HexId>();
    for (const k of features.roads) for (const h of hexsideHexes(k)) rh.add(h);
    this.roadHexes = rh;
  }

  private readonly terrains = new Map<HexId, Terrain>();

  /** TEC hex terrain (1.3 of the digest): forest is light unless in the deep-forest list. */
  terrain(id: HexId): Terrain {
    let t = this.terrains.get(id);
    if (!t) {
      t = this.terrainOf(id);
      this.terrains.set(id, t);
    }
    return t;
  }

  private terrainOf(id: HexId): Terrain {
    const h = this.map.hex(id)!;
    if (h.water) return 'lake';
    const k = h.place?.kind;
    if (k === 'city' || k === 'capital') return 'major';
    const t = h.terrain === 'fortification' ? this.features.positions[id]! : h.terrain;
    if (t === 'forest') return this.deep.has(id) ? 'deep' : 'light';
    return t === 'marsh' ? 'swamp' : 'clear';
  }
  isTown(id: HexId): boolean {
    return this.map.hex(id)?.place?.kind === 'town';
  }
  isPlace(id: HexId): boolean {
    return this.map.hex(id)?.place !== undefined;
  }
  isMajor(id: HexId): boolean {
    return this.terrain(id) === 'major';
  }
  isPosition(id: HexId): boolean {
    return this.features.positions[id] !== undefined;
  }
  placeName(id: HexId): string | undefined {
    return this.map.hex(id)?.place?.name;
  }
  isRoad(a: HexId, b: HexId): boolean {
    return this.roads.has(hexsideKey(a, b));
  }
  isRoadHex(id: HexId): boolean {
    return this.roadHexes.has(id);
  }
  isRail(a: HexId, b: HexId): boolean {
    return this.map.isRailLink(a, b);
  }
  /** River or major river hexside (2.1); a road or railway across it is a bridge. */
  river(a: HexId, b: HexId): 'river' | 'major' | undefined {
    const r = this.map.river(a, b);
    return r ? (r.major ? 'major' : 'river') : undefined;
  }
  isBridge(a: HexId, b: HexId): boolean {
    return this.isRoad(a, b) || this.isRail(a, b);
  }
  /** 3.2, A-5: a hexside into or out of a lake hex is impassable. */
  impassable(a: HexId, b: HexId): boolean {
    return this.terrain(a) === 'lake' || this.terrain(b) === 'lake';
  }
  /** Who controls a hex at the start (3.4(1)): east of the start line Soviet, west Axis. */
  initial(id: HexId): Side {
    return this.map.hex(id)!.control ?? 'soviet';
  }
  neighbours(id: HexId): HexId[] {
    return this.map.neighbours(id);
  }
  distance(a: HexId, b: HexId): number {
    return this.map.grid.distance(a, b);
  }
}

let board: Board | undefined;
export function ftbBoard(): Board {
  if (!board) board = new Board(loadMap(MAP_FILE), featuresSchema.parse(JSON.parse(readFileSync(FEATURES_FILE, 'utf8'))));
  return board;
}
