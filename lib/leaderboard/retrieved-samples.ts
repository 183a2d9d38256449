// The samples a selection retrieves, with what the query page shows of each: id, benchmark, task,
// tags, an excerpt of the input, the similarity, and how many measurements it holds. Best first.
import { pool } from "@/lib/db/client";
import { visibleMeasurementsSql } from "@/lib/ingest/visibility";
import { retrieve } from "@/lib/retrieval/retrieve";
import type { Selection } from "./params";

export const EXCERPT_CHARS = 220;

export interface RetrievedSampleRow {
  id: string;
  benchmark: string;
  task: string | null;
  tags: string[];
  excerpt: string;
  similarity: number | null;
  measurements: number;
}

export interface RetrievedSamples {
  total: number;
  embedder: string | null;
  notice: string | null;
  samples: RetrievedSampleRow[];
}

export type SampleExcerpt = Omit<RetrievedSampleRow, "similarity">;

/** The shown fields of samples by primary key, with the input cut to an excerpt. */
export async function loadSampleExcerpts(pks: readonly number[]): Promise<Map<number, SampleExcerpt>> {
  if (pks.length === 0) return new Map();
  const rows = await pool().query<SampleExcerpt & { pk: number }>(
    `SELECT s.pk, s.id, s.benchmark, s.task, s.tags, left(s.input, $2) AS excerpt,
            (SELECT count(*)::int FROM measurements m WHERE m.sample_pk = s.pk AND ${visibleMeasurementsSql("m")}) AS measurements
       FROM samples s WHERE s.pk = ANY($1::int[])`,
    [pks, EXCERPT_CHARS + 1],
  );
  return new Map(
    rows.rows.map(({ pk, ...row }) => [pk, { ...row, excerpt: row.excerpt.length > EXCERPT_CHARS ? `${row.excerpt.slice(0, EXCERPT_CHARS).trimEnd()}…` : row.excerpt }]),
  );
}

/** Retrieves like the leaderboard does and loads the first `limit` samples' fields. */
export async function listRetrievedSamples(selection: Selection, limit = 50): Promise<RetrievedSamples> {
  const r = await retrieve(selection);
  const top = r.samples.slice(0, limit);
  const byPk = await loadSampleExcerpts(top.map((s) => s.pk));
  const samples: RetrievedSampleRow[] = [];
  for (const s of top) {
    const row = byPk.get(s.pk);
    if (row) samples.push({ ...row, similarity: s.similarity });
  }
  return { total: r.samples.length, embedder: r.embedder, notice: r.notice ?? null, samples };
}
