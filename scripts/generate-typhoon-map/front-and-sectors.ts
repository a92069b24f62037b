/**
 * Start-of-play control and army sectors.
 *
 * Control (rule 3.4): a hex whose centre lies east of the 30 September 1941 front line
 * (data/typhoon-map/front-1941-09-30.json, strictly monotone in latitude) is Soviet, any
 * other hex German.
 *
 * Sectors (rule 3.2): five boundaries (sector-boundaries.json) each start on the front at
 * a given latitude and run west off the map; east of the front point a boundary continues
 * due east. A German hex lies in the sector between the boundary north of its centre and
 * the boundary south of it. Soviet hexes have no sector.
 */

import { z } from 'zod';
import { isMonotone, xAtY, yAtX } from './geometry.js';
import { type GridKm, toGridKm } from './projection.js';

export const frontInputSchema = z.object({
  name: z.string(),
  source: z.string(),
  note: z.string(),
  points: z.array(z.object({ lon: z.number(), lat: z.number(), note: z.string() })).min(2),
});
export type FrontInput = z.infer<typeof frontInputSchema>;

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/i);

export const sectorsInputSchema = z.object({
  source: z.string(),
  note: z.string(),
  sectors: z
    .array(
      z.object({
        id: z.string().min(1),
        name: z.string().min(1),
        side: z.literal('german'),
        colour: hexColour,
        text: hexColour,
        note: z.string(),
      }),
    )
    .min(1),
  boundaries: z.array(
    z.object({
      north: z.string(),
      south: z.string(),
      frontLat: z.number(),
      west: z.array(z.tuple([z.number(), z.number()])).min(1),
      note: z.string(),
    }),
  ),
});
export type SectorsInput = z.infer<typeof sectorsInputSchema>;

export type Side = 'german' | 'soviet';

export class FrontLine {
  readonly line: GridKm[];

  constructor(input: FrontInput) {
    this.line = input.points.map((p) => toGridKm(p.lon, p.lat));
    if (!isMonotone(this.line.map((p) => p.y))) {
      throw new Error('the front line must run strictly north to south (monotone in latitude)');
    }
  }

  /** Grid x of the front at grid height y. */
  xAt(y: number): number {
    return xAtY(this.line, y);
  }

  controlAt(p: GridKm): Side {
    return p.x > this.xAt(p.y) ? 'soviet' : 'german';
  }
}

export class Sectors {
  /** Boundaries north to south, each a line running from the front westward. */
  readonly boundaries: { north: string; south: string; line: GridKm[] }[];
  readonly ids: string[];

  constructor(input: SectorsInput, front: FrontLine) {
    this.ids = input.sectors.map((s) => s.id);
    if (input.boundaries.length !== this.ids.length - 1) {
      throw new Error(`${this.ids.length} sectors need ${this.ids.length - 1} boundaries`);
    }
    this.boundaries = input.boundaries.map((b, i) => {
      if (b.north !== this.ids[i] || b.south !== this.ids[i + 1]) {
        throw new Error(`boundary ${i} must separate ${this.ids[i]} and ${this.ids[i + 1]}, not ${b.north}/${b.south}`);
      }
      const y = toGridKm(0, b.frontLat).y;
      const start = { x: front.xAt(y), y };
      const line = [start, ...b.west.map(([lon, lat]) => toGridKm(lon, lat))];
      if (!isMonotone(line.map((p) => p.x)) || line[1]!.x >= start.x) {
        throw new Error(`boundary ${b.north}/${b.south} must run westward from the front`);
      }
      return { north: b.north, south: b.south, line };
    });
  }

  /** The sector of a point: how many boundaries lie north of it picks the band. */
  sectorAt(p: GridKm): string {
    let i = 0;
    for (const b of this.boundaries) if (yAtX(b.line, p.x) < p.y) i++;
    return this.ids[i]!;
  }

  /** Boundaries must not cross: checked at the given x positions. */
  assertOrdered(xs: readonly number[]): void {
    for (const x of xs) {
      const ys = this.boundaries.map((b) => yAtX(b.line, x));
      for (let i = 1; i < ys.length; i++) {
        if (!(ys[i]! > ys[i - 1]!)) throw new Error(`sector boundaries cross near x=${x.toFixed(1)} km`);
      }
    }
  }
}
