import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { tieredGroups } from "@/lib/ranking/groups";
import { addScores } from "@/lib/ranking/test-batches";
import { empiricalPairs } from "./pairwise";

describe("empiricalPairs", () => {
  it("counts wins, losses and ties per group and pairwise line", () => {
    const b = new MeasurementBatchBuilder();
    // s1: a > b = c; s2: b > a, c absent; s3 ranking: c > a > b; pairwise a-b tie and a beats c.
    addScores(b, "s1", "acc", { a: 1, b: 0, c: 0 });
    addScores(b, "s2", "bleu", { a: 10, b: 20 });
    b.addRanking("s3", [["c"], ["a"], ["b"]]);
    b.addPairwise("s4", "a", "b", "tie");
    b.addPairwise("s4", "c", "a", "b", 0.1);
    addScores(b, "s5", "acc", { d: 1 });
    const batch = b.build();
    const idx = (m: string) => batch.modelNames.indexOf(m);
    const pairs = empiricalPairs(batch, tieredGroups(batch), [idx("a"), idx("b"), idx("c")]);
    expect(pairs).toHaveLength(6);
    const get = (m: string, o: string) => pairs.find((p) => p.model === m && p.opponent === o)!;
    expect(get("a", "b")).toEqual({ model: "a", opponent: "b", wins: 2, losses: 1, ties: 1, n: 4, rate: 2.5 / 4 });
    expect(get("b", "a")).toMatchObject({ wins: 1, losses: 2, ties: 1, n: 4 });
    expect(get("a", "c")).toMatchObject({ wins: 2, losses: 1, ties: 0, n: 3 });
    expect(get("b", "c")).toMatchObject({ wins: 0, losses: 1, ties: 1, n: 2, rate: 0.25 });
  });

  it("reports rate null for pairs that never met", () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, "s1", "acc", { a: 1 });
    addScores(b, "s2", "acc", { b: 1 });
    const batch = b.build();
    expect(empiricalPairs(batch, tieredGroups(batch), [0, 1])[0]).toMatchObject({ n: 0, rate: null });
  });
});
