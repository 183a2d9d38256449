import { describe, expect, it } from "vitest";
import { benchmarkAbilities, MIN_MODELS, reversedKeyRatio, SHRINK, SLOPE } from "./item-fit";
import type { Outcomes } from "./outcomes";

/** Samples × models outcome matrix (NaN: not measured) as Outcomes. */
function outcomes(rows: number[][]): Outcomes {
  const offsets = [0];
  const model: number[] = [];
  const value: number[] = [];
  for (const row of rows) {
    row.forEach((g, m) => {
      if (Number.isNaN(g)) return;
      model.push(m);
      value.push(g);
    });
    offsets.push(model.length);
  }
  return { nSamples: rows.length, nModels: rows[0].length, offsets: Int32Array.from(offsets), model: Int32Array.from(model), value: Float64Array.from(value) };
}

describe("benchmarkAbilities", () => {
  it("is the logit of the model's benchmark mean shrunk toward the benchmark's mean, by hand", () => {
    // benchmark 0: model 0 right 3 of 4, model 1 right 1 of 4 → mean (4 + 0.5)/(8 + 1) = 0.5;
    // benchmark 1: model 0 right 0 of 2, model 1 right 2 of 2 → mean (2 + 0.5)/(4 + 1) = 0.5.
    const o = outcomes([[1, 0], [1, 0], [1, 0], [0, 1], [0, 1], [0, 1]]);
    const a = benchmarkAbilities(o, Int32Array.from([0, 0, 0, 0, 1, 1]), 2);
    const logit = (p: number) => Math.log(p / (1 - p));
    expect(a[0]).toBeCloseTo(logit((3 + SHRINK * 0.5) / (4 + SHRINK)), 12);
    expect(a[1]).toBeCloseTo(logit((1 + SHRINK * 0.5) / (4 + SHRINK)), 12);
    expect(a[2]).toBeCloseTo(logit((0 + SHRINK * 0.5) / (2 + SHRINK)), 12);
    // Another benchmark's outcomes do not move a benchmark's abilities.
    const more = benchmarkAbilities(outcomes([[1, 0], [1, 0], [1, 0], [0, 1], [0, 1], [0, 1], [1, 1]]), Int32Array.from([0, 0, 0, 0, 1, 1, 1]), 2);
    expect(more[0]).toBe(a[0]);
    expect(more[1]).toBe(a[1]);
  });
  it("is NaN for a model without outcomes on the benchmark", () => {
    const o = outcomes([[1, NaN], [0, 1]]);
    expect(benchmarkAbilities(o, Int32Array.from([0, 1]), 2)[1]).toBeNaN();
  });
});

describe("reversedKeyRatio", () => {
  const n = 12;
  const ability = Float64Array.from({ length: n }, (_, m) => (m - (n - 1) / 2) / 3);
  const bench = new Int32Array(4);
  it("is positive when the weakest succeed and the strongest fail, negative for a healthy item, symmetric", () => {
    const weakRight = Array.from({ length: n }, (_, m) => (m < 5 ? 1 : 0));
    const strongRight = Array.from({ length: n }, (_, m) => (m >= n - 5 ? 1 : 0));
    const r = reversedKeyRatio(outcomes([weakRight, strongRight]), bench, ability);
    expect(r[0]).toBeGreaterThan(2);
    // The abilities are symmetric about 0, so the mirrored pattern has the opposite ratio.
    expect(r[1]).toBeCloseTo(-r[0], 9);
  });
  it("equals the log-likelihood ratio computed by brute force over the difficulty", () => {
    const y = [1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 0];
    const ll = (sign: number) => {
      let best = -Infinity;
      for (let b = -8; b <= 8; b += 1e-3) {
        let l = 0;
        y.forEach((g, m) => {
          const p = 1 / (1 + Math.exp(-(sign * SLOPE * ability[m] - b)));
          l += g ? Math.log(p) : Math.log(1 - p);
        });
        best = Math.max(best, l);
      }
      return best;
    };
    expect(reversedKeyRatio(outcomes([y]), bench, ability)[0]).toBeCloseTo(ll(-1) - ll(1), 5);
  });
  it("with `only`, computes the marked samples alone", () => {
    const y = Array.from({ length: n }, (_, m) => (m < 5 ? 1 : 0));
    const r = reversedKeyRatio(outcomes([y, y]), bench, ability, Uint8Array.from([0, 1]));
    expect(r[0]).toBeNaN();
    expect(r[1]).toBeGreaterThan(2);
  });
  it("is NaN when every model ties or fewer than MIN_MODELS are measured", () => {
    const few = Array.from({ length: n }, (_, m) => (m < MIN_MODELS - 1 ? m % 2 : NaN));
    const r = reversedKeyRatio(outcomes([new Array(n).fill(0), new Array(n).fill(1), few]), bench, ability);
    expect([...r].every(Number.isNaN)).toBe(true);
  });
});
