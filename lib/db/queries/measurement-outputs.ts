// The model outputs kept as evidence beside measurements (results-format v1.1), in their own
// table so that the ranking read path never loads them. Each output is stored as the zlib deflate
// of its UTF-8 text (prisma/migrations/20261123020000_evidence says why not TOAST compression).
import { deflateSync, inflateSync } from "node:zlib";
import { execute, pool, type Queryable } from "@/lib/db/client";

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
