/**
 * zod schemas for the charts: the shipped reconstruction and every owner override pass through
 * here, so a bad value is reported by path before a game starts.
 */
import { z } from 'zod';
import type { TyphoonCharts } from './types.js';

export class ChartsError extends Error {
  constructor(readonly issues: string[]) {
    super(`Operation Typhoon charts are invalid:\n- ${issues.join('\n- ')}`);
    this.name = 'ChartsError';
  }
}

const source = z.string().trim().min(1, 'every value needs a source note');
const count = z.number().int().min(0);
const modifier = z.number().int().min(-6).max(6);
const hits = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const formationId = z.enum(['9A', 'PG3', '4A', 'PG4', '2A', 'PG2']);
const mpPair = z.object({ mechanized: z.number().int().min(0), nonMechanized: z.number().int().min(0) }).strict();

const germanUnit = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'ids are lower-case slugs'),
    label: z.string().min(1),
    formation: formationId,
    type: z.enum(['panzer', 'motorized', 'infantry', 'cavalry']),
    mobility: z.enum(['mechanized', 'non-mechanized']),
    size: z.enum(['division', 'brigade', 'regiment']),
    stacking: z.union([z.literal(1), z.literal(0.5)]),
    cdr: z.object({ full: z.number().int().min(1), reduced: z.number().int().min(1) }).strict(),
    source,
  })
  .strict()
  .refine((u) => u.cdr.reduced <= u.cdr.full, { message: 'reduced CDR exceeds full CDR', path: ['cdr'] })
  .refine((u) => (u.type === 'panzer' || u.type === 'motorized') === (u.mobility === 'mechanized'), {
    message: 'panzer and motorized units are mechanized, the rest are not (2.7)',
    path: ['mobility'],
  })
  .refine((u) => (u.size === 'division') === (u.stacking === 1), {
    message: 'a division stacks as 1, a brigade or regiment as 1/2 (7.2)',
    path: ['stacking'],
  });

const sovietCounter = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/, 'ids are lower-case slugs'),
    label: z.string().min(1),
    kind: z.enum(['rifle', 'guards', 'airborne', 'brigade', 'heavy-howitzer', 'heavy-mortar', 'cas']),
    steps: z.union([z.literal(1), z.literal(2)]),
    cdr: z.object({ full: z.number().int().min(1), reduced: z.number().int().min(1).optional() }).strict(),
    reserve: z.boolean().optional(),
    source,
  })
  .strict()
  .refine((c) => (c.steps === 2) === (c.cdr.reduced !== undefined), {
    message: 'a reduced CDR is given exactly for two-step units',
    path: ['cdr'],
  })
  .refine((c) => (c.steps === 2) === (c.kind === 'rifle' || c.kind === 'guards' || c.kind === 'airborne'), {
    message: 'rifle, guards and airborne units have two steps; brigades, artillery and CAS one (10.6)',
    path: ['steps'],
  })
  .refine((c) => !c.reserve || c.kind === 'rifle', { message: 'only rifle divisions are held in reserve (3.1)', path: ['reserve'] });

const turn = z
  .object({
    turn: z.number().int().min(1),
    label: z.string().min(1),
    dates: z.string().min(1),
    weeks: z.union([z.literal(1), z.literal(2)]),
    luftwaffeCas: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    mp: mpPair,
    forceModifier: modifier,
    regroup: z.boolean(),
    victoryCheck: z.enum(['pocket', 'front-integrity', 'vp']).optional(),
    interArmyStacking: z.boolean(),
    firstRoundGermanBonus: modifier,
    source,
  })
  .strict();

const fire = z
  .object({ germanMechanized: modifier, germanNonMechanized: modifier, sovietGround: modifier, sovietArtillery: modifier })
  .strict();
const terrainEffect = z.object({ mp: mpPair.optional(), fire, source }).strict();

const sovietForce = z
  .object({ RD: count, GD: count, AC: count, B: count, A: count, CAS: count })
  .partial()
  .strict()
  .refine((f) => Object.values(f).some((n) => n > 0), { message: 'a force has at least one unit; write null for "--"' });

const forceLine = z
  .object({
    label: z.string().min(1),
    rows: z.array(z.object({ roll: z.number().int(), force: sovietForce.nullable() }).strict()),
  })
  .strict()
  .refine((l) => l.rows.length === 12 && l.rows.every((r, i) => r.roll === i + 1), {
    message: 'a force line has exactly the rolls 1..12 in order',
    path: ['rows'],
  });

