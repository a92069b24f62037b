import { z } from 'zod';
import { HexGrid, hexIdSchema, parseHexId } from '../kernel/hex.js';
import { hexsideHexes, hexsideKeySchema } from '../kernel/hexside.js';

/**
 * The printed map of a game as validated data: hexes, hexsides and names, never rules.
 * Both games share this shape; what a terrain or a place means is the rules engine's
 * business.
 */

const sideSchema = z.enum(['german', 'soviet']);
/** Where a rail line leaves the map: the edge it runs off. */
const edgeSchema = z.enum(['N', 'E', 'S', 'W']);

export const terrainSchema = z.enum(['clear', 'forest', 'marsh', 'fortification']);
export type Terrain = z.infer<typeof terrainSchema>;

export const placeSchema = z.object({
  name: z.string().min(1),
  /** capital: Moscow; the rules decide what each kind is worth. */
  kind: z.enum(['town', 'city', 'capital']),
  /** Where the label sits relative to the hex centre, to keep names off counters. */
  label: z.enum(['above', 'below']).optional(),
});
export type Place = z.infer<typeof placeSchema>;

export const mapHexSchema = z.object({
  terrain: terrainSchema,
  place: placeSchema.optional(),
  /** A set-up symbol printed in the hex (Battle for Moscow's crosses and stars). */
  setup: sideSchema.optional(),
  /** Who holds the hex when play starts (the printed front line separates the two). */
  control: sideSchema.optional(),
  /** Army or panzer group sector the hex lies in, by sector id. */
  sector: z.string().optional(),
  /** A lake or reservoir fills most of the hex (drawn as water). */
  water: z.boolean().optional(),
});
export type MapHex = z.infer<typeof mapHexSchema>;

export const riverSchema = z.object({
  side: hexsideKeySchema,
  name: z.string().optional(),
  /** Major rivers are drawn thicker. */
  major: z.boolean().optional(),
});

export const railSchema = z.object({
  name: z.string().optional(),
  /** Consecutive hexes of the line; an edge letter at either end means it runs off the map. */
  path: z.array(z.union([hexIdSchema, edgeSchema])).min(2),
});

export const sectorSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  side: sideSchema,
  /** Counter colours from the rulebook (2.6): background and text. */
  colour: z.string().regex(/^#[0-9a-f]{6}$/i),
  text: z.string().regex(/^#[0-9a-f]{6}$/i),
});

export const gameMapSchema = z
  .object({
    id: z.string().min(1),
    title: z.string().min(1),
    /** Where the data comes from; reconstructions say so. */
    source: z.string().min(1),
    grid: z.object({
      lowColumns: z.enum(['even', 'odd']),
      columns: z.tuple([z.number().int().min(1), z.number().int().max(99)]),
      rows: z.tuple([z.number().int().min(1), z.number().int().max(99)]),
    }),
    /** Map edges through which each side traces supply or communication. */
    supplyEdges: z.partialRecord(sideSchema, z.array(edgeSchema)).default({}),
    sectors: z.array(sectorSchema).default([]),
    hexes: z.record(hexIdSchema, mapHexSchema),
    rivers: z.array(riverSchema).default([]),
    rails: z.array(railSchema).default([]),
  })
  .superRefine((map, ctx) => {
    const grid = new HexGrid({ lowColumns: map.grid.lowColumns });
    const [c0, c1] = map.grid.columns;
    const [r0, r1] = map.grid.rows;
    const inGrid = (id: string) => {
      const o = parseHexId(id);
      return !!o && o.col >= c0 && o.col <= c1 && o.row >= r0 && o.row <= r1;
    };
    for (const id of Object.keys(map.hexes)) {
      if (!inGrid(id)) ctx.addIssue({ code: 'custom', message: `hex ${id} lies outside the grid`, path: ['hexes', id] });
    }
    const sectorIds = new Set(map.sectors.map((s) => s.id));
    for (const [id, hex] of Object.entries(map.hexes)) {
      if (hex.sector !== undefined && !sectorIds.has(hex.sector)) {
        ctx.addIssue({ code: 'custom', message: `hex ${id} names unknown sector ${hex.sector}`, path: ['hexes', id] });
      }
    }
    const seen = new Set<string>();
    map.rivers.forEach((river, i) => {
      const [a, b] = hexsideHexes(river.side);
      if (a >= b) ctx.addIssue({ code: 'custom', message: `hexside ${river.side} must list the lower id first`, path: ['rivers', i] });
      if (seen.has(river.side)) ctx.addIssue({ code: 'custom', message: `hexside ${river.side} listed twice`, path: ['rivers', i] });
      seen.add(river.side);
      if (grid.directionTo(a, b) === undefined) {
        ctx.addIssue({ code: 'custom', message: `hexside ${river.side} joins hexes that are not adjacent`, path: ['rivers', i] });
      }
      if (!map.hexes[a] && !map.hexes[b]) {
        ctx.addIssue({ code: 'custom', message: `hexside ${river.side} touches no map hex`, path: ['rivers', i] });
      }
    });
    map.rails.forEach((rail, i) => {
      rail.path.forEach((step, j) => {
        if (step.length === 1) {
          if (j !== 0 && j !== rail.path.length - 1) {
            ctx.addIssue({ code: 'custom', message: `rail ${rail.name ?? i}: an edge may only end a line`, path: ['rails', i] });
          }
          return;
        }
        if (!map.hexes[step]) ctx.addIssue({ code: 'custom', message: `rail ${rail.name ?? i}: no hex ${step}`, path: ['rails', i] });
        const prev = rail.path[j - 1];
        if (prev !== undefined && prev.length === 4 && grid.directionTo(prev, step) === undefined) {
          ctx.addIssue({ code: 'custom', message: `rail ${rail.name ?? i}: ${prev} and ${step} are not adjacent`, path: ['rails', i] });
        }
      });
    });
  });

export type GameMap = z.infer<typeof gameMapSchema>;
export type Side = z.infer<typeof sideSchema>;
