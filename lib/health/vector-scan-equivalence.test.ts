// The tiled, pruned vector scan (./vector-duplicates.ts) against the plain one it replaced, kept here
// verbatim: the same pairs, in the same order, with the same cosines bit for bit (carried pairs,
// ./carry.ts, and the flags' evidence depend on them), on random matrices of varied shapes and on
// pairs planted exactly at the threshold where the pruning bound is tight.
import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/retrieval/embedder/prng";
import { pruneBound, rowNorms, runEnds, scanVectorPairs, similarPairsInBlock, PRUNE_SPLIT, TILE_ROWS, type VectorMatrix, type VectorPair } from "./vector-duplicates";

// ---- the implementation before tiling and pruning (commit a1363b0), verbatim; its helpers runEnds and rowNorms did not change and are imported ----
interface RefBlockScan {
  norms: Float64Array;
  runEnd: Int32Array;
  only?: Uint8Array;
}
function refSimilarPairsInBlock(m: VectorMatrix, scan: RefBlockScan, from: number, to: number, threshold: number): VectorPair[] {
  const n = m.bench.length;
  const { dim, values } = m;
  const { norms, runEnd, only } = scan;
  const out: VectorPair[] = [];
  for (let a = from; a < Math.min(to, n); a++) {
    if (norms[a] === 0) continue;
    const oa = a * dim;
    for (let b = a + 1; b < n; b++) {
      if (m.bench[b] === m.bench[a]) {
        b = runEnd[b] - 1;
        continue;
      }
      if (norms[b] === 0 || (only && !only[a] && !only[b])) continue;
      const ob = b * dim;
      let dot = 0;
      for (let k = 0; k < dim; k++) dot += values[oa + k] * values[ob + k];
      const cosine = dot / (norms[a] * norms[b]);
      if (cosine >= threshold) out.push({ a, b, cosine });
    }
  }
  return out;
}
const REF_BLOCK_ROWS = 256;
function refScan(m: VectorMatrix, threshold: number, only?: Uint8Array): VectorPair[] {
  const scan = { norms: rowNorms(m), runEnd: runEnds(m.bench), only };
  const out: VectorPair[] = [];
  for (let from = 0; from < m.bench.length; from += REF_BLOCK_ROWS) out.push(...refSimilarPairsInBlock(m, scan, from, from + REF_BLOCK_ROWS, threshold));
  return out;
}
// ---- end of the reference ----

/** Rows with a decaying spectrum (as LSA's), a few benchmarks in runs, some rows zero, some near copies of earlier rows. */
function randomMatrix(seed: number, n: number, dim: number): VectorMatrix {
  const r = mulberry32(seed);
  const values = new Float32Array(n * dim);
  const bench = new Int32Array(n);
  const nBench = 1 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    bench[i] = i > 0 && r() < 0.5 ? bench[i - 1] : Math.floor(r() * nBench);
    if (r() < 0.08) continue;
    if (i > 0 && r() < 0.3) {
      const j = Math.floor(r() * i);
      const noise = r() * 0.6;
      for (let k = 0; k < dim; k++) values[i * dim + k] = values[j * dim + k] * (0.5 + r()) + noise * (r() - 0.5) / (1 + k / 8);
      continue;
    }
    for (let k = 0; k < dim; k++) values[i * dim + k] = (r() - 0.5) * (r() < 0.5 ? 1 : 3) / (1 + k / 8);
  }
  return { dim, values, bench };
}

const pairs = (ps: VectorPair[]) => ps.map((p) => [p.a, p.b, p.cosine]);
const bitsOf = (ps: VectorPair[]) => new BigInt64Array(Float64Array.from(ps, (p) => p.cosine).buffer);
function expectSame(got: VectorPair[], want: VectorPair[]) {
  expect(pairs(got)).toStrictEqual(pairs(want));
  expect(bitsOf(got)).toStrictEqual(bitsOf(want));
}
function nextUp(x: number) {
  const f = new Float64Array([x]);
  const i = new BigInt64Array(f.buffer);
  i[0] += x >= 0 ? 1n : -1n;
  return f[0];
}

