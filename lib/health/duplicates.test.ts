import { describe, expect, it } from "vitest";
import { exactDuplicateGroups, jaccard, nearDuplicatePairs, normaliseText, shingles } from "./duplicates";

describe("duplicates", () => {
  it("normaliseText drops case, punctuation and spacing", () => {
    expect(normaliseText("  What is 2+2?\n(A) 4 ")).toBe("what is 2 2 a 4");
  });
  it("groups exact copies after normalisation, never empty texts", () => {
    const t = ["what is x", "other", "what is x", "", "", "what is x"];
    expect(exactDuplicateGroups(t)).toEqual([[0, 2, 5]]);
  });
  it("Jaccard of word 3-grams by hand: 4 shared of 6 → 2/3", () => {
    // a b c d e → abc bcd cde; a b c d f → abc bcd cdf ... shared {abc, bcd}: 2 / 4
    expect(jaccard(shingles("a b c d e"), shingles("a b c d f"))).toBeCloseTo(2 / 4, 12);
  });
  it("finds near copies (one word changed in a long question) and not unrelated texts", () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const a = words.join(" ");
    const b = [...words.slice(0, 59), "changed"].join(" ");
    const c = Array.from({ length: 60 }, (_, i) => `v${i}`).join(" ");
    const pairs = nearDuplicatePairs([a, c, b, a]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ a: 0, b: 2 });
    expect(pairs[0].jaccard).toBeCloseTo(57 / 59, 12);
  });
});
