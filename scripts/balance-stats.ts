/** Figures of the balance report (scripts/balance.ts) that need more than a count. */

/**
 * A share of games with its 95% Wilson score interval: where the true rate lies, given this
 * many seeds (narrower than the normal approximation's near 0% and 100%, and never outside).
 */
export function withInterval(n: number, d: number): string {
  if (d === 0) return 'n/a';
  const z = 1.96;
  const p = n / d;
  const shrink = 1 + (z * z) / d;
  const centre = (p + (z * z) / (2 * d)) / shrink;
  const half = (z / shrink) * Math.sqrt((p * (1 - p)) / d + (z * z) / (4 * d * d));
  const f = (x: number) => (100 * Math.min(1, Math.max(0, x))).toFixed(1);
  return `${((100 * n) / d).toFixed(1)}% (95%: ${f(centre - half)}-${f(centre + half)})`;
}
