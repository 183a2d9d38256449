import { describe, expect, it } from "vitest";
import { toHalfPrecision } from "@/lib/db/half-precision";
import { allDistances, nearest, squaredNorm } from "./knn";
import { VectorMatrix } from "./vector-matrix";

/** How the rows are held and scanned: float32 rows and the SIMD first pass, half rows (the half kernel; data rounded to halves first), or float32 rows and the float64 JS loop. */
type Pass = "simd" | "half" | "js";

/** The rows in a VectorMatrix, held and scanned as `pass` says. */
function stored(flat: Float32Array, dim: number, pass: Pass) {
  const m = new VectorMatrix(dim, flat.length / dim, { simd: pass !== "js", half: pass === "half" });
  for (let r = 0; r < flat.length / dim; r++) m.append(flat.subarray(r * dim, (r + 1) * dim));
  expect(m.simd).toBe(pass !== "js");
  expect(m.half).toBe(pass === "half" && dim % 4 === 0);
  return { vectors: m.floats, halves: m.halves, scan: (q: Float32Array) => m.scan(q), exactScan: (q: Float32Array) => m.exactScan(q) };
}

const passes = [
  ["the SIMD first pass", "simd"],
  ["half rows", "half"],
  ["the float64 first pass", "js"],
] as const;

function matrixOf(rows: number[][], pass: Pass) {
  const dim = rows[0].length;
  const flat = Float32Array.from(rows.flat());
  const norms = Float32Array.from(rows.map((_, r) => squaredNorm(flat, r * dim, dim)));
  return { ...stored(flat, dim, pass), norms, dim, rows: rows.length };
}

/** The same distance in double precision, for reference. */
function cosineDistance(a: number[], b: number[]): number {
  const dot = a.reduce((s, x, i) => s + x * b[i], 0);
  return 1 - dot / Math.sqrt(a.reduce((s, x) => s + x * x, 0) * b.reduce((s, x) => s + x * x, 0));
}

