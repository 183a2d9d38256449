import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { tieredGroups } from "@/lib/ranking/groups";
import { addScores, addUnitTests } from "@/lib/ranking/test-batches";
import { modelOutcomes } from "./outcomes";

describe("modelOutcomes", () => {
  it("reads one model's value, place and record on every sample", () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, "s1", "acc", { m: 1, x: 1, y: 0 });
    addScores(b, "s1", "dist", { m: 0.25, x: 0.125 }, false);
    addUnitTests(b, "s2", "cites", { m: 3, x: 4 });
    b.addRanking("s3", [["x"], ["m", "y"], ["z"]]);
    b.addPairwise("s4", "x", "m", "b", 0.3);
    addScores(b, "s5", "acc", { x: 1 });
    const batch = b.build();
    const o = modelOutcomes(batch, tieredGroups(batch), batch.modelNames.indexOf("m"));
    const at = (id: string) => o.get(batch.sampleIds!.indexOf(id));
    expect(at("s1")).toEqual({
      outcomes: [
        { kind: "score", key: "acc", value: 1, label: "1" },
        { kind: "score", key: "dist", value: 0.25, label: "0.25" },
      ],
      beats: 1,
      loses_to: 1,
      ties: 1,
    });
    expect(at("s2")).toMatchObject({ outcomes: [{ kind: "unit_test", key: "cites", value: 3, label: "3" }], beats: 0, loses_to: 1 });
    expect(at("s3")).toMatchObject({ outcomes: [{ kind: "ranking", value: null, label: "#2 of 4" }], beats: 1, loses_to: 1, ties: 1 });
    expect(at("s4")).toMatchObject({ outcomes: [{ kind: "pairwise", key: "vs x", value: 0.7, label: "won (p = 0.7)" }], beats: 1 });
    expect(at("s5")).toBeUndefined();
  });
});
