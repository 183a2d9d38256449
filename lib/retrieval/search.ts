// Sample retrieval: one SQL query doing cosine kNN in pgvector over the active embedder's vectors,
// combined with metadata filters (OR within one key, AND across keys), `k` and a similarity cut-off.
// Without a query text, every visible sample matching the filters is selected. Small pools are
// scanned exactly; large ones through an HNSW index (lib/retrieval/hnsw.ts) when it exists.
import { pool, withTransaction } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/ingest/visibility";
import type { Selection } from "@/lib/selection/schema";
import { vectorIndexExists } from "./hnsw";

export interface RetrievedSample {
  pk: number;
  /** Cosine similarity to the query; null when no query text was given. */
  similarity: number | null;
}

export interface MetadataFilter {
  key: string;
  values: string[];
}

/** Parses `key:value` strings of the `meta` parameter into per-key filters. */
export function parseMetadataFilters(raw: string[]): MetadataFilter[] {
  const byKey = new Map<string, string[]>();
  for (const item of raw) {
    const i = item.indexOf(":");
    if (i <= 0) continue;
    const key = item.slice(0, i);
    byKey.set(key, [...(byKey.get(key) ?? []), item.slice(i + 1)]);
  }
  return [...byKey].map(([key, values]) => ({ key, values }));
}

/** pgvector's text form of a vector. */
export function vectorLiteral(v: ArrayLike<number>): string {
  let s = "[";
  for (let i = 0; i < v.length; i++) s += (i ? "," : "") + (Math.round(v[i] * 1e7) / 1e7).toString();
  return s + "]";
}

function filterClauses(sel: Selection, meta: MetadataFilter[], params: unknown[]): string[] {
  const where: string[] = [visibleSamplesSql("s")];
  const add = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (sel.benchmark.length) where.push(`s.benchmark = ANY(${add(sel.benchmark)}::text[])`);
  if (sel.task.length) where.push(`s.task = ANY(${add(sel.task)}::text[])`);
  if (sel.tag.length) where.push(`s.tags && ${add(sel.tag)}::text[]`);
  for (const m of meta) where.push(`s.metadata->>${add(m.key)} = ANY(${add(m.values)}::text[])`);
  return where;
}

export interface SearchInput {
  selection: Selection;
  meta?: MetadataFilter[];
  /** Query embedding from the active embedder (required when selection.q is set). */
  queryVector?: Float32Array;
  embedderName?: string;
  k: number;
  /**
   * Walk the HNSW index (when it exists) even where the planner would scan exactly: tests and
   * benchmarks compare the two on pools too small for the planner to choose the index.
   */
  forceIndex?: boolean;
}

/**
 * How a semantic search was answered: `exact` scan (no index); `hnsw`: the index exists and its
 * iterative scan was configured (the planner may still have scanned exactly); `hnsw+exact`: that
 * came up short of k, so the exact scan answered.
 */
export type KnnMethod = "exact" | "hnsw" | "hnsw+exact";

export interface SearchResult {
  samples: RetrievedSample[];
  /** null without a query text. */
  method: KnnMethod | null;
}

/**
 * The candidate list of each HNSW search round: pgvector's maximum (its default, 40, is far too few
 * with filters). On MMLU-Pro (12k vectors, a tag filter passing 9%) 400 instead finds 0.90–0.94 of
 * the exact top 20–50, 1000 finds 0.98, for a few ms more (npm run bench:query -- --hnsw).
 */
const EF_SEARCH = 1000;
/** An iterative scan visits at most max(20,000, this × k) tuples (pgvector's default cap: 20,000). */
const SCAN_TUPLES_PER_K = 20;

export async function retrieveSamples(input: SearchInput): Promise<RetrievedSample[]> {
  return (await searchSamples(input)).samples;
}

export async function searchSamples(input: SearchInput): Promise<SearchResult> {
  const { selection, queryVector, embedderName, k } = input;
  const params: unknown[] = [];
  const where = filterClauses(selection, input.meta ?? [], params);
  if (!selection.q || !queryVector) {
    params.push(k);
    const sql = `SELECT s.pk FROM samples s WHERE ${where.join(" AND ")} ORDER BY s.pk LIMIT $${params.length}`;
    const r = await pool().query<{ pk: number }>(sql, params);
    return { samples: r.rows.map((row) => ({ pk: row.pk, similarity: null })), method: null };
  }
  params.push(vectorLiteral(queryVector));
  const vec = `$${params.length}::vector`;
  params.push(embedderName);
  where.push(`s.embedding_model = $${params.length}`, "s.embedding IS NOT NULL");
  params.push(k);
  const filters = where.join(" AND ");
  // The threshold is applied to the k nearest rows afterwards: the same set as filtering first
  // (it cuts on the distance itself), and it lets the HNSW path tell "fewer than k matched" from
  // "cut by the threshold".
  const maxDistance = selection.threshold === undefined ? Infinity : 1 - selection.threshold;
  const finish = (rows: { pk: number; distance: number }[], method: KnnMethod): SearchResult => ({
    samples: rows.filter((row) => Number(row.distance) <= maxDistance).map((row) => ({ pk: row.pk, similarity: 1 - Number(row.distance) })),
    method,
  });
  // Exact: nearest first, ties by pk so that equal distances come back in a stable order.
  const exact = `SELECT s.pk, s.embedding <=> ${vec} AS distance FROM samples s
    WHERE ${filters} ORDER BY s.embedding <=> ${vec}, s.pk LIMIT $${params.length}`;
  if (!(await vectorIndexExists())) {
    const r = await pool().query<{ pk: number; distance: number }>(exact, params);
    return finish(r.rows, "exact");
  }
  // HNSW: an iterative scan keeps walking the graph until enough rows pass the filters (without it
  // the scan stops after ef_search candidates, filtered or not); relaxed order returns them slightly
  // out of order, so the materialized k rows are sorted again by exact distance. If the scan still
  // ends short of k (a selective filter exhausts max_scan_tuples, or fewer than k rows match),
  // the exact scan answers instead. The planner stays free to scan exactly where that is cheaper
  // (a selective filter; the embedding job keeps the statistics it needs current, see hnsw.ts).
  const approx = `WITH nearest AS MATERIALIZED (
      SELECT s.pk, s.embedding <=> ${vec} AS distance FROM samples s
       WHERE ${filters} ORDER BY s.embedding <=> ${vec} LIMIT $${params.length})
    SELECT pk, distance FROM nearest ORDER BY distance, pk`;
  return withTransaction(async (client) => {
    await client.query(
      `SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), set_config('hnsw.ef_search', $1, true),
              set_config('hnsw.max_scan_tuples', $2, true), set_config('enable_seqscan', $3, true), set_config('enable_bitmapscan', $3, true),
              set_config('enable_sort', $3, true)`,
      [String(EF_SEARCH), String(Math.max(20_000, SCAN_TUPLES_PER_K * k)), input.forceIndex ? "off" : "on"],
    );
    let rows = (await client.query<{ pk: number; distance: number }>(approx, params)).rows;
    let method: KnnMethod = "hnsw";
    if (rows.length < k) {
      await client.query(
        `SELECT set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'on', true), set_config('enable_bitmapscan', 'on', true),
                set_config('enable_sort', 'on', true)`,
      );
      rows = (await client.query<{ pk: number; distance: number }>(exact, params)).rows;
      method = "hnsw+exact";
    }
    return finish(rows, method);
  });
}
