// Sample retrieval: one SQL query doing cosine kNN in pgvector over the active embedder's vectors,
// combined with metadata filters (OR within one key, AND across keys), `k` and a similarity cut-off.
// Without a query text, every visible sample matching the filters is selected.
import { pool } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/ingest/visibility";
import type { Selection } from "@/lib/leaderboard/params";

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
}

export async function retrieveSamples(input: SearchInput): Promise<RetrievedSample[]> {
  const { selection, queryVector, embedderName, k } = input;
  const params: unknown[] = [];
  const where = filterClauses(selection, input.meta ?? [], params);
  if (!selection.q || !queryVector) {
    params.push(k);
    const sql = `SELECT s.pk FROM samples s WHERE ${where.join(" AND ")} ORDER BY s.pk LIMIT $${params.length}`;
    const r = await pool().query<{ pk: number }>(sql, params);
    return r.rows.map((row) => ({ pk: row.pk, similarity: null }));
  }
  params.push(vectorLiteral(queryVector));
  const vec = `$${params.length}::vector`;
  params.push(embedderName);
  where.push(`s.embedding_model = $${params.length}`, "s.embedding IS NOT NULL");
  if (selection.threshold !== undefined) {
    params.push(1 - selection.threshold);
    where.push(`(s.embedding <=> ${vec}) <= $${params.length}`);
  }
  params.push(k);
  const sql = `SELECT s.pk, 1 - (s.embedding <=> ${vec}) AS similarity FROM samples s
    WHERE ${where.join(" AND ")} ORDER BY s.embedding <=> ${vec} LIMIT $${params.length}`;
  const r = await pool().query<{ pk: number; similarity: number }>(sql, params);
  return r.rows.map((row) => ({ pk: row.pk, similarity: Number(row.similarity) }));
}
