/**
 * Near duplicates by meaning: pairs of samples of different benchmarks whose text vectors (the
 * text space's active embedder, as searches use) have cosine similarity
 *   cos(a, b) = a·b / (‖a‖ ‖b‖) ≥ COSINE_DUPLICATE,
 * which catches paraphrases and translations of a question that word 3-grams (./duplicates.ts)
 * miss: the same item copied into another benchmark (contamination, double counting). Pairs within
 * one benchmark are left out: templated benchmarks hold many near-identical prompts by design.
 * The exact search is O(n²·dim); similarPairsInBlock does rows [from, to) against every later row
 * so that the caller (./job.ts) can yield between blocks.
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
}

/** Pairs (a < b, a in [from, to), different benchmarks, both with a vector) with cos ≥ threshold. */
export function similarPairsInBlock(m: VectorMatrix, scan: BlockScan, from: number, to: number, threshold: number): VectorPair[] {
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

/** Every pair, block by block, letting other work run between blocks (one Node thread serves both). */
export async function scanVectorPairs(m: VectorMatrix, threshold: number, only?: Uint8Array, yieldToOthers = () => new Promise<void>((r) => setImmediate(r))): Promise<VectorPair[]> {
  const scan = { norms: rowNorms(m), runEnd: runEnds(m.bench), only };
  const out: VectorPair[] = [];
  for (let from = 0; from < m.bench.length; from += BLOCK_ROWS) {
    out.push(...similarPairsInBlock(m, scan, from, from + BLOCK_ROWS, threshold));
    await yieldToOthers();
  }
  return out;
}
