import { describe, expect, it } from "vitest";
import { discrimination, MIN_MODELS } from "./discrimination";
import type { Outcomes } from "./outcomes";

function oneSample(y: number[]): Outcomes {
  return { nSamples: 1, nModels: y.length, offsets: Int32Array.from([0, y.length]), model: Int32Array.from(y.map((_, i) => i)), value: Float64Array.from(y) };
}

describe("discrimination", () => {
  const theta = Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
  it("point-biserial r and Fisher z by hand: the 4 weakest succeed, the 4 strongest fail", () => {
    // x̄ = 3.5, ȳ = 0.5; Σdx·dy = −(3.5+2.5+1.5+0.5)·0.5·2 = −8; Σdx² = 42; Σdy² = 2 → r = −8/√84
    const d = discrimination(oneSample([1, 1, 1, 1, 0, 0, 0, 0]), theta);
    const r = -8 / Math.sqrt(84);
    expect(d.r[0]).toBeCloseTo(r, 12);
    expect(d.z[0]).toBeCloseTo(Math.atanh(r) * Math.sqrt(5), 12);
    expect(d.n[0]).toBe(8);
  });
  it("a healthy item has positive r; all-equal outcomes and too few models give NaN", () => {
    expect(discrimination(oneSample([0, 0, 0, 0, 1, 1, 1, 1]), theta).r[0]).toBeCloseTo(8 / Math.sqrt(84), 12);
    expect(discrimination(oneSample([1, 1, 1, 1, 1, 1, 1, 1]), theta).r[0]).toBeNaN();
    expect(discrimination(oneSample([1, 0, 1, 0, 1, 0, 1]), theta.subarray(0, MIN_MODELS - 1)).r[0]).toBeNaN();
  });
  it("with `bench`, reads each sample's benchmark's abilities", () => {
    const two: Outcomes = { nSamples: 2, nModels: 8, offsets: Int32Array.from([0, 8, 16]), model: Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7]), value: Float64Array.from([1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0]) };
    // Benchmark 1's abilities are benchmark 0's reversed: the same outcomes discriminate the other way.
    const both = Float64Array.from([...theta, ...[...theta].reverse()]);
    const d = discrimination(two, both, Int32Array.from([0, 1]));
    expect(d.r[0]).toBeCloseTo(-8 / Math.sqrt(84), 12);
    expect(d.r[1]).toBeCloseTo(8 / Math.sqrt(84), 12);
  });
  it("leaves out models without a strength", () => {
    const t = Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7, NaN]);
    expect(discrimination(oneSample([1, 1, 1, 1, 0, 0, 0, 0, 1]), t).n[0]).toBe(8);
  });
});
