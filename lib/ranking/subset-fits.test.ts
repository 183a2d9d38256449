import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "./batch-builder";
import { benchmarkSubsets, fitSubsets, topTagSubsets } from "./subset-fits";
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

describe("fitSubsets", () => {
  it("fits overlapping subsets cut over several passes exactly as each cut on its own", () => {
    const b = new MeasurementBatchBuilder();
    let seed = 7;
    const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const models = ["m0", "m1", "m2", "m3", "m4"];
    for (let s = 0; s < 300; s++) {
      // Tags overlap heavily: together they hold ~3x the batch's samples, so fitSubsets cuts them in several passes.
      const tags = ["t0", "t1", "t2", "t3", "t4", "t5"].filter(() => rand() < 0.5);
      b.sample(`q${s}`, `bench-${s % 4}`, tags);
      for (const [i, m] of models.entries()) if (rand() < 0.8) b.addScore(`q${s}`, m, "accuracy", rand() < 0.3 + 0.1 * i ? 1 : 0);
      if (s % 5 === 0) b.addPairwise(`q${s}`, "m0", "m3", rand() < 0.5 ? "a" : "b");
    }
    const batch = b.build();
    const subsets = [...benchmarkSubsets(batch), ...topTagSubsets(batch, 10)];
    expect(subsets.reduce((n, x) => n + x.nSamples, 0)).toBeGreaterThan(2 * batch.nSamples);
    const opts = { baseline: "m0", prior: 0 };
    const together = fitSubsets(batch, subsets, opts);
    const alone = subsets.map((x) => fitSubsets(batch, [x], opts)[0]);
    expect(together.map((f) => f.name)).toEqual(subsets.map((x) => x.name));
    expect(together).toEqual(alone);
    expect(together.every((f) => f.rows.length > 0)).toBe(true);
  });
});
