// The approximate (HNSW) vector index, kept only where the pool is large. An exact kNN scan reads
// every vector of the active embedder and grows linearly: 18–40 ms over MMLU-Pro's 12k vectors in
// PGlite (vectors stored inline, see the embedding_inline migration), so ≈ 100–150 ms at the
// threshold below. The index costs a build that blocks the embedded database's one session while
// it runs (12k vectors: 8 s; ≈ 40 s at the threshold) and answers approximately, so small pools
// keep the exact scan.
//
// One index over the whole column (vectors of every embedder: a partial index per embedder name
// cannot be declared in advance); search filters by `embedding_model` and relies on pgvector's
// iterative scan to keep walking the graph until enough rows pass the filters (lib/retrieval/search.ts).
import type pg from "pg";
import { pool } from "@/lib/db/client";
import { refreshStatistics } from "@/lib/db/statistics";

export const HNSW_INDEX = "samples_embedding_hnsw_idx";
/** Vectors of the active embedder above which the HNSW index is built. */
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
const HNSW_M = 24;
const HNSW_EF_CONSTRUCTION = 100;

type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

/** Whether the HNSW index exists (one catalog lookup). */
export async function vectorIndexExists(db: Queryable = pool()): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS ok`, [HNSW_INDEX]);
  return r.rows[0].ok;
}

export interface VectorIndexResult {
  /** Vectors of the embedder that were counted. */
  vectors: number;
  action: "created" | "dropped" | "kept" | "none";
  /** Time spent creating or dropping the index. */
  ms: number;
}

/**
 * Creates the HNSW index (cosine) when the embedder's vectors exceed `minVectors`, drops it when
 * they fall below `minVectors * HNSW_DROP_FRACTION`. PGlite has no CREATE INDEX CONCURRENTLY: the
 * build blocks every reader while it runs (minutes at the threshold); on a real Postgres a plain
 * CREATE INDEX blocks writes only. The planner walks the index only when its statistics say how
 * many rows carry the active embedder's name (see refreshStatistics).
 */
export async function ensureVectorIndex(embedderName: string, opts: { minVectors?: number } = {}): Promise<VectorIndexResult> {
  const minVectors = opts.minVectors ?? HNSW_MIN_VECTORS;
  const r = await pool().query<{ n: number }>(
    `SELECT count(*)::int AS n FROM samples WHERE embedding_model = $1 AND embedding IS NOT NULL`,
    [embedderName],
  );
  const vectors = r.rows[0].n;
  const exists = await vectorIndexExists();
  const t0 = performance.now();
  if (vectors < minVectors * HNSW_DROP_FRACTION && exists) {
    await pool().query(`DROP INDEX IF EXISTS ${HNSW_INDEX}`);
    return { vectors, action: "dropped", ms: performance.now() - t0 };
  }
  if (vectors > minVectors && !exists) {
    await pool().query(`CREATE INDEX IF NOT EXISTS ${HNSW_INDEX} ON samples USING hnsw (embedding vector_cosine_ops) WITH (m = ${HNSW_M}, ef_construction = ${HNSW_EF_CONSTRUCTION})`);
    return { vectors, action: "created", ms: performance.now() - t0 };
  }
  return { vectors, action: exists ? "kept" : "none", ms: 0 };
}

export interface SearchMaintenance {
  analyzed: string[];
  index: VectorIndexResult;
}

/** The embedding job's upkeep after each run: planner statistics, then the HNSW index policy. */
export async function maintainSearch(embedderName: string, opts: { minVectors?: number } = {}): Promise<SearchMaintenance> {
  const analyzed = await refreshStatistics();
  const index = await ensureVectorIndex(embedderName, opts);
  return { analyzed, index };
}
