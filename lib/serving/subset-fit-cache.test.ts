import { beforeEach, describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { benchmarkSubsets, fitSubsets } from "@/lib/ranking/subset-fits";
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
    expect(a0).toEqual(fitSubsets(after, benchmarkSubsets(after), opts)[0]);
    const [, other] = cachedSubsetFits(after, benchmarkSubsets(after), { ...opts, prior: 2 });
    expect(other).not.toBe(a1);
    expect(other).toEqual(fitSubsets(after, benchmarkSubsets(after), { ...opts, prior: 2 })[1]);
  });
});
