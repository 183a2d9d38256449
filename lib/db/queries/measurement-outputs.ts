// The model outputs kept as evidence beside measurements (results-format v1.1), in their own
// table so that the ranking read path never loads them. Each output is stored as the zlib deflate
// of its UTF-8 text (prisma/migrations/20261123020000_evidence says why not TOAST compression).
import { deflateSync, inflateSync } from "node:zlib";
import { execute, pool, type Queryable } from "@/lib/db/client";
import { visibleMeasurementsSql } from "@/lib/db/visibility";
import type { VisibleMeasurement } from "./measurements";

/** The outputs of one measurement: `output` (pairwise: output_a) and `outputB` (pairwise). */
export interface MeasurementOutputs {
  output: string | null;
  outputB: string | null;
}

const pack = (text: string | null): Buffer | null => (text === null ? null : deflateSync(Buffer.from(text, "utf8")));
const unpack = (bytes: Buffer | null): string | null => (bytes === null ? null : inflateSync(bytes).toString("utf8"));

/** Inserts the outputs of measurements already inserted (same transaction). */
export async function insertOutputs(db: Queryable, ids: readonly number[], outputs: readonly MeasurementOutputs[]): Promise<void> {
  if (!ids.length) return;
  await execute(
    db,
    `INSERT INTO measurement_outputs (measurement_id, output, output_b) SELECT * FROM unnest($1::bigint[], $2::bytea[], $3::bytea[])`,
    [ids, outputs.map((o) => pack(o.output)), outputs.map((o) => pack(o.outputB))],
  );
}

/** The outputs of these measurements, by measurement id (those without outputs are absent). */
export async function loadOutputs(ids: readonly number[], db: Queryable = pool()): Promise<Map<number, MeasurementOutputs>> {
  if (!ids.length) return new Map();
  const r = await db.query<{ measurement_id: number; output: Buffer | null; output_b: Buffer | null }>(
    `SELECT measurement_id, output, output_b FROM measurement_outputs WHERE measurement_id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(r.rows.map((x) => [Number(x.measurement_id), { output: unpack(x.output), outputB: unpack(x.output_b) }]));
}

/** A visible measurement of one sample with its evidence: judge and outputs (null when not stored). */
export interface MeasurementWithEvidence extends VisibleMeasurement, MeasurementOutputs {
  judge: string | null;
}

/** The measurement columns the evidence reads select, as Postgres returns them. */
export interface MeasurementColumns {
  id: number;
  sample_pk: number;
  key: string | null;
  model_id: number | null;
  model_b_id: number | null;
  value: number | null;
  higher_is_better: boolean;
  winner: VisibleMeasurement["winner"];
  tiers: number[][] | null;
  scale_min: number | null;
  scale_max: number | null;
  judge: string | null;
}

/** Rows of these columns with their outputs loaded and attached (one query for all of them). */
export async function withOutputs<R extends MeasurementColumns>(rows: readonly R[], db: Queryable): Promise<{ row: R; fields: Omit<MeasurementWithEvidence, "kind"> }[]> {
  const outputs = await loadOutputs(rows.map((x) => Number(x.id)), db);
  return rows.map((x) => {
    const o = outputs.get(Number(x.id));
    const fields = {
      samplePk: x.sample_pk,
      key: x.key,
      modelId: x.model_id,
      modelBId: x.model_b_id,
      value: x.value,
      higherIsBetter: x.higher_is_better,
      winner: x.winner,
      tiers: x.tiers,
      scaleMin: x.scale_min,
      scaleMax: x.scale_max,
      judge: x.judge,
      output: o?.output ?? null,
      outputB: o?.outputB ?? null,
    };
    return { row: x, fields };
  });
}

/** The visible measurements of one sample with judges and outputs: GET /api/samples/{id}, never a ranking. */
export async function loadSampleEvidence(samplePk: number, db: Queryable = pool()): Promise<MeasurementWithEvidence[]> {
  const r = await db.query<MeasurementColumns & { kind: VisibleMeasurement["kind"] }>(
    `SELECT m.id, m.sample_pk, m.kind, m.key, m.model_id, m.model_b_id, m.value, m.higher_is_better, m.winner, m.tiers, m.scale_min, m.scale_max, m.judge
       FROM measurements m
      WHERE m.sample_pk = $1 AND ${visibleMeasurementsSql("m")}`,
    [samplePk],
  );
  return (await withOutputs(r.rows, db)).map(({ row, fields }) => ({ ...fields, kind: row.kind }));
}

/** One model's output on one sample (pairwise: its own side), for lists of samples. */
export interface ModelOutputRow {
  model: string;
  kind: VisibleMeasurement["kind"];
  samplePk: number;
  /** metric, criterion or pairwise line id */
  key: string | null;
  judge: string | null;
  output: string;
}

/** The outputs of these models on these samples (visible measurements only), in no particular order. */
export async function loadModelOutputs(names: readonly string[], samplePks: readonly number[], db: Queryable = pool()): Promise<ModelOutputRow[]> {
  if (!samplePks.length || !names.length) return [];
  const r = await db.query<{ model: string; kind: VisibleMeasurement["kind"]; sample_pk: number; key: string | null; judge: string | null; side_a: boolean; output: Buffer | null; output_b: Buffer | null }>(
    `SELECT x.name AS model, m.kind, m.sample_pk, m.key, m.judge, m.model_id = x.id AS side_a, o.output, o.output_b
       FROM models x
       JOIN measurements m ON (m.model_id = x.id OR m.model_b_id = x.id)
       JOIN measurement_outputs o ON o.measurement_id = m.id
      WHERE x.name = ANY($1::text[]) AND m.sample_pk = ANY($2::int[]) AND ${visibleMeasurementsSql("m")}`,
    [names, samplePks],
  );
  return r.rows.flatMap((x) => {
    const output = unpack(x.side_a ? x.output : x.output_b);
    return output === null ? [] : [{ model: x.model, kind: x.kind, samplePk: Number(x.sample_pk), key: x.key, judge: x.judge, output }];
  });
}