describe("the tiled, pruned vector scan equals the plain one", () => {
  it("on random matrices of varied sizes, dims, runs, zero rows, masks and thresholds", async () => {
    let seed = 1;
    let found = 0;
    for (const n of [0, 1, 2, 7, 130, TILE_ROWS + 1, 300]) {
      for (const dim of [1, 5, PRUNE_SPLIT, PRUNE_SPLIT + 1, 64, 384]) {
        if (n * n * dim > 130 * 130 * 384) continue; // keeps the test fast
        const m = randomMatrix(seed++, n, dim);
        const r = mulberry32(seed++);
        for (const threshold of [-0.2, 0, 0.5, 0.75, 0.9, 1]) {
          const only = r() < 0.5 ? Uint8Array.from({ length: n }, () => (r() < 0.2 ? 1 : 0)) : undefined;
          const want = refScan(m, threshold, only);
          found += want.length;
          expectSame(await scanVectorPairs(m, threshold, only, async () => undefined), want);
        }
      }
    }
    expect(found).toBeGreaterThan(1000);
  });

  it("block by block, with a bound split over few dimensions too", () => {
    const m = randomMatrix(99, 200, 24);
    const scan = { norms: rowNorms(m), runEnd: runEnds(m.bench), bound: pruneBound(m, 3) };
    const ref = { norms: rowNorms(m), runEnd: runEnds(m.bench) };
    for (const threshold of [0.3, 0.8]) {
      for (const [from, to] of [[0, 200], [0, 1], [17, 90], [150, 400], [199, 200], [200, 300]]) {
        expectSame(similarPairsInBlock(m, scan, from, to, threshold), refSimilarPairsInBlock(m, ref, from, to, threshold));
      }
    }
  });

  it("keeps a pair exactly at the threshold where the bound is tight, and drops it one step above", async () => {
    // b = (head of b, s · tail of a): a·b = a₁·b₁ + ‖a₂‖‖b₂‖, the bound equals the dot product.
    const dim = 384;
    const r = mulberry32(5);
    const n = 40;
    const values = new Float32Array(n * dim);
    const bench = Int32Array.from({ length: n }, (_, i) => i % 2);
    for (let i = 0; i < n; i += 2) {
      for (let k = 0; k < dim; k++) values[i * dim + k] = (r() - 0.5) / (1 + k / 8);
      const s = 0.25 + r() * 4;
      for (let k = 0; k < dim; k++) values[(i + 1) * dim + k] = k < PRUNE_SPLIT ? values[i * dim + k] + (r() - 0.5) * 0.3 : values[i * dim + k] * s;
    }
    const m = { dim, values, bench };
    const planted = refScan(m, -1).filter((p) => p.b === p.a + 1 && p.a % 2 === 0);
    expect(planted.length).toBe(n / 2);
    for (const p of planted) {
      const at = await scanVectorPairs(m, p.cosine);
      expectSame(at, refScan(m, p.cosine));
      expect(at.some((q) => q.a === p.a && q.b === p.b && Object.is(q.cosine, p.cosine))).toBe(true);
      const above = await scanVectorPairs(m, nextUp(p.cosine));
      expectSame(above, refScan(m, nextUp(p.cosine)));
      expect(above.some((q) => q.a === p.a && q.b === p.b)).toBe(false);
    }
  });

  it("rows whose length is all in the tail, or all in the head, or not finite", async () => {
    const dim = 96;
    const rows: number[][] = [];
    for (let i = 0; i < 12; i++) rows.push(Array.from({ length: dim }, (_, k) => (i % 3 === 0 ? (k >= PRUNE_SPLIT ? 1 + (k % 5) : 0) : i % 3 === 1 ? (k < PRUNE_SPLIT ? 1 + (k % 3) : 0) : 1)));
    rows[5][0] = Infinity;
    rows[7][3] = NaN;
    const m = { dim, values: Float32Array.from(rows.flat()), bench: Int32Array.from(rows, (_, i) => i % 4) };
    for (const threshold of [0, 0.5, 0.99, 1]) expectSame(await scanVectorPairs(m, threshold), refScan(m, threshold));
  });
});
