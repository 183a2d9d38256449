import { describe, expect, it } from "vitest";
import { benchmarkSubsets, topTagSubsets } from "./subset-fits";
import type { MeasurementBatch } from "./measurements";

/** A batch with only sample labels (subsets read nothing else). */
function labelled(benchmarks: string[], tags: string[][]): MeasurementBatch {
  const none = new Int32Array(0);
  return {
    nModels: 0,
    nSamples: benchmarks.length,
    modelNames: [],
    sampleBenchmarks: benchmarks,
    sampleTags: tags,
    metricNames: [],
    criterionNames: [],
    rankingKeys: [],
    score: { sample: none, model: none, metric: none, value: new Float64Array(0), higherIsBetter: new Uint8Array(0) },
    unitTest: { sample: none, model: none, criterion: none, value: new Float64Array(0) },
    pairwise: { sample: none, modelA: none, modelB: none, winner: new Uint8Array(0), pA: new Float64Array(0) },
    ranking: { sample: none, key: none, offsets: new Int32Array(1), model: none, tier: none },
  };
}

describe("benchmark and tag subsets", () => {
  const b = labelled(["b", "b", "a", "b", "a", ""], [["x", "y"], ["x", "x"], [], ["y", "x", "y"], ["z"], ["x"]]);
  const masks = (subsets: ReturnType<typeof benchmarkSubsets>) => subsets.map((s) => [s.name, s.nSamples, Array.from(s.mask).join("")]);

  it("gives one subset per benchmark, alphabetically, with the samples it holds", () => {
    expect(masks(benchmarkSubsets(b))).toEqual([["a", 2, "001010"], ["b", 3, "110100"]]);
  });

  it("counts a tag listed twice on a sample once; largest first, ties by name", () => {
    expect(masks(topTagSubsets(b, 10))).toEqual([["x", 4, "110101"], ["y", 2, "100100"], ["z", 1, "000010"]]);
    expect(masks(topTagSubsets(b, 1, 2))).toEqual([["x", 4, "110101"]]);
  });
});