const crt = z
  .object({
    rows: z.array(z.object({ roll: z.number().int(), german: hits, soviet: hits }).strict()).min(1),
    source,
  })
  .strict()
  .refine((t) => t.rows.every((r, i) => i === 0 || r.roll === (t.rows[i - 1]?.roll ?? NaN) + 1), {
    message: 'combat results rows must run over contiguous rolls in increasing order',
    path: ['rows'],
  });

const dieUnits = z.tuple([count, count, count, count, count, count]);
const breakout = z
  .object({
    bands: z
      .array(z.object({ minHexes: z.number().int().min(1), maxHexes: z.number().int().min(1).optional(), units: dieUnits }).strict())
      .min(1),
    source,
  })
  .strict()
  .superRefine((t, ctx) => {
    // The bands must cover 1, 2, 3, ... without gaps or overlaps, the last one open-ended.
    let next = 1;
    t.bands.forEach((b, i) => {
      const last = i === t.bands.length - 1;
      if (b.minHexes !== next) ctx.addIssue({ code: 'custom', message: `band ${i + 1} should start at ${next} hexes`, path: ['bands', i] });
      if (b.maxHexes !== undefined && b.maxHexes < b.minHexes)
        ctx.addIssue({ code: 'custom', message: `band ${i + 1} ends before it starts`, path: ['bands', i] });
      if (last !== (b.maxHexes === undefined))
        ctx.addIssue({ code: 'custom', message: 'only the last band is open-ended', path: ['bands', i] });
      next = (b.maxHexes ?? b.minHexes) + 1;
    });
  });

export const chartsSchema = z
  .object({
    formations: z.array(z.object({ id: formationId, name: z.string().min(1) }).strict()).length(6),
    german: z.array(germanUnit).min(1),
    soviet: z.array(sovietCounter).min(1),
    turns: z.array(turn).min(1),
    terrain: z
      .object({
        terrain: z
          .object({
            clear: terrainEffect,
            forest: terrainEffect,
            marsh: terrainEffect,
            town: terrainEffect,
            city: terrainEffect,
            capital: terrainEffect,
          })
          .strict(),
        river: z.object({ mp: mpPair, defenderFirstRound: modifier, source }).strict(),
      })
      .strict(),
    crt,
    forceGeneration: z
      .object({
        lines: z.object({ open: forceLine, town: forceLine, city: forceLine }).strict(),
        moscowModifier: modifier,
        clenchedFistModifier: modifier,
        source,
      })
      .strict(),
    breakout,
    markers: count,
    markerMix: z
      .array(z.object({ id: z.string().min(1), label: z.string().min(1), count: z.number().int().min(1), source }).strict())
      .optional(),
  })
  .strict()
  .superRefine((c, ctx) => {
    const unique = (ids: string[], path: string) => {
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', message: `duplicate id "${id}"`, path: [path, i, 'id'] });
        seen.add(id);
      });
    };
    unique(
      c.german.map((u) => u.id),
      'german',
    );
    unique(
      c.soviet.map((u) => u.id),
      'soviet',
    );
    c.turns.forEach((t, i) => {
      if (t.turn !== i + 1)
        ctx.addIssue({
          code: 'custom',
          message: `turns must be listed 1, 2, 3...; found ${t.turn} at position ${i + 1}`,
          path: ['turns', i, 'turn'],
        });
    });
    if (c.markerMix) {
      unique(
        c.markerMix.map((m) => m.id),
        'markerMix',
      );
      const sum = c.markerMix.reduce((n, m) => n + m.count, 0);
      if (sum !== c.markers)
        ctx.addIssue({ code: 'custom', message: `the marker mix adds up to ${sum}, not ${c.markers} markers`, path: ['markerMix'] });
    }
    const formations = new Set(c.formations.map((f) => f.id));
    if (formations.size !== 6) ctx.addIssue({ code: 'custom', message: 'each of the six formations is listed once', path: ['formations'] });
    for (const f of formations) {
      if (!c.german.some((u) => u.formation === f))
        ctx.addIssue({ code: 'custom', message: `formation ${f} has no units`, path: ['german'] });
    }
  });

// Keeps the schema and the hand-written types in step: this fails to compile if they drift.
type SchemaOutput = z.output<typeof chartsSchema>;
const _typesMatch: (c: SchemaOutput) => TyphoonCharts = (c) => c;
void _typesMatch;

function describe(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? issue.path.map(String).join('.') : '(top level)';
  return `${path}: ${issue.message}`;
}

export function parseCharts(input: unknown): TyphoonCharts {
  const result = chartsSchema.safeParse(input);
  if (!result.success) throw new ChartsError(result.error.issues.map(describe));
  return result.data;
}