describe.each(passes)("nearest, %s", (_, pass) => {
  const matrix = (rows: number[][]) => matrixOf(rows, pass);
  /** The data as the pass holds it: rounded to halves for half rows (as every stored vector is). */
  const prep = (v: Float32Array) => (pass === "half" ? toHalfPrecision(v) : v);
  const rows = ([
    [1, 0, 0],
    [0, 1, 0],
    [0.6, 0.8, 0],
    [1, 0, 0],
    [-1, 0, 0],
    [0.8, 0.6, 0],
  ] as number[][]).map((r) => Array.from(prep(Float32Array.from(r))));
  const m = matrix(rows);
  const pks = Int32Array.from([50, 10, 30, 20, 40, 60]);
  const query = Float32Array.from([1, 0, 0]);

  it("returns the k nearest, nearest first, equal distances by pk", () => {
    const out = nearest({ ...m, pks, allowed: () => true, query, k: 4 });
    expect(out.map((n) => n.pk)).toEqual([20, 50, 60, 30]);
    expect(out[2].distance).toBeCloseTo(cosineDistance(rows[5], [1, 0, 0]), 6);
  });

  it("skips rows the mask refuses and dead rows (pk −1), and k beyond the rows returns all", () => {
    const dead = Int32Array.from([50, 10, 30, -1, 40, 60]);
    const out = nearest({ ...m, pks: dead, allowed: (r) => r !== 5, query, k: 100 });
    expect(out.map((n) => n.pk)).toEqual([50, 30, 10, 40]);
    expect(out.at(-1)!.distance).toBe(2);
  });

  it("agrees with a full sort on random data (heap selection is exact)", () => {
    let x = 1;
    const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const data = Array.from({ length: 500 }, () => Array.from({ length: 8 }, () => Math.round(rand() * 4) / 4));
    const big = matrix(data);
    const q = Float32Array.from({ length: 8 }, () => rand());
    const all = nearest({ ...big, pks: Int32Array.from(data, (_, i) => i + 1), allowed: () => true, query: q, k: 500 });
    const top = nearest({ ...big, pks: Int32Array.from(data, (_, i) => i + 1), allowed: () => true, query: q, k: 37 });
    expect(top).toEqual(all.slice(0, 37));
    for (let i = 1; i < all.length; i++) {
      expect(all[i].distance > all[i - 1].distance || (all[i].distance === all[i - 1].distance && all[i].pk > all[i - 1].pk)).toBe(true);
    }
  });

  it.each([384, 768, 100])("loses no row of pgvector's exact top k, near-ties included (%i-d, k 1..400)", (dim) => {
    // Reference: every row's distance as pgvector computes it (float32 steps), fully sorted.
    const exactAll = (v: Float32Array, norms: Float32Array, n: number, dim: number, q: Float32Array) => {
      const qn = squaredNorm(q, 0, dim);
      return Array.from({ length: n }, (_, r) => {
        let dot = 0;
        for (let i = 0; i < dim; i++) dot = Math.fround(dot + Math.fround(v[r * dim + i] * q[i]));
        return { pk: r + 1, distance: 1 - Math.min(1, Math.max(-1, dot / Math.sqrt(norms[r] * qn))) };
      }).sort((a, b) => a.distance - b.distance || a.pk - b.pk);
    };
    let x = 7;
    const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const n = 1200;
    for (let trial = 0; trial < 3; trial++) {
      // A base vector with small perturbations: hundreds of rows within 1e-4 of each other.
      const base = Float32Array.from({ length: dim }, () => rand());
      const v = new Float32Array(n * dim);
      for (let r = 0; r < n; r++) for (let i = 0; i < dim; i++) v[r * dim + i] = base[i] + (r % 3 === 0 ? 0 : rand() * 1e-3 * (trial + 1));
      v.set(prep(v));
      const norms = Float32Array.from({ length: n }, (_, r) => squaredNorm(v, r * dim, dim));
      const q = Float32Array.from(base, (b) => b + rand() * 1e-2);
      const reference = exactAll(v, norms, n, dim, q);
      // The near-ties are real: the first pass alone would misorder them.
      expect(reference.slice(0, 400).some((e, i) => i > 0 && e.distance - reference[i - 1].distance < 1e-6)).toBe(true);
      const m = stored(v, dim, pass);
      const pks = Int32Array.from({ length: n }, (_, r) => r + 1);
      for (const k of [1, 17, 400]) {
        expect(nearest({ ...m, norms, pks, rows: n, dim, allowed: () => true, query: q, k })).toEqual(reference.slice(0, k));
      }
      // Every row's exact distance, bit for bit (rows taken four at a time, and the odd ones left over).
      const seen = new Map<number, number>();
      allDistances({ ...m, norms, pks, rows: n, dim, allowed: (r) => r % 7 !== 0, query: q }, (pk, d) => seen.set(pk, d));
      expect(seen).toEqual(new Map(reference.filter((e) => (e.pk - 1) % 7 !== 0).map((e) => [e.pk, e.distance])));
    }
  });

  it("k = 0 returns nothing", () => {
    expect(nearest({ ...m, pks, allowed: () => true, query, k: 0 })).toEqual([]);
  });

  it("allDistances over blocks of rows (the wasm exact kernel) gives the JS float32 chains' distances bit for bit", () => {
    let x = 3;
    const rand = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const n = 9_001; // three blocks of rows, the last one short
    const dim = pass === "half" ? 8 : 7; // half rows need dim a multiple of 4
    const v = prep(Float32Array.from({ length: n * dim }, () => rand()));
    const norms = Float32Array.from({ length: n }, (_, r) => squaredNorm(v, r * dim, dim));
    const m = stored(v, dim, pass);
    const pks = Int32Array.from({ length: n }, (_, r) => (r % 11 === 3 ? -1 : r + 1));
    const q = Float32Array.from({ length: dim }, () => rand());
    for (const allowed of [() => true, (r: number) => r % 7 !== 0 && r < 8_500, (r: number) => r % 50 === 0]) {
      const distances = (input: object) => {
        const seen = new Map<number, number>();
        allDistances({ ...m, norms, pks, rows: n, dim, allowed, query: q, ...input }, (pk, d) => seen.set(pk, d));
        return seen;
      };
      const js = distances({ scan: undefined, exactScan: undefined });
      expect(distances({})).toEqual(js);
      expect([...js.keys()].every((pk) => allowed(pk - 1) && pk % 11 !== 4)).toBe(true);
      expect(js.size).toBe(Array.from({ length: n }, (_, r) => r).filter((r) => allowed(r) && r % 11 !== 3).length);
    }
  });

  it("allDistances gives every allowed live row the distance nearest finds, and skips the rest", () => {
    const dead = Int32Array.from([50, 10, 30, -1, 40, 60]);
    const seen = new Map<number, number>();
    allDistances({ ...m, pks: dead, allowed: (r) => r !== 5, query }, (pk, d) => seen.set(pk, d));
    const expected = nearest({ ...m, pks: dead, allowed: (r) => r !== 5, query, k: 100 });
    expect(seen).toEqual(new Map(expected.map((n) => [n.pk, n.distance])));
  });
});
