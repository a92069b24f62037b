/**
 * Terrain effects chart. Source: reference.md 1.2 (the GDW terrain key) and the rules'
 * Movement, Rail Movement and Combat: Terrain Effects paragraphs.
 */
import { z } from 'zod';

export const terrainEffectSchema = z.object({
  /** Hexes of movement it counts as, in a normal movement phase. */
  moveCost: z.number().int().positive(),
  /** Hexes of movement it counts as in the Soviet rail movement phase. */
  railCost: z.number().int().positive(),
  /** Odds levels a defender here shifts the attack down. */
  defenceShift: z.number().int().min(0),
  /** The shift helps only defenders of this side (fortifications: Soviet only). */
  shiftFor: z.enum(['both', 'soviet']),
  source: z.string().min(1),
});
export type TerrainEffect = z.infer<typeof terrainEffectSchema>;

export const TERRAIN = z.record(z.enum(['clear', 'forest', 'fortification', 'moscow']), terrainEffectSchema).parse({
  clear: { moveCost: 1, railCost: 1, defenceShift: 0, shiftFor: 'both', source: 'reference.md 1.2' },
  forest: {
    moveCost: 2,
    railCost: 1,
    defenceShift: 1,
    shiftFor: 'both',
    source: 'reference.md 1.2; Movement ("a forest hex counts as two hexes"), Rail Movement ("counts as only one hex")',
  },
  fortification: {
    moveCost: 1,
    railCost: 1,
    defenceShift: 1,
    shiftFor: 'soviet',
    source: 'reference.md 1.2; Combat: Terrain Effects ("a Soviet unit in a fortification")',
  },
  moscow: {
    moveCost: 1,
    railCost: 1,
    defenceShift: 1,
    shiftFor: 'both',
    source: 'reference.md 1.2; Combat: Terrain Effects ("is in Moscow")',
  },
});

/** All attackers across a river from the defender: one more level down. */
export const RIVER_SHIFT = { shift: 1, source: 'reference.md 1.2; Combat: Terrain Effects' } as const;
