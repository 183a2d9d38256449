import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { addScores, addUnitTests } from "@/lib/ranking/test-batches";
import { sampleLevelRanking } from "./sample-ranking";

function batch() {
  const b = new MeasurementBatchBuilder();
  b.sample("s1", "bench", []);
  b.sample("s2", "bench", []);
  addScores(b, "s1", "acc", { a: 1, b: 0, c: 1 });
  addScores(b, "s1", "dist", { a: 0.3, b: 0.1 }, false);
  addUnitTests(b, "s1", "cites", { a: 4, c: 5 });
  b.addRanking("s1", [["c"], ["a", "b"]]);
  b.addPairwise("s1", "a", "b", "a", 0.8);
  b.addPairwise("s1", "b", "c", "tie");
  addScores(b, "s2", "acc", { a: 0, b: 1 });
  return b.build();
}

describe("sampleLevelRanking", () => {
  it("gives every group of one sample its tiers and choice events", () => {
    const groups = sampleLevelRanking(batch(), 0);
    expect(groups.map((g) => `${g.kind}:${g.key}`)).toEqual(["score:acc", "score:dist", "unit_test:cites", "ranking:ranking", "pairwise:a vs b", "pairwise:b vs c"]);
    const [acc, dist, cites, ranking, ab, bc] = groups;
    expect(acc.tiers).toEqual([{ models: ["a", "c"], value: 1 }, { models: ["b"], value: 0 }]);
    expect(acc.choices).toEqual([
      { winner: "a", losers: ["b"], weight: 1 },
      { winner: "c", losers: ["b"], weight: 1 },
    ]);
    // Lower is better: the smaller distance wins, values shown as given.
    expect(dist.tiers).toEqual([{ models: ["b"], value: 0.1 }, { models: ["a"], value: 0.3 }]);
    expect(dist.choices).toEqual([{ winner: "b", losers: ["a"], weight: 1 }]);
    expect(cites.tiers).toEqual([{ models: ["c"], value: 5 }, { models: ["a"], value: 4 }]);
    expect(ranking.tiers).toEqual([{ models: ["c"], value: null }, { models: ["a", "b"], value: null }]);
    expect(ranking.choices.map((c) => [c.winner, [...c.losers].sort()])).toEqual([["c", ["a", "b"]]]);
    expect(ab.p_a).toBe(0.8);
    expect(ab.pair).toEqual({ a: "a", b: "b" });
    expect(acc.pair).toBeUndefined();
    expect(ab.choices.map((c) => [c.winner, c.losers, c.weight])).toEqual([
      ["a", ["b"], 0.8],
      ["b", ["a"], expect.closeTo(0.2, 12)],
    ]);
    expect(bc.tiers).toEqual([{ models: ["b", "c"], value: null }]);
    expect(bc.choices).toEqual([
      { winner: "b", losers: ["c"], weight: 0.5 },
      { winner: "c", losers: ["b"], weight: 0.5 },
    ]);
  });

  it("ignores other samples' rows", () => {
    const groups = sampleLevelRanking(batch(), 1);
    expect(groups).toHaveLength(1);
    expect(groups[0].tiers).toEqual([{ models: ["b"], value: 1 }, { models: ["a"], value: 0 }]);
  });
});
