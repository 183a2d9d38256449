// background() against the quickselect it replaced (cutoff.ts medianInPlace, still the fallback for
// a zero middle value): the radix pass finds the same median and MAD, bit for bit, on pools of every
// shape around the sizes where it switches between sorting and selecting what is left.
import { describe, expect, it } from "vitest";
import { seeded } from "@/test/seeded";
import { background, medianInPlace } from "./cutoff";

function previousBackground(values: ArrayLike<number>): { median: number; sigma: number } | null {
  const finite = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) finite[n++] = values[i];
  if (n < 20) return null;
  const xs = finite.subarray(0, n);
  const median = medianInPlace(xs);
  for (let i = 0; i < n; i++) xs[i] = Math.abs(xs[i] - median);
  const mad = medianInPlace(xs);
  return { median, sigma: Math.max(1.4826 * mad, 1e-6) };
}

describe("background by radix selection", () => {
  it("finds the replaced quickselect's median and scaled MAD, bit for bit", () => {
    const rand = seeded(3);
    const shapes: [string, () => number][] = [
      ["similarities", () => Math.fround(rand() * 0.05 + 0.02 + (rand() < 0.05 ? 0.4 : 0))],
      ["around zero", () => Math.fround(rand() * 0.03)],
      ["coarse ties", () => Math.round(rand() * 6) / 50],
      ["two values", () => (rand() < 0 ? 0.25 : 0.5)],
      ["one bucket", () => 0.5 + Math.fround(rand() * 1e-4)],
      ["one bucket at both levels", () => 0.5 + rand() * 1e-12],
      ["two buckets apart", () => (rand() < 0 ? 0.1 + rand() * 1e-3 : 0.4 + rand() * 1e-3)],
      ["zeros of both signs", () => (rand() < -0.6 ? -0 : rand() < 0.2 ? 0 : rand())],
      ["wide range", () => rand() * 10 ** Math.round(rand() * 30)],
      ["subnormal", () => rand() * 1e-310],
    ];
    for (const [shape, value] of shapes) {
      for (const n of [20, 21, 2047, 2048, 2049, 5000, 5001, 40_000, 40_001]) {
        const xs = Float32Array.from({ length: n }, value);
        const values = shape === "wide range" || shape === "subnormal" ? Float64Array.from({ length: n }, value) : xs;
        const got = background(values)!;
        const want = previousBackground(values)!;
        expect(Object.is(got.median, want.median), `${shape}, ${n}: median ${got.median} vs ${want.median}`).toBe(true);
        expect(Object.is(got.sigma, want.sigma), `${shape}, ${n}: sigma ${got.sigma} vs ${want.sigma}`).toBe(true);
      }
    }
  });
});
