// Named queries for samples: list rows (excerpts) and one sample in full. Readers only see
// published samples (lib/ingest/visibility.ts).
import { pool } from "@/lib/db/client";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/ingest/visibility";
import { excerpt } from "./excerpt";

export interface SampleSummary {
  pk: number;
  id: string;
  benchmark: string;
  task: string | null;
  tags: string[];
  /** At most 300 characters of the input. */
  input: string;
  /** Length of the full input, in characters. */
  input_length: number;
  /** At most 300 characters of the reference answer, if any. */
  reference: string | null;
  /** Visible measurements of the sample. */
  measurements: number;
}

/** Summaries of these samples, in the order of `pks` (missing or invisible ones are left out). */
export async function loadSampleSummaries(pks: readonly number[]): Promise<SampleSummary[]> {
  if (pks.length === 0) return [];
  const r = await pool().query<{ pk: number; id: string; benchmark: string; task: string | null; tags: string[]; input: string; input_length: number; reference: string | null; measurements: number }>(
    `SELECT s.pk, s.id, s.benchmark, s.task, s.tags, left(s.input, 400) AS input, char_length(s.input) AS input_length, left(s.reference, 400) AS reference,
            (SELECT count(*)::int FROM measurements m WHERE m.sample_pk = s.pk AND ${visibleMeasurementsSql("m")}) AS measurements
       FROM samples s WHERE s.pk = ANY($1::int[]) AND ${visibleSamplesSql("s")}`,
    [pks],
  );
  const byPk = new Map(r.rows.map((row) => [row.pk, row]));
  return pks.flatMap((pk) => {
    const row = byPk.get(pk);
    if (!row) return [];
    return [{ ...row, input: excerpt(row.input), reference: row.reference === null ? null : excerpt(row.reference) }];
  });
}

export interface SampleRecord {
  pk: number;
  id: string;
  benchmark: string;
  input: string;
  reference: string | null;
  task: string | null;
  tags: string[];
  metadata: Record<string, unknown>;
  image_url: string | null;
}

/** One visible sample with every field, or null. */
export async function findVisibleSample(id: string): Promise<SampleRecord | null> {
  const r = await pool().query<SampleRecord>(
    `SELECT s.pk, s.id, s.benchmark, s.input, s.reference, s.task, s.tags, s.metadata, s.image_url
       FROM samples s WHERE s.id = $1 AND ${visibleSamplesSql("s")}`,
    [id],
  );
  return r.rows[0] ?? null;
}
