// Named query for the evaluation plan (lib/planning/respond.ts): the full content of chosen
// samples, so that a task file built from it re-sends each sample unchanged (a no-op upload).
import { pool } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/db/visibility";
import type { StoredSample } from "./samples";

/** A sample as stored: every field of its line. */
export type SampleContentRow = StoredSample;

/** Every field of the visible samples among `pks`, by primary key. */
export async function loadSampleContents(pks: readonly number[]): Promise<Map<number, SampleContentRow>> {
  if (pks.length === 0) return new Map();
  const r = await pool().query<SampleContentRow>(
    `SELECT s.pk, s.id, s.benchmark, s.input, s.reference, s.task, s.tags, s.metadata, s.image_url, s.image_sha256
       FROM samples s WHERE s.pk = ANY($1::int[]) AND ${visibleSamplesSql("s")}`,
    [pks],
  );
  return new Map(r.rows.map((row) => [row.pk, row]));
}
