/**
 * Fight! Typhoon Blitz's charts and counter mix (data/charts.ts): validated at load, with the
 * constraints the rules text states checked here too, so that an owner's override cannot
 * break them silently. An override replaces whole sections (crt, turns, unitTypes, units, chits).
 */
import { z } from 'zod';
import { chartsHashId } from '../kit/chart-editions.js';
import { overrideFromEnvironment, type ShippedCharts, withOverride } from '../kit/chart-override.js';
import { SHIPPED_CHARTS_DATA as shipped } from './data/charts.js';

const RESULT = /^(A[12]|-|R|RR|[12]RR)$/;
const strengths = z.tuple([z.number().int().min(0), z.number().int().min(0), z.number().int().min(1)]);
const side = z.enum(['axis', 'soviet']);

export const chartsSchema = z
  .object({
    source: z.string(),
    crt: z.object({
      note: z.string(),
      columns: z.array(z.string()).min(2),
      ratios: z.array(z.number().positive()),
      rows: z.array(z.array(z.string().regex(RESULT))).length(6),
    }),
    turns: z.object({
      note: z.string(),
      rows: z
        .array(
          z.object({
            turn: z.number().int(),
            dates: z.string(),
            suCom: z.number().int().min(0),
            gerCom: z.number().int().min(0),
            suReinf: z.number().int().min(0),
            gerReinf: z.number().int().min(0),
          }),
        )
        .length(12),
    }),
    unitTypes: z.object({
      note: z.string(),
      types: z.record(
        z.string(),
        z.object({
          side,
          mech: z.boolean(),
          /** [attack, defence, MA]; non-mech units print one combat strength (2.2.1), so attack = defence. */
          full: strengths,
          reduced: strengths.optional(),
          /** Command range of an HQ (2.22). */
          hq: z.number().int().min(1).optional(),
          symbol: z.string(),
        }),
      ),
    }),
    units: z.object({ note: z.string(), lines: z.array(z.tuple([z.string(), z.string(), z.string()])) }),
    chits: z.object({ note: z.string(), axis: z.array(z.string()), soviet: z.array(z.string()) }),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    // 10.3(2): the table starts at 1-1 and ends at 10-1+.
    if (c.crt.columns[0] !== '1-1' || c.crt.columns.at(-1) !== '10-1+') issue('the CRT runs from 1-1 to 10-1+ (10.3(4))');
    if (c.crt.ratios.length !== c.crt.columns.length) issue('one ratio per CRT column');
    for (const r of c.crt.rows) if (r.length !== c.crt.columns.length) issue('every CRT row has a cell per column');
    for (const [t, spec] of Object.entries(c.unitTypes.types)) {
      if (!spec.mech && spec.full[0] !== spec.full[1]) issue(`${t}: a non-mechanized unit prints one combat strength (2.2.1)`);
    }
    for (const [army, kind] of c.units.lines) {
      if (!c.unitTypes.types[kind]) issue(`unit line ${army} ${kind}: no such unit type`);
    }
    // 2.23: a Panzer Army HQ has two chits; 7.3 the Guderian chit is 2PzA's.
    if (!c.chits.axis.includes('GUDERIAN') || !c.chits.axis.includes('2PzA')) issue('2PzA has its chit and the Guderian chit (2.23)');
    for (const s of ['axis', 'soviet'] as const) {
      const reinf = s === 'axis' ? 'AXIS REINF' : 'SOVIET REINF';
      if (!c.chits[s].includes(reinf)) issue(`${reinf} is a chit (12.0)`);
    }
  });

export type FtbCharts = z.infer<typeof chartsSchema>;
export type TurnRow = FtbCharts['turns']['rows'][number];
export type UnitType = FtbCharts['unitTypes']['types'][string];

export const SHIPPED_CHARTS: FtbCharts = chartsSchema.parse(shipped);

const SHIPPED: ShippedCharts<FtbCharts> = {
  game: 'Fight! Typhoon Blitz',
  variable: 'FTB_CHARTS_OVERRIDE',
  schema: chartsSchema,
  data: shipped,
  source: SHIPPED_CHARTS.source,
};

/** The charts' id stored with every game: `shipped-<hash>` or `override-<hash>`. */
export function chartsId(charts: FtbCharts, kind: 'shipped' | 'override'): string {
  return chartsHashId(charts, kind, 12);
}
export const SHIPPED_CHARTS_ID = chartsId(SHIPPED_CHARTS, 'shipped');

/** The shipped charts with whole sections replaced by an owner's override (same shape). */
export function chartsWithOverride(override: unknown): FtbCharts {
  return withOverride(SHIPPED, override);
}

/** The charts named by FTB_CHARTS_OVERRIDE, else undefined; the error names the path. */
export function chartsFromEnvironment(env: Readonly<Record<string, string | undefined>>): FtbCharts | undefined {
  return overrideFromEnvironment(SHIPPED, env);
}

export function turnRow(charts: FtbCharts, turn: number): TurnRow {
  const t = charts.turns.rows[turn - 1];
  if (!t) throw new RangeError(`Fight! Typhoon Blitz has no turn ${turn}`);
  return t;
}
