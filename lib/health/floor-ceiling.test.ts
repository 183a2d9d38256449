import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { addScores } from "@/lib/ranking/test-batches";
import { floorCeiling, modelMeans } from "./floor-ceiling";
import { sampleOutcomes } from "./outcomes";

function dropLike() {
  // F1 in 0..100; four models nearly always 0 (the broken normaliser), one model right twice.
  const b = new MeasurementBatchBuilder();
  addScores(b, "s1", "f1", { a: 0, b: 0, c: 0, d: 0, e: 100 });
  addScores(b, "s2", "f1", { a: 0, b: 0, c: 0, d: 0, e: 0 });
  addScores(b, "s3", "f1", { a: 0, b: 0, c: 0, d: 0, e: 0 });
  addScores(b, "s4", "f1", { a: 0, b: 20, c: 0, d: 0, e: 100 });
  return sampleOutcomes(b.build());
}

describe("floorCeiling", () => {
  const all = new Uint8Array(4).fill(1);
  it("model means: a 0, b 0.05, e 0.5", () => {
    const m = modelMeans(dropLike(), all);
    expect(Array.from(m)).toEqual([0, 0.05, 0, 0, 0.5]);
  });
  it("counts the models at the floor (mean ≤ 0.1) and the all-tie samples", () => {
    const f = floorCeiling(dropLike(), all);
    expect(f).toMatchObject({ nModels: 5, atFloor: 4, atCeiling: 0, nSamples: 4, degenerate: 2 });
    expect(Array.from(f.degenerateSamples)).toEqual([1, 2]);
  });
  it("looks only at the benchmark's samples", () => {
    const f = floorCeiling(dropLike(), Uint8Array.from([1, 0, 0, 0]));
    expect(f).toMatchObject({ nSamples: 1, degenerate: 0, atFloor: 4, atCeiling: 1 });
  });
});
