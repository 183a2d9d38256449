// kNN alone, in the benchmark's own process: nearest() over a vector store of `n` random unit
// vectors, k = 20, with the SIMD first pass (the store's rows in wasm memory, as the server holds
// them) and with the float64 JS first pass, so that an API figure can be split into the scan and
// the rest. One store at a time: each holds n × dim float32.
import { nearest } from "@/lib/serving/knn";
import { VectorStore } from "@/lib/serving/vector-store";
import { Rng } from "../demo/rng";
import { latencyRow, type LatencyRow } from "./bench-stats";

function randomStore(n: number, dim: number, simd: boolean): VectorStore {
  const rng = new Rng("bench-knn-alone");
  const store = new VectorStore(dim, { simd });
  const v = new Float32Array(dim);
  for (let pk = 1; pk <= n; pk++) {
    let sq = 0;
    for (let i = 0; i < dim; i++) sq += (v[i] = rng.next() - 0.5) ** 2;
    const norm = Math.sqrt(sq);
    for (let i = 0; i < dim; i++) v[i] /= norm;
    store.put(pk, v);
  }
  return store;
}

/** nearest(k = 20) timings for each query, `rounds` times over, with each first pass. */
export function knnAlone(n: number, dim: number, queries: readonly Float32Array[], rounds = 5): LatencyRow[] {
  return [true, false].map((simd) => {
    const store = randomStore(n, dim, simd);
    const times: number[] = [];
    for (let round = 0; round <= rounds; round++) {
      for (const query of queries) {
        const t0 = performance.now();
        nearest({ ...store.rows(), allowed: () => true, query, k: 20 });
        if (round > 0) times.push(performance.now() - t0); // round 0 warms up
      }
    }
    return latencyRow(`nearest(k=20) in process over ${n} vectors, ${simd ? "SIMD" : "float64 JS"} first pass`, times);
  });
}
