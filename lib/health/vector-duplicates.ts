/**
 * Near duplicates by meaning: pairs of samples of different benchmarks whose text vectors (the
 * text space's active embedder, as searches use) have cosine similarity
 *   cos(a, b) = a·b / (‖a‖ ‖b‖) ≥ COSINE_DUPLICATE,
 * which catches paraphrases and translations of a question that word 3-grams (./duplicates.ts)
 * miss: the same item copied into another benchmark (contamination, double counting). Pairs within
 * one benchmark are left out: templated benchmarks hold many near-identical prompts by design.
 * The exact search is O(n²·dim); similarPairsInBlock does rows [from, to) against every later row
 * so that the caller (./job.ts) can yield between blocks. It reads the later rows in tiles that stay
 * in cache for the whole block, several dot products side by side, and stops a pair's dot product
 * after its first PRUNE_SPLIT terms when an exact bound (PruneBound) shows it cannot reach the
 * threshold; the pairs and their cosines are those of the plain pair-by-pair loop, bit for bit
 * (./vector-scan-equivalence.test.ts keeps that loop). CPU seconds of the scan, plain → now, LSA
 * fallback vectors (384 dims, threshold 0.75), on a machine shared at load 4–7:
 *   MMLU-Pro, 12k rows, one benchmark per category (402 pairs): 43.2 → 6.4 s (medians of 3);
 *   synthetic pool (scripts/lib/synthetic-pool.ts), 12k rows: 55.2 → 4.3 s;
 *   synthetic pool, 100k rows: ~3,800 (extrapolated from 6 blocks of 256 rows) → 279 s.
 * At 1M rows that is still ~8 h of CPU: beyond this, an approximate index or a cap is needed.
 * PRUNE_SPLIT 64 suits MMLU-Pro (48 gave 7.9 s there, 3.4 s on the synthetic pool, whose
 * cross-benchmark cosines stay under 0.2). MiniLM's coordinates are not ordered by variance as
 * LSA's are: there the bound will skip little (not measured: no weights here) and the gain is the
 * tiling and the side-by-side sums.
 */

/**
 * Per kind of text embedder. The offline LSA fallback, measured on five reworded copies of demo
 * questions (./vector-duplicates.int.test.ts): 0.96, 0.88, 0.81, 0.79 and 0.61 (a reordered word
 * problem, whose siblings in its own template reach 0.56); no other cross-benchmark pair of the
 * demo pool reaches 0.5. MiniLM (its weights are not on the development machines, so not measured
 * here) puts unrelated questions on one topic at 0.5–0.8 and paraphrases above 0.9.
 */
export const COSINE_DUPLICATE = { fallback: 0.75, minilm: 0.9 } as const;
/** Rows per block: 256 × 12k × 384 multiply-adds is well under 100 ms between yields. */
export const BLOCK_ROWS = 256;

export interface VectorMatrix {
  dim: number;
  /** n × dim, row-major; a row of zeros is a sample without a vector */
  values: Float32Array;
  /** per row, the dense index of its benchmark */
  bench: Int32Array;
}

export interface VectorPair {
  a: number;
  b: number;
  cosine: number;
}

/** Per row, the first later row of another benchmark's run (rows come in upload order, so in runs). */
export function runEnds(bench: Int32Array): Int32Array {
  const out = new Int32Array(bench.length);
  for (let i = bench.length - 1; i >= 0; i--) out[i] = i + 1 < bench.length && bench[i + 1] === bench[i] ? out[i + 1] : i + 1;
  return out;
}

export function rowNorms(m: VectorMatrix): Float64Array {
  const n = m.bench.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = i * m.dim; k < (i + 1) * m.dim; k++) s += m.values[k] * m.values[k];
    out[i] = Math.sqrt(s);
  }
  return out;
}

export interface BlockScan {
  norms: Float64Array;
  runEnd: Int32Array;
  /** only pairs with at least one row marked here (the benchmarks an upload touched); all without */
  only?: Uint8Array;
  /** the exact bound on the first `split` dimensions (pruneBound); none: every dot product in full */
  bound?: PruneBound;
}

