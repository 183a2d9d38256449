// The approximate (HNSW) vector index, kept per space and model, and only where that model's
// vectors are many. An exact kNN scan reads every vector of the model and grows linearly: 35–60 ms
// over MMLU-Pro's 12k vectors in PGlite with the join to samples (npm run bench:embed -- --db, load
// average 4–7; vectors stored inline, see the embedding_spaces migration), so ≈ 150–250 ms at the
// threshold below. The index costs a build that blocks the
// embedded database's one session while it runs (12k vectors: 8 s; ≈ 40 s at the threshold) and
// answers approximately, so small spaces keep the exact scan.
//
// One partial index per (space, model) (lib/db/queries/embeddings-hnsw.ts): a model being built
// beside the active one gets its index before the flip, and a superseded model's goes with its rows.
import { createHnswIndex, dropHnswIndex, hnswIndexExists, hnswIndexName } from "@/lib/db/queries/embeddings-hnsw";
import { countModelVectors } from "@/lib/db/queries/embeddings";
import { isEmbeddedServer } from "@/lib/db/server";
import { env } from "@/lib/env";
import type { EmbeddingSpaceRow } from "@/lib/db/queries/embedding-spaces";

export { hnswIndexName } from "@/lib/db/queries/embeddings-hnsw";

/**
 * Vectors of a model above which its HNSW index is built on a real server. On the embedded one
 * none is built unless asked (`minVectors`): the build holds its one session for minutes (24 min
 * at 100k vectors, issue 16) and requests never read the index, since web processes search their
 * read model exactly in memory (lib/serving/knn.ts; its cost at size: npm run bench:scale).
 */
export const HNSW_MIN_VECTORS = 50_000;
/**
 * Below this fraction of the threshold an existing index is dropped (the gap avoids building and
 * dropping it again while the pool hovers around the threshold).
 */
export const HNSW_DROP_FRACTION = 0.5;

/**
 * Graph degree and build-time candidate list. pgvector's defaults (16, 64) found only 0.90 of the
 * exact top 1000 and 0.94 of a filtered top 50 on MMLU-Pro at any ef_search; (24, 100) finds 0.95
 * and 0.98, for twice the build time (12k vectors: 8 s instead of 4 s in PGlite).
 */
const HNSW_PARAMS = { m: 24, efConstruction: 100 };

/** Whether the model's HNSW index exists in the space (one catalog lookup). */
export function vectorIndexExists(space: string, model: string): Promise<boolean> {
  return hnswIndexExists(space, model);
}

export interface VectorIndexResult {
  /** Vectors of the model that were counted. */
  vectors: number;
  action: "created" | "dropped" | "kept" | "none";
  /** Time spent creating or dropping the index. */
  ms: number;
}

/**
 * Creates the model's HNSW index (cosine) when its vectors exceed `minVectors`, drops it when they
 * fall below `minVectors * HNSW_DROP_FRACTION`, both CONCURRENTLY (embeddings-hnsw.ts). The planner walks the index only when its statistics say how many rows
 * the model has (the embed job keeps them current).
 */
export async function ensureVectorIndex(
  space: Pick<EmbeddingSpaceRow, "space" | "dim">,
  model: string,
  opts: { minVectors?: number } = {},
): Promise<VectorIndexResult> {
  const minVectors = opts.minVectors ?? ((await isEmbeddedServer()) ? Infinity : HNSW_MIN_VECTORS);
  const vectors = await countModelVectors(space.space, model);
  const exists = await hnswIndexExists(space.space, model);
  const t0 = performance.now();
  if (vectors < minVectors * HNSW_DROP_FRACTION && exists) {
    await dropHnswIndex(hnswIndexName(space.space, model));
    return { vectors, action: "dropped", ms: performance.now() - t0 };
  }
  if (vectors > minVectors && !exists) {
    await createHnswIndex(space, model, { ...HNSW_PARAMS, workers: env().HNSW_BUILD_WORKERS });
    return { vectors, action: "created", ms: performance.now() - t0 };
  }
  return { vectors, action: exists ? "kept" : "none", ms: 0 };
}
