/**
 * Towns and cities (data/typhoon-map/places.json) placed in the hex that contains their
 * coordinates. Moscow fills two hexes (rules 4.5, 8.1, 11.2): the one containing its
 * coordinates and the neighbour whose centre is nearest to them (ties: the first in the
 * kernel's direction order N, NE, SE, S, SW, NW). Two places may never share a hex.
 */

import { z } from 'zod';
import { formatHexId, HexGrid, type HexId } from '../../src/kernel/hex.js';
import { hexAtKm, hexCentreKm, LOW_COLUMNS, onMap, toGridKm } from './projection.js';

export const placesInputSchema = z.object({
  source: z.string(),
  note: z.string(),
  places: z.array(
    z.object({
      name: z.string().min(1),
      lon: z.number(),
      lat: z.number(),
      kind: z.enum(['town', 'city', 'capital']),
      hexes: z.literal(2).optional(),
      label: z.enum(['above', 'below']).optional(),
      held1941_11_01: z.enum(['german', 'soviet']),
      note: z.string().optional(),
    }),
  ),
});
export type PlacesInput = z.infer<typeof placesInputSchema>;
export type PlaceInput = PlacesInput['places'][number];

export interface PlacedHex {
  hex: HexId;
  place: PlaceInput;
}

export function placeHexes(input: PlacesInput): PlacedHex[] {
  const grid = new HexGrid({ lowColumns: LOW_COLUMNS });
  const out: PlacedHex[] = [];
  const used = new Map<HexId, string>();
  const claim = (hex: HexId, place: PlaceInput) => {
    const other = used.get(hex);
    if (other) throw new Error(`${place.name} and ${other} both fall in hex ${hex}: move or drop the lesser one`);
    used.set(hex, place.name);
    out.push({ hex, place });
  };
  for (const place of input.places) {
    const p = toGridKm(place.lon, place.lat);
    const { col, row } = hexAtKm(p);
    if (!onMap(col, row)) throw new Error(`${place.name} (${place.lon}, ${place.lat}) lies off the map`);
    const hex = formatHexId({ col, row });
    claim(hex, place);
    if (place.hexes === 2) {
      let best: HexId | undefined;
      let bestD = Infinity;
      for (const n of grid.neighbours(hex)) {
        const c = Number(n.id.slice(0, 2));
        const r = Number(n.id.slice(2));
        if (!onMap(c, r)) continue;
        const q = hexCentreKm(c, r);
        const d = Math.hypot(q.x - p.x, q.y - p.y);
        if (d < bestD) {
          bestD = d;
          best = n.id;
        }
      }
      if (!best) throw new Error(`${place.name} has no second hex on the map`);
      claim(best, place);
    }
  }
  return out;
}