/**
 * Cauchy–Schwarz on a split of the dimensions: a·b = a₁·b₁ + a₂·b₂ ≤ a₁·b₁ + ‖a₂‖‖b₂‖, so once the
 * first `split` terms are summed, a pair whose bound is under threshold·‖a‖‖b‖ (less a margin far
 * above the rounding error of these sums, ~dim·2⁻⁵³·‖a‖‖b‖) cannot reach the threshold and the
 * rest of its dot product is skipped. A pair that goes on continues the same sum, term by term in
 * the same order, so its cosine is the one computed without the bound, bit for bit.
 */
export interface PruneBound {
  split: number;
  /** per row, ‖x[split..dim)‖ */
  tail: Float64Array;
}

/** Dimensions summed before the bound is tested (LSA and MiniLM vectors hold most of their length in few). */
export const PRUNE_SPLIT = 64;
/** Relative margin of the bound: rounding of 384 float64 terms is ~10⁻¹⁴ of ‖a‖‖b‖. */
const PRUNE_MARGIN = 1e-9;
/** b rows per tile: 128 × 384 float32 = 192 kB, read from L2 by every row of a block. */
export const TILE_ROWS = 128;

export function pruneBound(m: VectorMatrix, split = PRUNE_SPLIT): PruneBound | undefined {
  if (split <= 0 || split >= m.dim) return undefined;
  const n = m.bench.length;
  const tail = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = i * m.dim + split; k < (i + 1) * m.dim; k++) s += m.values[k] * m.values[k];
    tail[i] = Math.sqrt(s);
  }
  return { split, tail };
}

/**
 * Pairs (a < b, a in [from, to), different benchmarks, both with a vector) with cos ≥ threshold, in
 * order of a then b. Every dot product is the sum over k = 0, 1, …, dim − 1 of the float64 products,
 * in that order (the cosines are reproducible, and carried pairs, ./carry.ts, compare equal).
 * Rows b are visited in tiles that stay in cache while every row a of the block reads them, four
 * rows b at a time (four independent sums rather than one chain of dependent additions).
 */
