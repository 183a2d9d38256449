import { describe, expect, it } from "vitest";
import { reciprocalRankFusion, RRF_K } from "./fuse";

const hits = (...pks: number[]) => pks.map((pk, i) => ({ pk, similarity: 1 - i / 10 }));

describe("reciprocalRankFusion", () => {
  it("scores by rank only: the same ranks on any similarity scale fuse the same", () => {
    const a = reciprocalRankFusion({ text: hits(1, 2, 3), image: hits(4, 5) });
    const scaled = reciprocalRankFusion({ text: hits(1, 2, 3).map((h) => ({ ...h, similarity: h.similarity * 0.1 })), image: hits(4, 5) });
    expect(scaled.map((h) => h.pk)).toEqual(a.map((h) => h.pk));
    expect(a[0].score).toBeCloseTo(1 / (RRF_K + 1), 12);
  });

  it("puts a sample both spaces found above samples only one found at the same rank", () => {
    const fused = reciprocalRankFusion({ text: hits(1, 7, 2), image: hits(3, 7) });
    expect(fused[0]).toEqual({ pk: 7, score: 2 / (RRF_K + 2), similarities: { text: 0.9, image: 0.9 } });
    // Rank-1 hits of each list tie; the tie is broken by pk.
    expect(fused.slice(1, 3).map((h) => h.pk)).toEqual([1, 3]);
    expect(fused.map((h) => h.pk)).toEqual([7, 1, 3, 2]);
  });

  it("keeps a single list's order and handles empty lists", () => {
    expect(reciprocalRankFusion({ text: hits(5, 3, 9), image: [] }).map((h) => h.pk)).toEqual([5, 3, 9]);
    expect(reciprocalRankFusion({})).toEqual([]);
  });
});
