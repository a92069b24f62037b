import { describe, expect, it } from 'vitest';
import {
  histogramQuantile,
  meanDifference,
  median,
  normalCdf,
  quantile,
  timeStep,
  twoProportions,
  wilson,
} from '../../scripts/arena-stats.js';

/** The arena's statistics against values worked by hand from their textbook formulas. */
describe('bot arena statistics', () => {
  it('normal distribution function', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });

  it('Wilson interval: 0 of 10 reaches z²/(n+z²) = 0.2775; 13 of 100 brackets 13% asymmetrically', () => {
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(3.841459 / 13.841459, 5);
    const some = wilson(13, 100);
    expect(some.low).toBeCloseTo(0.0776, 3);
    expect(some.high).toBeCloseTo(0.2098, 3);
  });

  it('two-proportion z-test: 65/500 against 75/500 is noise, 40/500 against 75/500 is not', () => {
    const close = twoProportions(65, 500, 75, 500);
    expect(close.difference).toBeCloseTo(-0.02, 10);
    // Pooled p = 0.14, se = sqrt(0.14 * 0.86 * 2 / 500) = 0.021946.
    expect(close.z).toBeCloseTo(-0.02 / 0.021946, 3);
    expect(close.p).toBeGreaterThan(0.05);
    expect(close.low).toBeLessThan(0);
    expect(close.high).toBeGreaterThan(0);
    const far = twoProportions(40, 500, 75, 500);
    expect(far.p).toBeLessThan(0.01);
    expect(far.high).toBeLessThan(0);
  });

  it("Welch's test on means", () => {
    const d = meanDifference([1, 2, 3, 4, 5], [3, 4, 5, 6, 7]);
    expect(d.difference).toBe(-2);
    // Each sample: variance 2.5, se = sqrt(2.5/5 + 2.5/5) = 1.
    expect(d.t).toBeCloseTo(-2, 10);
    expect(d.low).toBeCloseTo(-2 - 1.959964, 5);
  });

  it('median and nearest-rank quantile', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).toBe(5);
  });

  it('decision times kept as a histogram of 5% steps give the median and 95th percentile to within a step', () => {
    const times = Array.from({ length: 1000 }, (_, i) => 0.2 * 1.01 ** i);
    const h: Record<string, number> = {};
    for (const t of times) h[timeStep(t)] = (h[timeStep(t)] ?? 0) + 1;
    for (const q of [0.5, 0.95]) {
      const exact = quantile(times, q);
      expect(Math.abs(Math.log(histogramQuantile(h, q) / exact))).toBeLessThan(0.026);
    }
    expect(histogramQuantile({}, 0.5)).toBeNaN();
  });
});
