// Named query for the evaluation plan (lib/planning/respond.ts): the full content of chosen
// samples, so that a task file built from it re-sends each sample unchanged (a no-op upload).
import { pool } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/db/visibility";

export interface SampleContentRow {
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

/** Every field of the visible samples among `pks`, by primary key. */
export async function loadSampleContents(pks: readonly number[]): Promise<Map<number, SampleContentRow>> {
  if (pks.length === 0) return new Map();
  const r = await pool().query<SampleContentRow>(
    `SELECT s.pk, s.id, s.benchmark, s.input, s.reference, s.task, s.tags, s.metadata, s.image_url
       FROM samples s WHERE s.pk = ANY($1::int[]) AND ${visibleSamplesSql("s")}`,
    [pks],
  );
  return new Map(r.rows.map((row) => [row.pk, row]));
}
