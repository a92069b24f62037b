/**
 * How many games the fuzzers play, how many kills the crash loops make: the size written at
 * each use is what CI runs (docs/contributing.md lists them). TEST_SCALE multiplies them:
 * `TEST_SCALE=10 npm test` for a deeper run before a release, a fraction for the quick edit
 * loop (`npm run test:quick` runs at 0.25). Every size stays at least 1.
 */
const raw = process.env.TEST_SCALE ?? '1';
const scale = Number(raw);
if (!Number.isFinite(scale) || scale <= 0) throw new Error(`TEST_SCALE must be a positive number, not "${raw}"`);

export const TEST_SCALE = scale;

/** `ciSize` scaled by TEST_SCALE, rounded, at least 1. */
export function sized(ciSize: number): number {
  return Math.max(1, Math.round(ciSize * scale));
}
