import { beforeEach, describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { benchmarkSubsets, fitSubsets, type SubsetFit } from "@/lib/ranking/subset-fits";
import { cachedSubsetFits, forgetSubsetFits } from "./subset-fit-cache";

/** Two benchmarks, four models, scores that order them m0 > m1 > m2 > m3 most of the time. */
function pool(extra?: (b: MeasurementBatchBuilder) => void) {
  const b = new MeasurementBatchBuilder();
  for (let s = 0; s < 12; s++) {
    const sample = b.sample(`b${s % 2}/${s}`, `b${s % 2}`, []);
    for (let m = 0; m < 4; m++) b.addScore(sample, `m${m}`, "acc", (4 - m + (s % 3 === m ? 3 : 0)) / 10);
  }
  extra?.(b);
  return b.build();
}

const opts = { baseline: "m3", prior: 1 };

/**
 * A refit starts from the subset's previous θ, so it meets the same optimum (tolerance 1e-10) by
 * another path: scores agree to rounding, interval widths to the 0.1% of an information matrix
 * taken within 1e-3 of the optimum (lib/ranking/plackett-luce.ts).
 */
function expectSameFit(got: SubsetFit, want: SubsetFit) {
  expect({ ...got, rows: got.rows.map((r) => r.model), theta: undefined }).toEqual({ ...want, rows: want.rows.map((r) => r.model), theta: undefined });
  got.rows.forEach((r, i) => {
    const w = want.rows[i];
    expect([r.rank, r.nSamples, r.winRate]).toEqual([w.rank, w.nSamples, w.winRate]);
    expect(r.score!).toBeCloseTo(w.score!, 9);
    const width = w.ci![1] - w.ci![0];
    expect(Math.abs(r.ci![1] - r.ci![0] - width)).toBeLessThanOrEqual(1e-3 * width);
  });
}

describe("cachedSubsetFits", () => {
  beforeEach(forgetSubsetFits);

  it("answers as fitSubsets does", () => {
    const b = pool();
    expect(cachedSubsetFits(b, benchmarkSubsets(b), opts)).toEqual(fitSubsets(b, benchmarkSubsets(b), opts));
  });

  it("refits only the subsets whose lines changed, and keys by baseline and prior", () => {
    const before = pool();
    const [b0, b1] = cachedSubsetFits(before, benchmarkSubsets(before), opts);
    // A new model on one sample of b0: b1's lines are the same, though the model indices moved.
    const after = pool((b) => b.addScore(b.sample("b0/0", "b0", []), "new-model", "acc", 0.9));
    const [a0, a1] = cachedSubsetFits(after, benchmarkSubsets(after), opts);
    expect(a1).toBe(b1);
    expect(a0).not.toBe(b0);
    expect(a0.rows.map((r) => r.model)).toContain("new-model");
    expectSameFit(a0, fitSubsets(after, benchmarkSubsets(after), opts)[0]);
    const [, other] = cachedSubsetFits(after, benchmarkSubsets(after), { ...opts, prior: 2 });
    expect(other).not.toBe(a1);
    expect(other).toEqual(fitSubsets(after, benchmarkSubsets(after), { ...opts, prior: 2 })[1]);
  });
});
