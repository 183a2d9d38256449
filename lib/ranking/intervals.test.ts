import { describe, expect, it } from 'vitest';
import { competitionRanks, quantileSorted, rankIntervals, waldIntervals, Z95 } from './intervals';

describe('intervals', () => {
  it('rank intervals: best = 1 + #models whose lower bound exceeds my upper bound, worst analogously', () => {
    // A [3, 4], B [2.5, 3.5], C [1, 2], D [2, 3]: touching bounds (A–D at 3, C–D at 2) are not "clearly" apart
    const lo = Float64Array.of(3, 2.5, 1, 2);
    const hi = Float64Array.of(4, 3.5, 2, 3);
    const { best, worst } = rankIntervals(lo, hi);
    expect(Array.from(best)).toEqual([1, 1, 3, 1]);
    expect(Array.from(worst)).toEqual([3, 3, 4, 4]);
  });

  it('rank intervals skip models without an interval', () => {
    const { best, worst } = rankIntervals(Float64Array.of(0, NaN, 5), Float64Array.of(1, NaN, 6));
    expect(Array.from(best)).toEqual([2, NaN, 1]);
    expect(Array.from(worst)).toEqual([2, NaN, 1]);
  });

  it('competition ranks share a rank on ties and skip the next', () => {
    expect(Array.from(competitionRanks(Float64Array.of(3, 5, 3, 1, NaN)))).toEqual([2, 1, 2, 4, NaN]);
  });

  it('type-7 quantiles and Wald intervals', () => {
    expect(quantileSorted([1, 2, 3, 4, 5], 0.025)).toBeCloseTo(1.1, 12);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.975)).toBeCloseTo(4.9, 12);
    const { lo, hi } = waldIntervals(Float64Array.of(1), Float64Array.of(4));
    expect(lo[0]).toBeCloseTo(1 - 2 * Z95, 12);
    expect(hi[0]).toBeCloseTo(1 + 2 * Z95, 12);
  });
});
