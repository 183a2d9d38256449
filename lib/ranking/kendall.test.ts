import { describe, expect, it } from 'vitest';
import { kendallTauB, topKOverlap } from './kendall';

describe("Kendall's tau-b", () => {
  it('is 1 for the same order and -1 for the reverse', () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
  });

  it('matches hand-computed values with ties', () => {
    // pairs: 8 concordant, 1 discordant (2,3 vs 3,2), 1 tied in y only: 7 / √(10·9)
    expect(kendallTauB([1, 2, 3, 4, 5], [1, 3, 2, 4, 4])).toBeCloseTo(7 / Math.sqrt(90), 12);
    // one pair tied in x, another tied in y, 4 concordant: 4 / √(5·5)
    expect(kendallTauB([1, 1, 2, 3], [1, 2, 2, 3])).toBeCloseTo(0.8, 12);
  });

  it('ignores entries that are not finite in either vector', () => {
    expect(kendallTauB([1, NaN, 3, 4], [1, 2, 3, NaN])).toBe(1);
  });

  it('is NaN when one side is constant', () => {
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
});

describe('top-k overlap', () => {
  it('counts shared members of the two top-k sets', () => {
    expect(topKOverlap([5, 4, 3, 2, 1], [5, 3, 4, 1, 2], 2)).toBe(0.5);
    expect(topKOverlap([5, 4, 3, 2, 1], [1, 4, 3, 2, 5], 3)).toBe(2 / 3);
    expect(topKOverlap([5, 4, 3], [5, 4, 3], 3)).toBe(1);
  });
});
