// Named queries on samples for readers: summaries, one sample in full, labels for the ranking
// engine. Readers only see published samples (lib/db/visibility.ts). Writes: ./sample-writes.ts.
import { pool, type Queryable } from "@/lib/db/client";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";

export interface SampleSummaryRow {
  pk: number;
  id: string;
  benchmark: string;
  task: string | null;
  tags: string[];
  /** The first 400 characters of the input. */
  input: string;
  /** Length of the full input, in characters. */
  input_length: number;
  /** The first 400 characters of the reference answer, if any. */
  reference: string | null;
  /** Visible measurements of the sample. */
  measurements: number;
  /** The stored image, if any. */
  image_sha256: string | null;
}

/** Summary rows of the visible samples among `pks`, in no particular order. */
export async function loadSampleSummaryRows(pks: readonly number[]): Promise<SampleSummaryRow[]> {
  if (pks.length === 0) return [];
  const r = await pool().query<SampleSummaryRow>(
    `SELECT s.pk, s.id, s.benchmark, s.task, s.tags, left(s.input, 400) AS input, char_length(s.input) AS input_length, left(s.reference, 400) AS reference, s.image_sha256,
            (SELECT count(*)::int FROM measurements m WHERE m.sample_pk = s.pk AND ${visibleMeasurementsSql("m")}) AS measurements
       FROM samples s WHERE s.pk = ANY($1::int[]) AND ${visibleSamplesSql("s")}`,
    [pks],
  );
  return r.rows;
}

export interface StoredSample {
  pk: number;
  id: string;
  benchmark: string;
  input: string;
  reference: string | null;
  task: string | null;
  tags: string[];
  metadata: Record<string, unknown>;
  image_url: string | null;
  /** The stored image (bundled, or fetched from image_url by the worker). */
  image_sha256: string | null;
}

/** One visible sample with every field, or null. */
export async function findVisibleSample(id: string): Promise<(StoredSample & { image_error: string | null }) | null> {
  const r = await pool().query<StoredSample & { image_error: string | null }>(
    `SELECT s.pk, s.id, s.benchmark, s.input, s.reference, s.task, s.tags, s.metadata, s.image_url, s.image_sha256, s.image_error
       FROM samples s WHERE s.id = $1 AND ${visibleSamplesSql("s")}`,
    [id],
  );
  return r.rows[0] ?? null;
}

export interface SampleLabel {
  pk: number;
  id: string;
  benchmark: string;
  tags: string[];
}

/** Ids, benchmarks and tags of these samples, by primary key. */
export async function loadSampleLabels(pks: readonly number[]): Promise<Map<number, SampleLabel>> {
  if (pks.length === 0) return new Map();
  const r = await pool().query<SampleLabel>(`SELECT pk, id, benchmark, tags FROM samples WHERE pk = ANY($1::int[])`, [pks]);
  return new Map(r.rows.map((row) => [row.pk, row]));
}

/** Whether the pool has no sample at all (published or not): seeding imports the demo data then. */
export async function poolIsEmpty(db: Queryable = pool()): Promise<boolean> {
  const r = await db.query<{ empty: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM samples) AS empty`);
  return r.rows[0].empty;
}
