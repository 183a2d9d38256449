// Writing samples during an upload: which ids exist (and are visible), new rows carrying the
// upload's seq, and content updates applied in the publish transaction.
import { execute, pool, type Queryable } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/db/visibility";
import type { StoredSample } from "./samples";

/** A sample's stored content; `pk` names the row to update. */
export type SampleContent = Omit<StoredSample, "pk"> & { pk?: number; content_hash: string };

/** The batch as one JSON document for jsonb_to_recordset (one parameter, any number of rows). */
const asJson = (samples: readonly SampleContent[]) => JSON.stringify(samples);
const RECORDSET = `AS x(pk int, id text, benchmark text, input text, reference text, task text, tags jsonb, metadata jsonb, image_url text, image_sha256 text, content_hash text)`;

export interface ExistingSample {
  pk: number;
  id: string;
  content_hash: string;
  /** False while the upload that wrote it is unpublished. */
  visible: boolean;
}

/** The stored samples with these ids, visible or not. */
export async function findExistingSamples(ids: readonly string[]): Promise<ExistingSample[]> {
  const r = await pool().query<ExistingSample>(
    `SELECT s.pk, s.id, s.content_hash, ${visibleSamplesSql("s")} AS visible FROM samples s WHERE s.id = ANY($1::text[])`,
    [ids],
  );
  return r.rows;
}

/** Primary keys of the visible samples with these ids. */
export async function findVisibleSamplePks(ids: readonly string[]): Promise<{ pk: number; id: string }[]> {
  const r = await pool().query<{ pk: number; id: string }>(`SELECT s.pk, s.id FROM samples s WHERE s.id = ANY($1::text[]) AND ${visibleSamplesSql("s")}`, [ids]);
  return r.rows;
}

/**
 * Inserts new samples written by upload `seq` (invisible until it publishes); their pks by id. An
 * id another upload inserted meanwhile is left out (uploads run at once; the caller rejects it).
 */
export async function insertSamples(samples: readonly SampleContent[], seq: number): Promise<{ pk: number; id: string }[]> {
  const r = await pool().query<{ pk: number; id: string }>(
    `INSERT INTO samples (id, benchmark, input, reference, task, tags, metadata, image_url, image_sha256, content_hash, upload_seq)
     SELECT x.id, x.benchmark, x.input, x.reference, x.task, ARRAY(SELECT jsonb_array_elements_text(x.tags)),
            COALESCE(x.metadata, '{}'::jsonb), x.image_url, x.image_sha256, x.content_hash, $2
       FROM jsonb_to_recordset($1::jsonb) ${RECORDSET}
     ON CONFLICT (id) DO NOTHING
     RETURNING pk, id`,
    [asJson(samples), seq],
  );
  return r.rows;
}

/**
 * Applies content updates of stored samples (by pk). Call in the publish transaction. A changed
 * input drops the sample's text vectors (a trigger on samples): the embed job computes them again.
 * An image fetched from an unchanged image_url is kept; a new URL is fetched again by the worker.
 */
export async function updateSampleContents(db: Queryable, samples: readonly SampleContent[]): Promise<void> {
  if (samples.length === 0) return;
  await execute(
    db,
    `UPDATE samples s SET benchmark = x.benchmark, input = x.input, reference = x.reference, task = x.task,
            tags = ARRAY(SELECT jsonb_array_elements_text(x.tags)), metadata = x.metadata, image_url = x.image_url,
            image_sha256 = CASE WHEN x.image_sha256 IS NOT NULL THEN x.image_sha256
                                WHEN x.image_url IS NOT NULL AND s.image_url IS NOT DISTINCT FROM x.image_url THEN s.image_sha256 END,
            image_error = CASE WHEN s.image_url IS NOT DISTINCT FROM x.image_url THEN s.image_error END,
            content_hash = x.content_hash, updated_at = now()
       FROM jsonb_to_recordset($1::jsonb) ${RECORDSET}
      WHERE s.pk = x.pk`,
    [asJson(samples)],
  );
}
