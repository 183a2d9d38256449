import { describe, expect, it } from "vitest";
import { DOT_BLOCK, VectorMatrix } from "./vector-matrix";

const dim = 20;

function fill(m: VectorMatrix, rows: number, seed = 1): Float32Array {
  const values = Float32Array.from({ length: rows * dim }, (_, i) => Math.sin(i * 0.37 + seed));
  m.reserve(values.length);
  m.data.set(values, m.length);
  m.length += values.length;
  return values;
}

function dotsOf(m: VectorMatrix, q: Float32Array, from: number, count: number): number[] {
  const scan = m.scan(q)!;
  return Array.from(scan(from, count));
}

describe("VectorMatrix", () => {
  const q = Float32Array.from({ length: dim }, (_, i) => (i % 3) - 1);
  const jsDot = (values: Float32Array, r: number) => values.subarray(r * dim, (r + 1) * dim).reduce((s, x, i) => s + x * q[i], 0);

  it("keeps its rows in wasm memory as it grows, and scans them there", () => {
    const m = new VectorMatrix(dim, 2);
    expect(m.simd).toBe(true);
    const a = fill(m, 3, 1);
    const b = fill(m, 5000, 2); // several doublings
    expect(Array.from(m.data.subarray(0, a.length))).toEqual(Array.from(a));
    expect(Array.from(m.data.subarray(a.length, a.length + b.length))).toEqual(Array.from(b));
    const got = dotsOf(m, q, 3, 4);
    got.slice(0, 4).forEach((d, j) => expect(d).toBeCloseTo(jsDot(b, j), 4));
    expect(dotsOf(m, q, 0, DOT_BLOCK).length).toBe(DOT_BLOCK);
  });

  it("refuses a scan past its rows or of more than a block", () => {
    const m = new VectorMatrix(dim, 2);
    fill(m, 10);
    const scan = m.scan(q)!;
    expect(() => scan(5, 6)).toThrow(RangeError);
    expect(() => scan(0, DOT_BLOCK + 1)).toThrow(RangeError);
  });

  it("moves its rows to a plain array past the memory limit, keeping them, and then has no SIMD scan", () => {
    const m = new VectorMatrix(dim, 4, { maxBytes: 4 * 65536 });
    const a = fill(m, 100);
    expect(m.simd).toBe(true);
    const b = fill(m, 4000); // 4100 × 20 floats: past 4 pages with the header
    expect(m.simd).toBe(false);
    expect(m.scan(q)).toBeNull();
    expect(Array.from(m.data.subarray(0, a.length + b.length))).toEqual([...a, ...b]);
  });

  it("without simd holds a plain Float32Array", () => {
    const m = new VectorMatrix(dim, 4, { simd: false });
    expect(m.simd).toBe(false);
    const a = fill(m, 50);
    expect(m.data.buffer).toBeInstanceOf(ArrayBuffer);
    expect(Array.from(m.data.subarray(0, a.length))).toEqual(Array.from(a));
    expect(m.scan(q)).toBeNull();
  });
});
