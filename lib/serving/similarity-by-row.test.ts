// similarityByRow writes each allowed row's similarity from the wasm kernel's blocks in one loop;
// before, it went through allDistances with a callback per row. Both are compared here (the
// replaced form kept verbatim) on stores with dead rows, read-model rows in another order than the
// store's, and masks allowing most, a quarter, few or none of the rows: equal bit for bit.
import { describe, expect, it } from "vitest";
import { seeded } from "@/test/seeded";
import { PkIndex } from "./columns";
import { allDistances } from "./knn";
import type { ReadModel } from "./read-model";
import { approximateSimilarityByRow, similarityByRow } from "./search";
import { approximation } from "@/lib/retrieval/approximate";
import { toHalfPrecision } from "@/lib/db/half-precision";
import { VectorStore } from "./vector-store";

function previousSimilarityByRow(model: ReadModel, store: VectorStore, mask: Uint8Array, query: Float32Array): Float32Array {
  const out = new Float32Array(mask.length).fill(NaN);
  const rowOf = model.samples.rowOf;
  const rows = new Int32Array(store.pk.length);
  const pks = store.pk.data;
  for (let r = 0; r < rows.length; r++) rows[r] = pks[r] < 0 ? -1 : rowOf.get(pks[r]);
  allDistances(
    { ...store.rows(), allowed: (r) => rows[r] >= 0 && mask[rows[r]] === 1, query },
    (_pk, distance, r) => (out[rows[r]] = 1 - distance),
  );
  return out;
}

describe("similarityByRow", () => {
  it.each([
    [384, true],
    [17, true],
    [64, false],
  ])("equals the allDistances form bit for bit (%i-d, wasm %s)", (dim, simd) => {
    const rand = seeded(dim);
    const n = 9_000;
    const store = new VectorStore(dim, { simd });
    const unit = () => {
      const v = Float32Array.from({ length: dim }, rand);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    };
    // pks 1..n, a tenth removed (dead rows), some re-put (moved to the end).
    for (let pk = 1; pk <= n; pk++) store.put(pk, unit());
    for (let pk = 3; pk <= n; pk += 10) store.remove(pk);
    for (let pk = 7; pk <= n; pk += 50) store.put(pk, unit());
    // Read-model rows: the pks in another order, some samples without a vector.
    const rowOf = new PkIndex();
    const order = Array.from({ length: n + 200 }, (_, i) => i + 1).sort((a, b) => ((a * 7919) % 1009) - ((b * 7919) % 1009) || a - b);
    order.forEach((pk, row) => rowOf.set(pk, row));
    const model = { samples: { rowOf } } as unknown as ReadModel;
    const query = unit();
    for (const share of [1, 0.9, 0.3, 0.25, 0.05, 0]) {
      const mask = Uint8Array.from({ length: order.length }, () => (rand() * 0.5 + 0.5 < share ? 1 : 0));
      if (share === 1) mask.fill(1);
      const got = similarityByRow(model, store, mask, query);
      const want = previousSimilarityByRow(model, store, mask, query);
      expect(new Uint32Array(got.buffer)).toEqual(new Uint32Array(want.buffer));
    }
  });
});

describe("approximateSimilarityByRow", () => {
  /** A store of n half-precision unit rows (pks 1..n, a tenth dead, some moved) and a read model whose rows are the pks in another order. */
  function setUp(dim: number, n: number, seed: number, options?: { half?: boolean }) {
    const rand = seeded(seed);
    const unit = () => {
      const v = Float32Array.from({ length: dim }, rand);
      const norm = Math.hypot(...v);
      return toHalfPrecision(v.map((x) => x / norm));
    };
    const store = new VectorStore(dim, options);
    for (let pk = 1; pk <= n; pk++) store.put(pk, unit());
    for (let pk = 3; pk <= n; pk += 10) store.remove(pk);
    for (let pk = 7; pk <= n; pk += 50) store.put(pk, unit());
    const rowOf = new PkIndex();
    const order = Array.from({ length: n + 100 }, (_, i) => i + 1).sort((a, b) => ((a * 7919) % 1009) - ((b * 7919) % 1009) || a - b);
    order.forEach((pk, row) => rowOf.set(pk, row));
    return { store, model: { samples: { rowOf } } as unknown as ReadModel, rows: order.length, query: unit(), rand };
  }
  const bits = (x: Float32Array) => new Uint32Array(Float32Array.from(x).buffer);

  it.each([384, 768, 32])("half rows, %i-d: every value within the slack of the exact one, NaN where it is; refined rows exact bit for bit; past a quarter, all of them", (dim) => {
    const { store, model, rows, query, rand } = setUp(dim, 6000, dim + 5);
    expect(store.vectors.half).toBe(true);
    const mask = Uint8Array.from({ length: rows }, () => (rand() < 0.8 ? 1 : 0));
    const exact = similarityByRow(model, store, mask, query);
    const got = approximateSimilarityByRow(model, store, mask, query);
    const a = approximation(got)!;
    expect(a.slack).toBe((dim + 3) * 2 ** -23);
    let differ = 0;
    for (let r = 0; r < rows; r++) {
      expect(Number.isNaN(got[r])).toBe(Number.isNaN(exact[r]));
      if (Number.isNaN(exact[r])) continue;
      expect(Math.abs(got[r] - exact[r])).toBeLessThanOrEqual(a.slack);
      if (got[r] !== exact[r]) differ++;
    }
    expect(differ).toBeGreaterThan(0); // the first pass is the unordered one
    const some = Int32Array.from({ length: 500 }, (_, i) => (i * 37) % rows);
    a.refine(some, some.length);
    for (const r of some) expect(Object.is(got[r], exact[r])).toBe(true);
    // Refining the same rows again changes nothing; past a quarter of the allowed rows, every row is exact.
    a.refine(some, some.length);
    const many = Int32Array.from({ length: rows }, (_, i) => i);
    a.refine(many, Math.ceil(rows / 3));
    expect(bits(got)).toEqual(bits(exact));
  });

  it("scans exactly (nothing to refine) where there is no unordered half pass or few rows are allowed", () => {
    for (const [dim, half, share] of [[24, true, 1], [384, false, 1], [384, true, 0.1]] as const) {
      const { store, model, rows, query, rand } = setUp(dim, 3000, dim, { half });
      const mask = Uint8Array.from({ length: rows }, () => (rand() * 0.5 + 0.5 < share || share === 1 ? 1 : 0));
      const got = approximateSimilarityByRow(model, store, mask, query);
      expect(approximation(got)).toBeUndefined();
      expect(bits(got)).toEqual(bits(similarityByRow(model, store, mask, query)));
    }
  });
});
