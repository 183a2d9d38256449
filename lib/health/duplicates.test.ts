import { describe, expect, it } from "vitest";
import { duplicateKeys, exactDuplicateGroups, jaccard, nearDuplicatePairs, nearPairsWithImages, normaliseText, shingles } from "./duplicates";

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

describe("duplicates of samples with images", () => {
  const chart = normaliseText("What does this chart show?");
  it("keys a sample with an image by its text and its image: same text, other image → another key", () => {
    const keys = duplicateKeys([chart, chart, chart, chart], ["sha-a", "sha-b", "sha-a", null]);
    expect(exactDuplicateGroups(keys)).toEqual([[0, 2]]);
  });
  it("pairs near texts only among samples without an image or with one same image", () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`);
    const a = words.join(" ");
    const b = [...words.slice(0, 59), "changed"].join(" ");
    // 0, 1: different images; 2, 3: one image; 4, 5: no image; 6: an image, near 4 and 5's text.
    const pairs = nearPairsWithImages([a, b, a, b, a, b, a], ["x", "y", "z", "z", null, null, "x"]);
    expect(pairs.map((p) => [p.a, p.b])).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(pairs[0].jaccard).toBeCloseTo(57 / 59, 12);
  });
});