export function similarPairsInBlock(m: VectorMatrix, scan: BlockScan, from: number, to: number, threshold: number): VectorPair[] {
  const n = m.bench.length;
  const { dim, values, bench } = m;
  const { norms, runEnd, only } = scan;
  const end = Math.min(to, n);
  if (from >= end) return [];
  // The bound only where its arithmetic is plainly safe: finite norms, |threshold| ≤ 1.
  const bound = scan.bound && Math.abs(threshold) <= 1 ? scan.bound : undefined;
  const split = bound ? bound.split : 0;
  const tail = bound ? bound.tail : norms;
  const limitFactor = threshold - PRUNE_MARGIN;
  const perA: VectorPair[][] = Array.from({ length: end - from }, () => []);
  // Per tile and row a: the rows b to compare, their partial sums, those the bound lets through.
  const cand = new Int32Array(TILE_ROWS);
  const part = new Float64Array(TILE_ROWS);
  const kept = new Int32Array(TILE_ROWS);
  const keptDot = new Float64Array(TILE_ROWS);
  for (let t0 = from + 1; t0 < n; t0 += TILE_ROWS) {
    const t1 = Math.min(t0 + TILE_ROWS, n);
    for (let a = from; a < end && a + 1 < t1; a++) {
      const na = norms[a];
      if (na === 0) continue;
      const ba = bench[a];
      const onlyA = !only || only[a] !== 0;
      let c = 0;
      for (let b = Math.max(a + 1, t0); b < t1; b++) {
        if (bench[b] === ba) {
          b = runEnd[b] - 1;
          continue;
        }
        if (norms[b] === 0 || (!onlyA && !only![b])) continue;
        cand[c++] = b;
      }
      if (c === 0) continue;
      const oa = a * dim;
      // The first `split` terms of every sum, eight rows b side by side, then four.
      let j = 0;
      for (; j + 8 <= c; j += 8) {
        const o0 = cand[j] * dim, o1 = cand[j + 1] * dim, o2 = cand[j + 2] * dim, o3 = cand[j + 3] * dim;
        const o4 = cand[j + 4] * dim, o5 = cand[j + 5] * dim, o6 = cand[j + 6] * dim, o7 = cand[j + 7] * dim;
        let d0 = 0, d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0;
        for (let k = 0; k < split; k++) {
          const x = values[oa + k];
          d0 += x * values[o0 + k];
          d1 += x * values[o1 + k];
          d2 += x * values[o2 + k];
          d3 += x * values[o3 + k];
          d4 += x * values[o4 + k];
          d5 += x * values[o5 + k];
          d6 += x * values[o6 + k];
          d7 += x * values[o7 + k];
        }
        part[j] = d0;
        part[j + 1] = d1;
        part[j + 2] = d2;
        part[j + 3] = d3;
        part[j + 4] = d4;
        part[j + 5] = d5;
        part[j + 6] = d6;
        part[j + 7] = d7;
      }
      for (; j + 4 <= c; j += 4) {
        const o0 = cand[j] * dim, o1 = cand[j + 1] * dim, o2 = cand[j + 2] * dim, o3 = cand[j + 3] * dim;
        let d0 = 0, d1 = 0, d2 = 0, d3 = 0;
        for (let k = 0; k < split; k++) {
          const x = values[oa + k];
          d0 += x * values[o0 + k];
          d1 += x * values[o1 + k];
          d2 += x * values[o2 + k];
          d3 += x * values[o3 + k];
        }
        part[j] = d0;
        part[j + 1] = d1;
        part[j + 2] = d2;
        part[j + 3] = d3;
      }
      for (; j < c; j++) {
        const ob = cand[j] * dim;
        let d = 0;
        for (let k = 0; k < split; k++) d += values[oa + k] * values[ob + k];
        part[j] = d;
      }
      // The bound.
      let q = 0;
      const ta = tail[a];
      if (bound !== undefined && Number.isFinite(na) && Number.isFinite(ta)) {
        const limitA = limitFactor * na;
        for (j = 0; j < c; j++) {
          const b = cand[j];
          if (part[j] + ta * tail[b] < limitA * norms[b]) continue;
          kept[q] = b;
          keptDot[q++] = part[j];
        }
      } else {
        kept.set(cand.subarray(0, c));
        keptDot.set(part.subarray(0, c));
        q = c;
      }
      if (q === 0) continue;
      // The rest of the sums that went on, in the same order of terms.
      for (j = 0; j + 4 <= q; j += 4) {
        const o0 = kept[j] * dim, o1 = kept[j + 1] * dim, o2 = kept[j + 2] * dim, o3 = kept[j + 3] * dim;
        let d0 = keptDot[j], d1 = keptDot[j + 1], d2 = keptDot[j + 2], d3 = keptDot[j + 3];
        for (let k = split; k < dim; k++) {
          const x = values[oa + k];
          d0 += x * values[o0 + k];
          d1 += x * values[o1 + k];
          d2 += x * values[o2 + k];
          d3 += x * values[o3 + k];
        }
        keptDot[j] = d0;
        keptDot[j + 1] = d1;
        keptDot[j + 2] = d2;
        keptDot[j + 3] = d3;
      }
      for (; j < q; j++) {
        const ob = kept[j] * dim;
        let d = keptDot[j];
        for (let k = split; k < dim; k++) d += values[oa + k] * values[ob + k];
        keptDot[j] = d;
      }
      const out = perA[a - from];
      for (j = 0; j < q; j++) {
        const cosine = keptDot[j] / (na * norms[kept[j]]);
        if (cosine >= threshold) out.push({ a, b: kept[j], cosine });
      }
    }
  }
  return perA.flat();
}

/** Every pair, block by block, letting other work run between blocks (one Node thread serves both). */
export async function scanVectorPairs(m: VectorMatrix, threshold: number, only?: Uint8Array, yieldToOthers = () => new Promise<void>((r) => setImmediate(r))): Promise<VectorPair[]> {
  const scan: BlockScan = { norms: rowNorms(m), runEnd: runEnds(m.bench), only, bound: pruneBound(m) };
  const out: VectorPair[] = [];
  for (let from = 0; from < m.bench.length; from += BLOCK_ROWS) {
    out.push(...similarPairsInBlock(m, scan, from, from + BLOCK_ROWS, threshold));
    await yieldToOthers();
  }
  return out;
}
