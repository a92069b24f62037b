/**
 * Operation Typhoon's charts and counter mix: the shipped reconstruction (validated at load),
 * owner overrides, and the small look-ups the rules engine needs.
 */
import { RECONSTRUCTION } from './data/index.js';
import { FIRST_EDITION_TURNS } from './data/turns.js';
import { mergeOverride } from './merge.js';
import { parseCharts } from './schema.js';
import type { BreakoutBand, ForceLineId, Hits, PlaceKind, TurnSpec, TyphoonCharts } from './types.js';

export { ChartsError } from './schema.js';
export type * from './types.js';

/** The shipped reconstruction, validated at load. */
export const CHARTS: TyphoonCharts = parseCharts(RECONSTRUCTION);

/**
 * Earlier editions of the shipped reconstruction, newest first: a game stored on one goes on
 * with the charts it began with (the first edition had 18/9 MP on turns 1-4, data/turns.ts).
 */
const FIRST_EDITION = parseCharts({ ...RECONSTRUCTION, turns: FIRST_EDITION_TURNS });
export const EARLIER_EDITIONS: readonly TyphoonCharts[] = [FIRST_EDITION];

const EDITION_NAMES = new Map<TyphoonCharts, string>([
  [FIRST_EDITION, 'the first edition of the shipped charts (18/9 MP on turns 1-4); new games use the second'],
]);

/** What a game's charts are when they are not today's shipped ones (said in its status, so the numbers surprise no one). */
export function chartsNote(charts: TyphoonCharts): string | undefined {
  if (charts === CHARTS) return undefined;
  return EDITION_NAMES.get(charts) ?? "the owner's chart file (TYPHOON_CHARTS_OVERRIDE)";
}

/**
 * Deep-merges a partial override (same shape; unit arrays merged by id) over the reconstruction
 * and validates the result. Throws ChartsError naming each bad path.
 */
export function loadCharts(override?: unknown): TyphoonCharts {
  if (override === undefined) return CHARTS;
  return parseCharts(mergeOverride(RECONSTRUCTION, override));
}

export function turnSpec(charts: TyphoonCharts, turn: number): TurnSpec {
  const spec = charts.turns.find((t) => t.turn === turn);
  if (!spec) throw new RangeError(`Operation Typhoon has no turn ${turn} (turns 1-${charts.turns.length})`);
  return spec;
}

/** 8.1: a Moscow hex uses the City line (with its own +3); no place = the open-terrain line. */
export function forceLineFor(place?: PlaceKind): ForceLineId {
  if (place === 'town') return 'town';
  if (place === 'city' || place === 'capital') return 'city';
  return 'open';
}

/** 10.1: hits scored by one die of `side` (the side firing) after modifiers; off-table rolls clamp. */
export function crtResult(charts: TyphoonCharts, side: 'german' | 'soviet', modifiedRoll: number): Hits {
  const rows = charts.crt.rows;
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) throw new Error('combat results table is empty');
  const roll = Math.min(Math.max(Math.round(modifiedRoll), first.roll), last.roll);
  const row = rows.find((r) => r.roll === roll) ?? last;
  return row[side];
}

export function breakoutBand(charts: TyphoonCharts, pocketHexes: number): BreakoutBand {
  const band = charts.breakout.bands.find((b) => pocketHexes >= b.minHexes && (b.maxHexes === undefined || pocketHexes <= b.maxHexes));
  if (!band) throw new RangeError(`no breakout band for a pocket of ${pocketHexes} hexes`);
  return band;
}

/** 13.x breakout: Soviet units appearing for a pocket of `pocketHexes` hexes on a die of 1-6 (clamped). */
export function breakoutUnits(charts: TyphoonCharts, pocketHexes: number, die: number): number {
  if (pocketHexes <= 0) return 0;
  const d = Math.min(Math.max(Math.round(die), 1), 6);
  return breakoutBand(charts, pocketHexes).units[d - 1] ?? 0;
}
