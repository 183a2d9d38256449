// The retrieval queries: samples matching metadata filters (OR within one key, AND across keys),
// and the k nearest of them to a query vector in one space, among the vectors of one model.
// Nearest is by cosine distance, exact (a scan of the model's vectors) or through the model's
// HNSW index when it exists (embeddings-hnsw.ts; same cast and predicate, so the planner can use it).
import { pool, withTransaction } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/db/visibility";
import type { EmbeddingSpaceRow } from "./embedding-spaces";
import { vectorLiteral } from "./embeddings";
import { hnswIndexExists, spaceModelPredicate, vectorExpression } from "./embeddings-hnsw";

export interface MetadataFilter {
  key: string;
  values: string[];
}

export interface SampleFilters {
  benchmark: string[];
  task: string[];
  tag: string[];
  meta: MetadataFilter[];
  /** image: samples with an image (stored or still to fetch from image_url); text: without one. */
  modality?: "text" | "image";
}

function filterClauses(f: SampleFilters, params: unknown[]): string[] {
  const where: string[] = [visibleSamplesSql("s")];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (f.benchmark.length) where.push(`s.benchmark = ANY(${add(f.benchmark)}::text[])`);
  if (f.task.length) where.push(`s.task = ANY(${add(f.task)}::text[])`);
  if (f.tag.length) where.push(`s.tags && ${add(f.tag)}::text[]`);
  for (const m of f.meta) where.push(`s.metadata->>${add(m.key)} = ANY(${add(m.values)}::text[])`);
  if (f.modality) where.push(`${f.modality === "image" ? "" : "NOT "}(s.image_sha256 IS NOT NULL OR s.image_url IS NOT NULL)`);
  return where;
}

/** Visible samples matching the filters, the first `limit` by pk. */
export async function filterSamples(filters: SampleFilters, limit: number): Promise<number[]> {
  const params: unknown[] = [];
  const where = filterClauses(filters, params);
  params.push(limit);
  const r = await pool().query<{ pk: number }>(`SELECT s.pk FROM samples s WHERE ${where.join(" AND ")} ORDER BY s.pk LIMIT $${params.length}`, params);
  return r.rows.map((row) => row.pk);
}

export interface NearestQuery {
  space: Pick<EmbeddingSpaceRow, "space" | "dim">;
  /** Only this model's vectors are compared (vectors of different models are different spaces). */
  model: string;
  vector: ArrayLike<number>;
  filters: SampleFilters;
  k: number;
}

export interface HnswSettings {
  /** hnsw.ef_search: the candidate list of each search round. */
  efSearch: number;
  /** hnsw.max_scan_tuples: how far an iterative scan may walk. */
  maxScanTuples: number;
  /** Walk the index even where the planner would scan exactly (tests, benchmarks). */
  forceIndex: boolean;
}

/**
 * How a search was answered: `exact` scan (no index); `hnsw`: the index exists and its iterative
 * scan was configured (the planner may still have scanned exactly); `hnsw+exact`: that came up
 * short of k, so the exact scan answered.
 */
export type KnnMethod = "exact" | "hnsw" | "hnsw+exact";

export interface NearestRow {
  pk: number;
  distance: number;
}

/** The k nearest visible samples matching the filters, nearest first (ties by pk). */
export async function nearestSamples(q: NearestQuery, hnsw: HnswSettings): Promise<{ rows: NearestRow[]; method: KnnMethod }> {
  const params: unknown[] = [];
  const where = [spaceModelPredicate(q.space.space, q.model, "e"), ...filterClauses(q.filters, params)];
  params.push(vectorLiteral(q.vector));
  const distance = `${vectorExpression(q.space.dim, "e")} <=> $${params.length}::vector(${Math.trunc(q.space.dim)})`;
  params.push(q.k);
  const from = `FROM embeddings e JOIN samples s ON s.pk = e.sample_pk WHERE ${where.join(" AND ")}`;
  const limit = `LIMIT $${params.length}`;
  const exact = `SELECT s.pk, ${distance} AS distance ${from} ORDER BY ${distance}, s.pk ${limit}`;
  if (!(await hnswIndexExists(q.space.space, q.model))) {
    return { rows: (await pool().query<NearestRow>(exact, params)).rows, method: "exact" };
  }
  // An iterative scan keeps walking the graph until enough rows pass the filters (without it the
  // scan stops after ef_search candidates, filtered or not); relaxed order returns them slightly
  // out of order, so the materialized k rows are sorted again by exact distance. If the scan still
  // ends short of k (a selective filter exhausts max_scan_tuples, or fewer than k rows match),
  // the exact scan answers instead. The planner stays free to scan exactly where that is cheaper.
  const approx = `WITH nearest AS MATERIALIZED (SELECT s.pk, ${distance} AS distance ${from} ORDER BY ${distance} ${limit})
    SELECT pk, distance FROM nearest ORDER BY distance, pk`;
  return withTransaction(async (client) => {
    await client.query(
      `SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', $1, true),
              set_config('hnsw.max_scan_tuples', $2, true), set_config('enable_seqscan', $3, true), set_config('enable_bitmapscan', $3, true),
              set_config('enable_sort', $3, true)`,
      [String(hnsw.efSearch), String(hnsw.maxScanTuples), hnsw.forceIndex ? "off" : "on"],
    );
    const rows = (await client.query<NearestRow>(approx, params)).rows;
    if (rows.length >= q.k) return { rows, method: "hnsw" as const };
    await client.query(
      `SELECT set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'on', true), set_config('enable_bitmapscan', 'on', true),
              set_config('enable_sort', 'on', true)`,
    );
    return { rows: (await client.query<NearestRow>(exact, params)).rows, method: "hnsw+exact" as const };
  });
}
