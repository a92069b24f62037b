/**
 * Drive on Moscow's charts and counter mix (data/charts.json): validated at load, with the
 * constraints the rules text states checked here too, so that an owner's override cannot
 * break them silently. An override replaces whole sections (crt, turns, german, soviet, ...).
 */
import { z } from 'zod';
import { chartsHashId } from '../kit/chart-editions.js';
import { overrideFromEnvironment, type ShippedCharts, withOverride } from '../kit/chart-override.js';
import { SHIPPED_CHARTS_DATA as shipped } from './data/charts.js';

const factors = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const result = z.enum(['AS', 'AL1', 'DR', 'DE']);
export type CrtResult = z.infer<typeof result>;
const sovietType = z.enum(['RD', 'RB', 'CD', 'TB', 'MRB', 'MRD']);
export type SovietType = z.infer<typeof sovietType>;
const guardsType = z.enum(['GRD', 'GCD', 'GTB']);
export type GuardsType = z.infer<typeof guardsType>;
const counts = z.partialRecord(z.string(), z.number().int().min(0));

export const chartsSchema = z
  .object({
    source: z.string(),
    crt: z.object({
      note: z.string(),
      columns: z.tuple([
        z.literal('1:3'),
        z.literal('1:2'),
        z.literal('1:1'),
        z.literal('2:1'),
        z.literal('3:1'),
        z.literal('4:1'),
        z.literal('5:1'),
      ]),
      rows: z.array(z.array(result).length(7)).length(6),
    }),
    turns: z
      .array(
        z.object({
          turn: z.number().int(),
          label: z.string(),
          mf: factors,
          air: factors,
          reinforcements: z.partialRecord(sovietType, z.number().int().min(0)),
          note: z.string(),
        }),
      )
      .length(9),
    german: z.object({
      note: z.string(),
      units: z.array(
        z.object({
          id: z.string().min(1),
          type: z.enum(['panzer', 'pg', 'cavalry', 'infantry']),
          size: z.enum(['brigade', 'regiment']).optional(),
          full: factors,
          reduced: factors.optional(),
        }),
      ),
    }),
    kg: z.object({ count: z.number().int().min(0), panzer: factors, pg: factors, note: z.string() }),
    soviet: z.object({
      note: z.string(),
      types: z.record(
        sovietType,
        z.object({
          class: z.enum(['mech', 'nonmech']),
          kind: z.enum(['rifle', 'cavalry', 'tank', 'motorized']),
          size: z.enum(['XX', 'X']),
          faces: z.array(z.tuple([factors, z.number().int().min(1)])).min(1),
        }),
      ),
      guards: z.record(
        guardsType,
        z.object({
          from: sovietType,
          class: z.enum(['mech', 'nonmech']),
          kind: z.enum(['rifle', 'cavalry', 'tank']),
          size: z.enum(['XX', 'X']),
          count: z.number().int().min(0),
          full: factors,
          reduced: factors,
        }),
      ),
      setup: z.object({ reserve: counts, forward: counts, cup: counts }),
    }),
    withdrawals: z.object({ note: z.string(), infantry: counts, cavalry: counts }),
    replacements: z.object({ note: z.string(), mech: z.number().int().min(0), nonmech: z.number().int().min(0) }),
  })
  .superRefine((c, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    c.turns.forEach((t, i) => {
      if (t.turn !== i + 1) issue(`turn ${i + 1} is listed as ${t.turn}`);
      // 11.19: both players never have aircraft in the same game turn.
      if (t.air[0] > 0 && t.air[1] > 0) issue(`turn ${t.turn}: both sides have aircraft (11.19)`);
    });
    // Each type's faces are its counters: as many as set-up and reinforcements use (3.5).
    for (const [type, spec] of Object.entries(c.soviet.types)) {
      const faces = spec.faces.reduce((n, [, k]) => n + k, 0);
      const used =
        (c.soviet.setup.reserve[type] ?? 0) +
        (c.soviet.setup.forward[type] ?? 0) +
        c.turns.reduce((n, t) => n + (t.reinforcements[type as SovietType] ?? 0), 0);
      if (faces !== used) issue(`${type}: ${faces} veteran faces but ${used} counters enter play`);
    }
    for (const [type, spec] of Object.entries(c.soviet.guards)) {
      const used = (c.soviet.setup.reserve[type] ?? 0) + (c.soviet.setup.cup[type] ?? 0);
      if (spec.count !== used) issue(`${type}: ${spec.count} counters but ${used} set up or in the cup`);
    }
    const ids = new Set<string>();
    for (const u of c.german.units) {
      if (ids.has(u.id)) issue(`German unit ${u.id} listed twice`);
      ids.add(u.id);
    }
  });

export type DomCharts = z.infer<typeof chartsSchema>;
export type TurnSpec = DomCharts['turns'][number];

export const SHIPPED_CHARTS: DomCharts = chartsSchema.parse(shipped);

const SHIPPED: ShippedCharts<DomCharts> = {
  game: 'Drive on Moscow',
  variable: 'DOM_CHARTS_OVERRIDE',
  schema: chartsSchema,
  data: shipped,
  source: SHIPPED_CHARTS.source,
};

/** The charts' id stored with every game: `shipped-<hash>` or `override-<hash>`. */
export function chartsId(charts: DomCharts, kind: 'shipped' | 'override'): string {
  return chartsHashId(charts, kind, 12);
}
export const SHIPPED_CHARTS_ID = chartsId(SHIPPED_CHARTS, 'shipped');

/** The shipped charts with whole sections replaced by an owner's override (same shape). */
export function chartsWithOverride(override: unknown): DomCharts {
  return withOverride(SHIPPED, override);
}

/** The charts named by DOM_CHARTS_OVERRIDE, else undefined; the error names the path. */
export function chartsFromEnvironment(env: Readonly<Record<string, string | undefined>>): DomCharts | undefined {
  return overrideFromEnvironment(SHIPPED, env);
}

export function turnSpec(charts: DomCharts, turn: number): TurnSpec {
  const t = charts.turns[turn - 1];
  if (!t) throw new RangeError(`Drive on Moscow has no turn ${turn}`);
  return t;
}

export const COLUMNS = ['1:3', '1:2', '1:1', '2:1', '3:1', '4:1', '5:1'] as const;
