// kNN alone, in the benchmark's own process, over a vector store of `n` random unit vectors: the
// k = 20 nearest (nearest()), every row's exact similarity (allDistances(): an explicit k or
// threshold's pass) and the unordered pass alone (VectorMatrix.scan: the default adaptive cut's
// first pass over the pool), with the rows held three ways — as the server holds stored
// vectors (rounded to half precision when written: halves, the wasm half kernel), as float32 rows
// (the wasm SIMD kernels: a pool embedded before the rounding) and as float32 rows scanned by the
// JS loops (no wasm SIMD) — so that an API figure can be split into the scan and the rest. One
// store at a time.
import { toHalfPrecision } from "@/lib/db/half-precision";
import { allDistances, nearest } from "@/lib/serving/knn";
import { DOT_BLOCK } from "@/lib/serving/vector-matrix";
import { VectorStore } from "@/lib/serving/vector-store";
import { Rng } from "../demo/rng";
import { latencyRow, type LatencyRow } from "./bench-stats";

type Rows = "half" | "float32" | "js";
const LABEL: Record<Rows, string> = { half: "half rows, wasm", float32: "float32 rows, wasm", js: "float32 rows, JS" };

function randomStore(n: number, dim: number, rows: Rows): VectorStore {
  const rng = new Rng("bench-knn-alone");
  const store = new VectorStore(dim, { simd: rows !== "js", half: rows === "half" });
  const v = new Float32Array(dim);
  for (let pk = 1; pk <= n; pk++) {
    let sq = 0;
    for (let i = 0; i < dim; i++) sq += (v[i] = rng.next() - 0.5) ** 2;
    const norm = Math.sqrt(sq);
    for (let i = 0; i < dim; i++) v[i] /= norm;
    store.put(pk, toHalfPrecision(v));
  }
  if (store.vectors.half !== (rows === "half" && dim % 4 === 0)) throw new Error(`the store holds ${store.vectors.half ? "halves" : "float32"}, not ${rows}`);
  return store;
}

/** nearest(k = 20) and allDistances timings for each query, `rounds` times over, with each way of holding the rows. */
export function knnAlone(n: number, dim: number, queries: readonly Float32Array[], rounds = 5, ways: readonly Rows[] = ["half", "float32", "js"]): LatencyRow[] {
  return ways.flatMap((rows) => {
    const store = randomStore(n, dim, rows);
    const mb = `rows ${(store.vectors.bytes / 2 ** 20).toFixed(0)} MB`;
    const near: number[] = [];
    const every: number[] = [];
    const unordered: number[] = [];
    let sink = 0;
    for (let round = 0; round <= rounds; round++) {
      for (const query of queries) {
        let t0 = performance.now();
        nearest({ ...store.rows(), allowed: () => true, query, k: 20 });
        if (round > 0) near.push(performance.now() - t0); // round 0 warms up
        t0 = performance.now();
        allDistances({ ...store.rows(), allowed: () => true, query }, (_pk, d) => (sink += d));
        if (round > 0) every.push(performance.now() - t0);
        // The unordered pass alone (the default cut's first pass over half rows, lib/serving/search.ts
        // approximateSimilarityByRow, before the few rows it makes exact).
        t0 = performance.now();
        const scan = store.vectors.scan(query);
        for (let from = 0; scan && from < n; from += DOT_BLOCK) sink += scan(from, Math.min(DOT_BLOCK, n - from))[0];
        if (round > 0 && scan) unordered.push(performance.now() - t0);
      }
    }
    if (!Number.isFinite(sink)) throw new Error("a distance was not finite");
    return [
      latencyRow(`nearest(k=20) over ${n} × ${dim}, ${LABEL[rows]}`, near, mb),
      latencyRow(`every row's exact similarity, ${LABEL[rows]}`, every, mb),
      ...(unordered.length ? [latencyRow(`every row's unordered dot product (first pass), ${LABEL[rows]}`, unordered, mb)] : []),
    ];
  });
}
