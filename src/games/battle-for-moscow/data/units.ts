/**
 * The counter manifest: every unit with its full and half strength, movement allowance and
 * where it starts. Source: reference.md 1.8 (the 1996 grognard counter sheet, values agreeing
 * with the rulebook's Game Components manifest); set-up hexes from reference.md 1.5.
 */

import { z } from 'zod';
import { hexIdSchema } from '../../../kernel/hex.js';

const hexId = hexIdSchema;

export const unitSpecSchema = z
  .object({
    id: z.string().min(1),
    /** Printed designation: "XXIV" (corps) or "16" (army). */
    label: z.string().min(1),
    side: z.enum(['german', 'soviet']),
    type: z.enum(['panzer', 'infantry']),
    /** XXX corps, XXXX army (historical interest only, per Game Components). */
    size: z.enum(['XXX', 'XXXX']),
    full: z.number().int().positive(),
    half: z.number().int().positive(),
    movement: z.number().int().positive(),
    /** The set-up hex, or "pool": not on the map at the start (available as a replacement). */
    start: z.union([hexId, z.literal('pool')]),
    /** First turn it may be taken as a replacement, when restricted (1st Shock Army). */
    availableFromTurn: z.number().int().min(1).max(7).optional(),
    source: z.string().min(1),
  })
  .refine((u) => u.half < u.full, 'a half-strength counter is weaker than the full-strength one');
export type UnitSpec = z.infer<typeof unitSpecSchema>;

const MANIFEST = 'reference.md 1.8';
const G_SETUP = `${MANIFEST}; hex: one default placement on the crosses of 1.5 (Starting the Game: the German player chooses)`;
const S_SETUP = `${MANIFEST}; hex: 1.5 (Starting the Game: all Soviet units alike, any unit on any star)`;

type Row = [id: string, type: 'panzer' | 'infantry', full: number, half: number, start: string];

/**
 * German corps, all MA 6 (panzer) or 4 (infantry). The default placement follows the 1941
 * order of battle north to south (3rd Panzer Group XLI, LVI north; 4th Panzer Group XL, XLVI,
 * LVII centre; 2nd Panzer Group XXIV, XLVII, XLVIII south) on the front-line crosses; the
 * German player may rearrange it before play.
 */
const GERMAN: Row[] = [
  ['XXIV', 'panzer', 12, 6, '0409'],
  ['XLI', 'panzer', 12, 6, '0201'],
  ['LVII', 'panzer', 12, 6, '0406'],
  ['XLVI', 'panzer', 10, 5, '0306'],
  ['XLVII', 'panzer', 9, 4, '0410'],
  ['LVI', 'panzer', 9, 4, '0202'],
  ['XL', 'panzer', 8, 4, '0305'],
  ['XLVIII', 'panzer', 8, 4, '0408'],
  ['XXII', 'infantry', 8, 4, '0103'],
  ['XXXV', 'infantry', 8, 4, '0310'],
  ['VII', 'infantry', 7, 4, '0205'],
  ['VIII', 'infantry', 7, 4, '0203'],
  ['IX', 'infantry', 7, 4, '0204'],
  ['V', 'infantry', 6, 3, '0104'],
  ['XIII', 'infantry', 6, 3, '0407'],
  ['XX', 'infantry', 6, 3, '0106'],
  ['XXVII', 'infantry', 6, 3, '0206'],
  ['LIII', 'infantry', 6, 3, '0309'],
  ['VI', 'infantry', 5, 2, '0107'],
  ['XII', 'infantry', 5, 2, '0307'],
  ['XXXIV', 'infantry', 4, 2, '0209'],
  ['XLII', 'infantry', 4, 2, '0210'],
];

/**
 * Soviet armies, all infantry 8-4 / 4-4 except 1st Shock 10-4 / 5-4. Placement follows the
 * armies' 1941 order north to south; 10, 32 and 40 are the three left over (Starting the
 * Game: "four units left over, counting the 1st Shock Army").
 */
const SOVIET: [label: string, start: string][] = [
  ['29', '0301'],
  ['30', '0302'],
  ['19', '0303'],
  ['16', '0304'],
  ['20', '0405'],
  ['24', '0504'],
  ['43', '0505'],
  ['33', '0506'],
  ['49', '0507'],
  ['50', '0508'],
  ['3', '0509'],
  ['13', '0510'],
  ['5', '0803'],
  ['10', 'pool'],
  ['32', 'pool'],
  ['40', 'pool'],
];

export const UNITS: readonly UnitSpec[] = z.array(unitSpecSchema).parse([
  ...GERMAN.map(([id, type, full, half, start]) => ({
    id,
    label: id,
    side: 'german',
    type,
    size: 'XXX',
    full,
    half,
    movement: type === 'panzer' ? 6 : 4,
    start,
    source: G_SETUP,
  })),
  ...SOVIET.map(([label, start]) => ({
    id: `${label}A`,
    label,
    side: 'soviet',
    type: 'infantry',
    size: 'XXXX',
    full: 8,
    half: 4,
    movement: 4,
    start,
    source: start === 'pool' ? `${MANIFEST}; left over at set-up (Starting the Game)` : S_SETUP,
  })),
  {
    id: '1ShA',
    label: '1 Sh',
    side: 'soviet',
    type: 'infantry',
    size: 'XXXX',
    full: 10,
    half: 5,
    movement: 4,
    start: 'pool',
    availableFromTurn: 4,
    source: `${MANIFEST}; 1st Shock Army section: not set up, no replacement before turn 4 (Nov I/II)`,
  },
]);

const BY_ID = new Map(UNITS.map((u) => [u.id, u]));

export function unitSpec(id: string): UnitSpec {
  const u = BY_ID.get(id);
  if (!u) throw new RangeError(`no Battle for Moscow unit "${id}"`);
  return u;
}

export function isUnitId(id: string): boolean {
  return BY_ID.has(id);
}
