// What the health check (lib/health/job.ts) reads, in slices by sample primary key so that no
// query holds the database's one embedded session for long: visible samples' text, and the
// stored outputs of visible score measurements (zlib, lib/db/queries/measurement-outputs.ts).
import { inflateSync } from "node:zlib";
import { pool, type Queryable } from "@/lib/db/client";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";

export interface HealthSampleRow {
  pk: number;
  id: string;
  benchmark: string;
  tags: string[];
  input: string;
  reference: string | null;
  /** the image's identity: its SHA-256 once stored, `url:` + its image_url while only named by one; null without */
  image: string | null;
}

/** Up to `limit` visible samples with pk > `afterPk`, by pk. */
export async function loadHealthSamples(afterPk: number, limit: number, db: Queryable = pool()): Promise<HealthSampleRow[]> {
  const r = await db.query<HealthSampleRow>(
    `SELECT s.pk, s.id, s.benchmark, s.tags, s.input, s.reference, COALESCE(s.image_sha256, 'url:' || s.image_url) AS "image"
       FROM samples s WHERE s.pk > $1 AND ${visibleSamplesSql("s")} ORDER BY s.pk LIMIT $2`,
    [afterPk, limit],
  );
  return r.rows;
}

export interface ScoreOutputRow {
  samplePk: number;
  modelId: number;
  metric: string;
  value: number;
  higherIsBetter: boolean;
  output: string;
}

/** The visible score measurements of these samples that have a stored output. */
export async function loadScoreOutputs(samplePks: readonly number[], db: Queryable = pool()): Promise<ScoreOutputRow[]> {
  if (samplePks.length === 0) return [];
  const r = await db.query<{ sample_pk: number; model_id: number; key: string | null; value: number; higher_is_better: boolean; output: Buffer }>(
    `SELECT m.sample_pk, m.model_id, m.key, m.value, m.higher_is_better, o.output
       FROM measurements m JOIN measurement_outputs o ON o.measurement_id = m.id
      WHERE m.sample_pk = ANY($1::int[]) AND m.kind = 'score' AND o.output IS NOT NULL AND ${visibleMeasurementsSql("m")}`,
    [samplePks],
  );
  return r.rows.map((x) => ({
    samplePk: x.sample_pk,
    modelId: x.model_id,
    metric: x.key ?? "score",
    value: x.value,
    higherIsBetter: x.higher_is_better,
    output: inflateSync(x.output).toString("utf8"),
  }));
}
