import { describe, expect, it } from "vitest";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { addScores } from "@/lib/ranking/test-batches";
import { goodness, sampleOutcomes } from "./outcomes";

describe("goodness", () => {
  it("maps a value onto 0..1 between its metric's worst and best", () => {
    expect(goodness(75, 50, 100, true)).toBe(0.5);
    expect(goodness(60, 50, 100, false)).toBeCloseTo(0.8, 12);
    expect(goodness(3, 3, 3, true)).toBe(0.5);
  });
});

describe("sampleOutcomes", () => {
  it("normalises per (benchmark, metric), averages metrics on a sample and sorts by sample", () => {
    const b = new MeasurementBatchBuilder();
    b.sample("s1", "A");
    b.sample("s2", "A");
    addScores(b, "s2", "acc", { m1: 1, m2: 0 });
    addScores(b, "s1", "acc", { m1: 0, m2: 1 });
    // lower is better, range 10..20 within A: m1 at 10 is best (1), m2 at 20 worst (0)
    addScores(b, "s1", "loss", { m1: 10, m2: 20 }, false);
    const o = sampleOutcomes(b.build());
    expect(Array.from(o.offsets)).toEqual([0, 2, 4]);
    const at = (s: number, m: number) => o.value[Array.from(o.model.subarray(o.offsets[s], o.offsets[s + 1])).indexOf(m) + o.offsets[s]];
    expect(at(0, 0)).toBeCloseTo(0.5, 12); // (0 + 1) / 2
    expect(at(0, 1)).toBeCloseTo(0.5, 12); // (1 + 0) / 2
    expect(at(1, 0)).toBe(1);
    expect(at(1, 1)).toBe(0);
  });
});
