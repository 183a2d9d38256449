import { describe, expect, it } from "vitest";
import { toHalfPrecision } from "@/lib/db/half-precision";
import { DOT_BLOCK, VectorMatrix } from "./vector-matrix";

const dim = 20;

/** Appends `rows` rows (rounded to halves unless `half` is false) and returns their values. */
function fill(m: VectorMatrix, rows: number, seed = 1, half = true): Float32Array {
  const raw = Float32Array.from({ length: rows * dim }, (_, i) => Math.sin(i * 0.37 + seed));
  const values = half ? toHalfPrecision(raw) : raw;
  for (let r = 0; r < rows; r++) m.append(values.subarray(r * dim, (r + 1) * dim));
  return values;
}

/** Every row as float32, in order. */
const allRows = (m: VectorMatrix) => Array.from({ length: m.rows }, (_, r) => Array.from(m.row(r))).flat();

function dotsOf(m: VectorMatrix, q: Float32Array, from: number, count: number): number[] {
  const scan = m.scan(q)!;
  return Array.from(scan(from, count)).slice(0, count);
}

describe("VectorMatrix", () => {
  const q = Float32Array.from({ length: dim }, (_, i) => (i % 3) - 1);
  const jsDot = (values: Float32Array, r: number) => values.subarray(r * dim, (r + 1) * dim).reduce((s, x, i) => s + x * q[i], 0);
  /** pgvector's float32 chain. */
  const chain = (values: Float32Array, r: number) => values.subarray(r * dim, (r + 1) * dim).reduce((s, x, i) => Math.fround(s + Math.fround(x * q[i])), 0);

  it("keeps half rows in wasm memory as it grows (2 bytes a value), and scans them there exactly", () => {
    const m = new VectorMatrix(dim, 2);
    expect(m.simd).toBe(true);
    const a = fill(m, 3, 1);
    const b = fill(m, 5000, 2); // several doublings
    expect(m.half).toBe(true);
    expect(m.halves).not.toBeNull();
    expect(m.floats).toBeNull();
    expect(m.bytes).toBe(5003 * dim * 2);
    expect(allRows(m)).toEqual([...a, ...b]);
    dotsOf(m, q, 3, 4).forEach((d, j) => expect(d).toBe(chain(b, j)));
    const exact = m.exactScan(q)!;
    expect(Array.from(exact(3, 4)).slice(0, 4)).toEqual([0, 1, 2, 3].map((j) => chain(b, j)));
    expect(dotsOf(m, q, 0, DOT_BLOCK).length).toBe(DOT_BLOCK);
  });

  it("exactRows: exactScan's dot products bit for bit for listed rows in any order, repeats and several list batches included; refuses a row past the matrix", () => {
    const m = new VectorMatrix(dim, 2);
    const v = fill(m, 6000, 3);
    const exact = m.exactScan(q)!;
    const byRow: number[] = [];
    for (let from = 0; from < m.rows; from += DOT_BLOCK) byRow.push(...Array.from(exact(from, Math.min(DOT_BLOCK, m.rows - from))).slice(0, Math.min(DOT_BLOCK, m.rows - from)));
    expect(byRow[17]).toBe(chain(v, 17));
    const rows = Int32Array.from({ length: DOT_BLOCK + 900 }, (_, i) => (i * 7919) % 6000);
    rows[5] = rows[6] = 5999;
    const got: number[] = [];
    expect(m.exactRows(q, rows, rows.length, (i, dot) => (got[i] = dot))).toBe(true);
    expect(got).toEqual(Array.from(rows, (r) => byRow[r]));
    expect(() => m.exactRows(q, [1, 6000], 2, () => {})).toThrow(RangeError);
    // Float32 rows and plain arrays have no listed kernel: nothing computed.
    const f = new VectorMatrix(dim, 4, { half: false });
    fill(f, 10);
    expect(f.exactRows(q, [1], 1, () => {})).toBe(false);
  });

  it("half rows of a dim that is a multiple of 16: the first pass is the unordered one, within the float32 bound of the exact chain", () => {
    const d = 32;
    const m = new VectorMatrix(d, 2);
    const raw = toHalfPrecision(Float32Array.from({ length: 50 * d }, (_, i) => Math.cos(i * 0.11)));
    for (let r = 0; r < 50; r++) m.append(raw.subarray(r * d, (r + 1) * d));
    const query = Float32Array.from({ length: d }, (_, i) => Math.sin(i));
    const first = Array.from(m.scan(query)!(0, 50)).slice(0, 50);
    const exact = Array.from(m.exactScan(query)!(0, 50)).slice(0, 50);
    let differs = 0;
    first.forEach((x, r) => {
      let abs = 0;
      for (let i = 0; i < d; i++) abs += Math.abs(raw[r * d + i] * query[i]);
      expect(Math.abs(x - exact[r])).toBeLessThanOrEqual(2 * (d + 1) * 2 ** -24 * abs);
      if (x !== exact[r]) differs++;
    });
    expect(differs).toBeGreaterThan(0); // another order than the exact chain's: the unordered kernel
  });

  it("moves to float32 rows at the first row that is not exactly a half, keeping every row, and scans on", () => {
    const m = new VectorMatrix(dim, 4);
    const a = fill(m, 100, 1);
    expect(m.half).toBe(true);
    const b = fill(m, 3, 2, false); // sin values: not halves
    expect(m.half).toBe(false);
    expect(m.simd).toBe(true);
    expect(m.floats!.subarray(0, 103 * dim)).toEqual(Float32Array.from([...a, ...b]));
    const c = fill(m, 10, 3);
    expect(allRows(m)).toEqual([...a, ...b, ...c]);
    dotsOf(m, q, 100, 3).forEach((d, j) => expect(d).toBeCloseTo(jsDot(b, j), 4));
  });

  it("moves a row over another (compaction) in either layout", () => {
    for (const half of [true, false]) {
      const m = new VectorMatrix(dim, 4, { half });
      const a = fill(m, 5);
      m.moveRow(1, 4);
      m.rows = 2;
      expect(allRows(m)).toEqual([...a.subarray(0, dim), ...a.subarray(4 * dim, 5 * dim)]);
      expect(m.half).toBe(half);
    }
  });

  it("refuses a scan past its rows or of more than a block", () => {
    const m = new VectorMatrix(dim, 2);
    fill(m, 10);
    const scan = m.scan(q)!;
    expect(() => scan(5, 6)).toThrow(RangeError);
    expect(() => scan(0, DOT_BLOCK + 1)).toThrow(RangeError);
  });

  it.each([true, false])("moves its rows to a plain array past the memory limit, keeping them, and then has no SIMD scan (half %s)", (half) => {
    const m = new VectorMatrix(dim, 4, { maxBytes: 4 * 65536, half });
    const a = fill(m, 100);
    expect(m.simd).toBe(true);
    const b = fill(m, 8000); // 8100 × 20 values: past 4 pages with the header, as halves or floats
    expect(m.simd).toBe(false);
    expect(m.half).toBe(false);
    expect(m.scan(q)).toBeNull();
    expect(Array.from(m.floats!.subarray(0, a.length + b.length))).toEqual([...a, ...b]);
  });

  it("without simd holds a plain Float32Array", () => {
    const m = new VectorMatrix(dim, 4, { simd: false });
    expect(m.simd).toBe(false);
    expect(m.half).toBe(false);
    const a = fill(m, 50);
    expect(m.floats!.buffer).toBeInstanceOf(ArrayBuffer);
    expect(Array.from(m.floats!.subarray(0, a.length))).toEqual(Array.from(a));
    expect(m.scan(q)).toBeNull();
  });
});
