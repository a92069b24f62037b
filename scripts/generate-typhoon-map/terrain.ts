/**
 * In-hex terrain: hand-drawn forest and marsh areas (data/typhoon-map/terrain.json) and the
 * kept lakes (lakes.geojson), sampled at 13 points per hex.
 *
 * A hex takes the terrain of the majority of its sample points (ties go to the terrain at
 * the centre). A hex at least half covered by a lake is `marsh` with `water: true`: our
 * reading of the rules, which know only clear, forest and marsh, is that a lake hex is
 * treated as marsh for movement and combat and drawn as water.
 */

import { z } from 'zod';
import { pointInPolygon } from './geometry.js';
import { type GridKm, HEX_KM, HEX_RADIUS_KM, hexCentreKm, toGridKm } from './projection.js';

const lonLat = z.tuple([z.number(), z.number()]);

export const terrainInputSchema = z.object({
  source: z.string(),
  note: z.string(),
  default: z.literal('clear'),
  areas: z.array(
    z.object({
      terrain: z.enum(['clear', 'forest', 'marsh']),
      name: z.string().min(1),
      note: z.string(),
      polygon: z.array(lonLat).min(3),
    }),
  ),
});
export type TerrainInput = z.infer<typeof terrainInputSchema>;

export const lakesInputSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.object({ name: z.string(), from: z.string() }),
      geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(lonLat))) }),
    }),
  ),
});
export type LakesInput = z.infer<typeof lakesInputSchema>;

export type NaturalTerrain = 'clear' | 'forest' | 'marsh';
const ORDER: readonly NaturalTerrain[] = ['clear', 'forest', 'marsh'];

/** Share of sample points a lake must cover for the hex to count as water. */
export const WATER_SHARE = 0.5;

const ring = (points: readonly (readonly [number, number])[]): GridKm[] => points.map(([lon, lat]) => toGridKm(lon, lat));

export class TerrainModel {
  private readonly areas: { terrain: NaturalTerrain; rings: GridKm[][] }[];
  private readonly lakes: GridKm[][][];

  constructor(terrain: TerrainInput, lakes: LakesInput) {
    this.areas = terrain.areas.map((a) => ({ terrain: a.terrain, rings: [ring(a.polygon)] }));
    this.lakes = lakes.features.flatMap((f) => f.geometry.coordinates.map((poly) => poly.map(ring)));
  }

  /** Terrain at a point: the last area that contains it, else clear. */
  terrainAt(p: GridKm): NaturalTerrain {
    let t: NaturalTerrain = 'clear';
    for (const a of this.areas) if (pointInPolygon(p, a.rings)) t = a.terrain;
    return t;
  }

  inLake(p: GridKm): boolean {
    return this.lakes.some((rings) => pointInPolygon(p, rings));
  }

  hex(col: number, row: number): { terrain: NaturalTerrain; water: boolean } {
    const points = samplePoints(col, row);
    const wet = points.filter((p) => this.inLake(p)).length;
    if (wet / points.length >= WATER_SHARE) return { terrain: 'marsh', water: true };
    const counts = new Map<NaturalTerrain, number>(ORDER.map((t) => [t, 0]));
    for (const p of points) {
      const t = this.terrainAt(p);
      counts.set(t, counts.get(t)! + 1);
    }
    const best = Math.max(...counts.values());
    const centre = this.terrainAt(points[0]!);
    const terrain = counts.get(centre) === best ? centre : ORDER.find((t) => counts.get(t) === best)!;
    return { terrain, water: false };
  }
}

/** The centre, six points towards the corners and six towards the side midpoints. */
export function samplePoints(col: number, row: number): GridKm[] {
  const c = hexCentreKm(col, row);
  const out: GridKm[] = [c];
  for (let i = 0; i < 6; i++) {
    const corner = (Math.PI / 3) * i;
    const side = corner + Math.PI / 6;
    out.push({ x: c.x + 0.6 * HEX_RADIUS_KM * Math.cos(corner), y: c.y + 0.6 * HEX_RADIUS_KM * Math.sin(corner) });
    out.push({ x: c.x + 0.3 * HEX_KM * Math.cos(side), y: c.y + 0.3 * HEX_KM * Math.sin(side) });
  }
  return out;
}
