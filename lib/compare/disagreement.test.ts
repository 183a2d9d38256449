import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { tieredGroups } from "@/lib/ranking/groups";
import { addScores } from "@/lib/ranking/test-batches";
import { disagreements } from "./disagreement";

describe("disagreements", () => {
  it("ranks samples by the score gap their upsets overturn", () => {
    const b = new MeasurementBatchBuilder();
    // Overall order: strong (2) > mid (1) > weak (0).
    addScores(b, "agree", "acc", { strong: 1, mid: 1, weak: 0 });
    addScores(b, "small", "acc", { mid: 1, strong: 0 });
    addScores(b, "big", "dist", { weak: 0.1, strong: 0.9, mid: 0.5 }, false);
    b.addRanking("rank", [["weak"], ["mid", "strong"]]);
    b.addPairwise("pair", "weak", "mid", "a");
    const batch = b.build();
    const chosen = ["strong", "mid", "weak"].map((m) => batch.modelNames.indexOf(m));
    const d = disagreements(batch, tieredGroups(batch), chosen, [2, 1, 0], 10);
    const ids = d.map((x) => batch.sampleIds![x.sample]);
    // big: weak>mid (1), weak>strong (2), mid>strong (1) = 4; rank: weak>mid, weak>strong = 3; small 1; pair 1.
    expect(ids.slice(0, 2)).toEqual(["big", "rank"]);
    expect(new Set(ids.slice(2))).toEqual(new Set(["small", "pair"]));
    expect(ids).not.toContain("agree");
    const big = d[0];
    expect(big).toMatchObject({ kind: "score", key: "dist", disagreement: 4, upsets: 3, leader_lost: true });
    expect(big.outcomes).toEqual([
      { model: "strong", place: 3, value: 0.9, label: "0.9" },
      { model: "mid", place: 2, value: 0.5, label: "0.5" },
      { model: "weak", place: 1, value: 0.1, label: "0.1" },
    ]);
    expect(d[1].outcomes.map((o) => o.label)).toEqual(["#2", "#2", "#1"]);
    const small = d.find((x) => batch.sampleIds![x.sample] === "small")!;
    expect(small.outcomes[2]).toEqual({ model: "weak", place: null, value: null, label: "—" });
    const pair = d.find((x) => x.kind === "pairwise")!;
    expect(pair.outcomes.map((o) => o.label)).toEqual(["—", "lost", "won"]);
    expect(pair.leader_lost).toBe(true);
  });

  it("respects the limit", () => {
    const b = new MeasurementBatchBuilder();
    for (let s = 0; s < 5; s++) {
      addScores(b, `s${s}`, "acc", { x: 0, y: 1 });
    }
    const batch = b.build();
    expect(disagreements(batch, tieredGroups(batch), [0, 1], [1, 0], 3)).toHaveLength(3);
  });
});
