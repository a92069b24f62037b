/**
 * The Combat Results Table and the odds columns. Source: reference.md 1.9 (the GDW chart as
 * transcribed on steve-and-pattie.com, confirmed by a play report: 1:1 roll 1 = DR).
 */
import { z } from 'zod';

export const crtResultSchema = z.enum(['NE', 'DR', 'DRL', 'AL', 'DE', 'EX']);
export type CrtResult = z.infer<typeof crtResultSchema>;

/** Odds columns 1:1 .. 6:1, named by their attack number. */
export const ODDS_COLUMNS = [1, 2, 3, 4, 5, 6] as const;
export type OddsColumn = (typeof ODDS_COLUMNS)[number];
export const MAX_ODDS: OddsColumn = 6;

const rowSchema = z.tuple([crtResultSchema, crtResultSchema, crtResultSchema, crtResultSchema, crtResultSchema, crtResultSchema]);

/** Rows by die roll 1..6; columns 1:1..6:1. Low rolls favour the attacker. */
export const CRT = z.tuple([rowSchema, rowSchema, rowSchema, rowSchema, rowSchema, rowSchema]).parse([
  ['DR', 'DR', 'DR', 'DR', 'DR', 'DRL'],
  ['EX', 'DR', 'DR', 'DR', 'DRL', 'DRL'],
  ['EX', 'EX', 'DR', 'DR', 'DRL', 'DE'],
  ['NE', 'EX', 'EX', 'DRL', 'DRL', 'DE'],
  ['NE', 'NE', 'EX', 'DRL', 'DE', 'DE'],
  ['AL', 'NE', 'DRL', 'DE', 'DE', 'DE'],
]);

export function crtResult(column: OddsColumn, die: number): CrtResult {
  const row = CRT[die - 1];
  if (!row) throw new RangeError(`a die shows 1-6, not ${die}`);
  return row[column - 1]!;
}
