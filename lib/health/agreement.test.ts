import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { addScores } from "@/lib/ranking/test-batches";
import { benchmarkAgreement, estimateAtTop, MIN_SHARED_MODELS, restStrengths } from "./agreement";

const MODELS = ["m0", "m1", "m2", "m3", "m4", "m5"];

/** Benchmark "pool" ranks m5 > m4 > … > m0 on every sample; "B" ranks them in `order` (best last). */
function pool(order: string[], bSamples = 20) {
  const b = new MeasurementBatchBuilder();
  for (let s = 0; s < 30; s++) {
    b.sample(`p${s}`, "pool");
    // the strongest models solve more samples: model i solves sample s when s % 6 < i + 1
    addScores(b, `p${s}`, "acc", Object.fromEntries(MODELS.map((m, i) => [m, s % 6 < i + 1 ? 1 : 0])));
  }
  for (let s = 0; s < bSamples; s++) {
    b.sample(`b${s}`, "B");
    addScores(b, `b${s}`, "acc", Object.fromEntries(order.map((m, i) => [m, s % 6 < i + 1 ? 1 : 0])));
  }
  const batch = b.build();
  const inB = Uint8Array.from(batch.sampleBenchmarks!, (x) => (x === "B" ? 1 : 0));
  return { batch, inB };
}

describe("benchmarkAgreement", () => {
  it("τ = 1 when the benchmark ranks models as the rest of the pool", () => {
    const { batch, inB } = pool(MODELS);
    const a = benchmarkAgreement(batch, inB, restStrengths(batch, inB, 0.1), { prior: 0.1 })!;
    expect(a.tau).toBeCloseTo(1, 12);
    expect(a.nShared).toBe(6);
    expect(a.ci[1]).toBeCloseTo(1, 12);
    expect(a.ci[0]).toBeGreaterThan(0.5);
  });
  it("τ = −1 with an interval entirely below 0 when it ranks them in reverse", () => {
    const { batch, inB } = pool([...MODELS].reverse());
    const a = benchmarkAgreement(batch, inB, restStrengths(batch, inB, 0.1), { prior: 0.1 })!;
    expect(a.tau).toBeCloseTo(-1, 12);
    expect(a.ci[1]).toBeLessThan(0);
  });
  it("τ by hand for one swapped pair: (15 − 2·1)/15 = 13/15", () => {
    const { batch, inB } = pool(["m1", "m0", "m2", "m3", "m4", "m5"], 60);
    const a = benchmarkAgreement(batch, inB, restStrengths(batch, inB, 0.1), { prior: 0.1 })!;
    expect(a.tau).toBeCloseTo(13 / 15, 12);
  });
  it("null with fewer shared models than MIN_SHARED_MODELS", () => {
    const { batch, inB } = pool(MODELS);
    const rest = restStrengths(batch, inB, 0.1).map((t, m) => (m < MIN_SHARED_MODELS - 1 ? t : NaN));
    expect(benchmarkAgreement(batch, inB, rest, { prior: 0.1 })).toBeNull();
  });
});

describe("estimateAtTop", () => {
  it("is true where τ is within 0.01 of its interval's upper end (the page then explains the lean), false below", () => {
    expect(estimateAtTop({ tau: 0.62, ci: [0.14, 0.62] })).toBe(true);
    expect(estimateAtTop({ tau: 0.14, ci: [-0.24, 0.15] })).toBe(true);
    expect(estimateAtTop({ tau: 0.47, ci: [0.25, 0.55] })).toBe(false);
  });
});
