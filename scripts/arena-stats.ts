/**
 * The statistics the bot arena reports: a 95% interval for a win rate and a test of whether
 * two win rates differ by more than the dice explain.
 */

/** z for a two-sided 95% interval. */
export const Z95 = 1.959964;

/** Wilson score interval for `wins` out of `n` (stays inside 0-1 even at 0% or 100%). */
export function wilson(wins: number, n: number, z = Z95): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface TwoProportions {
  /** p1 - p2. */
  difference: number;
  /** 95% interval of the difference (unpooled standard error). */
  low: number;
  high: number;
  /** Pooled two-proportion z statistic. */
  z: number;
  /** Two-sided p-value of z. */
  p: number;
}

/** Two-proportion z-test of x1/n1 against x2/n2. */
export function twoProportions(x1: number, n1: number, x2: number, n2: number): TwoProportions {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const difference = p1 - p2;
  const se = Math.sqrt((p1 * (1 - p1)) / n1 + (p2 * (1 - p2)) / n2);
  const pooled = (x1 + x2) / (n1 + n2);
  const sePooled = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const z = sePooled === 0 ? 0 : difference / sePooled;
  return { difference, low: difference - Z95 * se, high: difference + Z95 * se, z, p: 2 * (1 - normalCdf(Math.abs(z))) };
}

/** Standard normal distribution function (Abramowitz and Stegun 26.2.17, error below 1e-7). */
export function normalCdf(x: number): number {
  if (x < 0) return 1 - normalCdf(-x);
  const t = 1 / (1 + 0.2316419 * x);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return 1 - (Math.exp((-x * x) / 2) / Math.sqrt(2 * Math.PI)) * poly;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The q-quantile (0-1) by the nearest rank. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

export interface MeanDifference {
  difference: number;
  low: number;
  high: number;
  /** Welch t statistic (normal approximation for the p-value: the samples are large). */
  t: number;
  p: number;
}

export function meanAndSd(xs: readonly number[]): { mean: number; sd: number } {
  const mean = xs.reduce((t, x) => t + x, 0) / xs.length;
  const variance = xs.reduce((t, x) => t + (x - mean) ** 2, 0) / Math.max(1, xs.length - 1);
  return { mean, sd: Math.sqrt(variance) };
}

/** Welch's test of mean(a) - mean(b), with its 95% interval. */
export function meanDifference(a: readonly number[], b: readonly number[]): MeanDifference {
  const x = meanAndSd(a);
  const y = meanAndSd(b);
  const difference = x.mean - y.mean;
  const se = Math.sqrt((x.sd * x.sd) / a.length + (y.sd * y.sd) / b.length);
  const t = se === 0 ? 0 : difference / se;
  return { difference, low: difference - Z95 * se, high: difference + Z95 * se, t, p: 2 * (1 - normalCdf(Math.abs(t))) };
}

/** Times in a histogram of 5% steps: the key of a time in milliseconds is round(20 ln ms). */
export function timeStep(ms: number): string {
  return String(Math.round(20 * Math.log(Math.max(ms, 0.001))));
}

/** The q-quantile (0-1, nearest rank) of a histogram keyed by `timeStep`: exact to within a step (about 2.5%). */
export function histogramQuantile(h: Readonly<Record<string, number>>, q: number): number {
  const steps = Object.entries(h)
    .map(([k, n]) => ({ ms: Math.exp(Number(k) / 20), n }))
    .sort((x, y) => x.ms - y.ms);
  const count = steps.reduce((t, x) => t + x.n, 0);
  let seen = 0;
  for (const x of steps) {
    seen += x.n;
    if (seen >= Math.max(1, Math.ceil(q * count))) return x.ms;
  }
  return Number.NaN;
}
