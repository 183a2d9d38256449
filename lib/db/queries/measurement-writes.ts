// Writing measurements: multi-row inserts from parallel arrays (`unnest`), the fast path of the
// embedded database; the lookup of live rows with the same keys; replacing rows.
import { execute, pool, type Queryable } from "@/lib/db/client";
import { insertOutputs, loadOutputs } from "./measurement-outputs";
import type { StoredUploadStatus } from "@/lib/db/upload-status";
import type { MeasurementKind, VisibleMeasurement, Winner } from "./measurements";

/** A measurement row to insert (model names resolved to ids): the stored fields of a read row. */
export type StoredMeasurement = Omit<VisibleMeasurement, "tiers"> & {
  /** JSON text of the tiers (model ids, each tier sorted): one canonical form to compare. */
  tiers: string | null;
  /** Who or what produced it (v1.1); part of the key of score, unit_test and keyed pairwise rows. */
  judge: string | null;
  /** The model's output (pairwise: model a's); evidence, stored in measurement_outputs. */
  output: string | null;
  /** Pairwise: model b's output. */
  outputB: string | null;
};

function byKind<R extends StoredMeasurement>(rows: readonly R[]): Map<MeasurementKind, R[]> {
  const out = new Map<MeasurementKind, R[]>();
  for (const r of rows) {
    const list = out.get(r.kind);
    if (list) list.push(r);
    else out.set(r.kind, [r]);
  }
  return out;
}

/** Parallel arrays of the given fields, filled in one pass. */
function columns<K extends keyof StoredMeasurement>(rows: readonly StoredMeasurement[], fields: K[]): unknown[][] {
  const cols: unknown[][] = fields.map(() => new Array(rows.length));
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    for (let f = 0; f < fields.length; f++) cols[f][i] = r[fields[f]];
  }
  return cols;
}

/**
 * One INSERT of rows of one kind. `ids` gives the ids allocated in advance to rows with outputs
 * (null: the sequence's next), so that their outputs can be inserted beside them.
 */
function insertStatement(kind: MeasurementKind, rows: readonly StoredMeasurement[], ids: (number | null)[], seq: number): { text: string; values: unknown[] } {
  const id = `COALESCE(i, nextval('measurements_id_seq'))`;
  switch (kind) {
    case "score":
      return {
        text: `INSERT INTO measurements (id, sample_pk, kind, key, model_id, value, higher_is_better, judge, upload_seq)
               SELECT ${id}, sp, 'score', k, m, v, h, j, $8
                 FROM unnest($1::bigint[], $2::int[], $3::text[], $4::int[], $5::float8[], $6::bool[], $7::text[]) AS t(i, sp, k, m, v, h, j)`,
        values: [ids, ...columns(rows, ["samplePk", "key", "modelId", "value", "higherIsBetter", "judge"]), seq],
      };
    case "unit_test":
      return {
        text: `INSERT INTO measurements (id, sample_pk, kind, key, model_id, value, scale_min, scale_max, judge, upload_seq)
               SELECT ${id}, sp, 'unit_test', k, m, v, lo, hi, j, $9
                 FROM unnest($1::bigint[], $2::int[], $3::text[], $4::int[], $5::float8[], $6::float8[], $7::float8[], $8::text[]) AS t(i, sp, k, m, v, lo, hi, j)`,
        values: [ids, ...columns(rows, ["samplePk", "key", "modelId", "value", "scaleMin", "scaleMax", "judge"]), seq],
      };
    case "pairwise":
      return {
        text: `INSERT INTO measurements (id, sample_pk, kind, key, model_id, model_b_id, winner, value, judge, upload_seq)
               SELECT ${id}, sp, 'pairwise', k, a, b, w, v, j, $9
                 FROM unnest($1::bigint[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[], $7::float8[], $8::text[]) AS t(i, sp, k, a, b, w, v, j)`,
        values: [ids, ...columns(rows, ["samplePk", "key", "modelId", "modelBId", "winner", "value", "judge"]), seq],
      };
    case "ranking":
      return {
        text: `INSERT INTO measurements (sample_pk, kind, key, tiers, upload_seq)
               SELECT sp, 'ranking', k, t::jsonb, $4 FROM unnest($1::int[], $2::text[], $3::text[]) AS x(sp, k, t)`,
        values: [...columns(rows, ["samplePk", "key", "tiers"]), seq],
      };
  }
}

const hasOutput = (r: StoredMeasurement) => r.output !== null || r.outputB !== null;

/** Ids of the measurements sequence, taken in advance for rows whose outputs are inserted beside them. */
async function allocateIds(db: Queryable, n: number): Promise<number[]> {
  if (n === 0) return [];
  const r = await db.query<{ id: number }>(`SELECT nextval('measurements_id_seq') AS id FROM generate_series(1, $1)`, [n]);
  return r.rows.map((x) => Number(x.id));
}

/**
 * Inserts the rows with `upload_seq = seq`, one statement per kind. Foreign-key checks stay on:
 * they are ~45% of the insert time on the embedded database, but skipping them (session_replication_role
 * = replica) let an importer killed mid-transaction leave orphan rows behind in testing.
 */
export async function insertMeasurements(db: Queryable, rows: readonly StoredMeasurement[], seq: number): Promise<void> {
  for (const [kind, list] of byKind(rows)) {
    const withOutput = list.filter(hasOutput);
    const allocated = await allocateIds(db, withOutput.length);
    const idOf = new Map(withOutput.map((r, i) => [r, allocated[i]]));
    const st = insertStatement(kind, list, list.map((r) => idOf.get(r) ?? null), seq);
    await execute(db, st.text, st.values);
    await insertOutputs(db, allocated, withOutput);
  }
}

export interface LiveMeasurement {
  id: number;
  uploadSeq: number;
  /** Status of the upload that wrote it (null when no upload row: written by other means). */
  ownerStatus: StoredUploadStatus | null;
  row: StoredMeasurement;
}

interface LiveRow {
  id: number;
  upload_seq: number;
  status: StoredUploadStatus | null;
  sample_pk: number;
  key: string | null;
  model_id: number | null;
  model_b_id: number | null;
  value: number | null;
  higher_is_better: boolean;
  winner: Winner | null;
  tiers: number[][] | null;
  scale_min: number | null;
  scale_max: number | null;
  judge: string | null;
}

/**
 * The live (not superseded) rows with the keys of these keyed rows: same sample, kind, key, judge
 * and (score, unit_test) model; with their outputs, which decide whether a re-sent line changes anything.
 */
export async function findLiveMeasurements(rows: readonly StoredMeasurement[], db: Queryable = pool()): Promise<LiveMeasurement[]> {
  const out: LiveMeasurement[] = [];
  for (const [kind, list] of byKind(rows)) {
    const byModel = kind === "score" || kind === "unit_test";
    // The literal kind lets the planner use the partial unique index of that kind.
    const r = await db.query<LiveRow>(
      `SELECT m.id, m.upload_seq, u.status, m.sample_pk, m.key, m.model_id, m.model_b_id, m.value, m.higher_is_better,
              m.winner, m.tiers, m.scale_min, m.scale_max, m.judge
         FROM unnest($1::int[], $2::text[], $3::int[], $4::text[]) AS k(sp, key, mid, j)
         JOIN measurements m ON m.sample_pk = k.sp AND m.key = k.key ${byModel ? "AND m.model_id = k.mid" : ""}
                            AND COALESCE(m.judge, '') = COALESCE(k.j, '')
         LEFT JOIN uploads u ON u.seq = m.upload_seq
        WHERE m.kind = '${kind}' AND m.superseded_by IS NULL`,
      [list.map((x) => x.samplePk), list.map((x) => x.key), list.map((x) => x.modelId), list.map((x) => x.judge)],
    );
    const outputs = await loadOutputs(r.rows.map((x) => Number(x.id)), db);
    for (const x of r.rows) {
      const o = outputs.get(Number(x.id));
      const row: StoredMeasurement = {
        samplePk: x.sample_pk,
        kind,
        key: x.key,
        modelId: x.model_id,
        modelBId: x.model_b_id,
        value: x.value,
        higherIsBetter: x.higher_is_better,
        winner: x.winner,
        tiers: x.tiers === null ? null : JSON.stringify(x.tiers),
        scaleMin: x.scale_min,
        scaleMax: x.scale_max,
        judge: x.judge,
        output: o?.output ?? null,
        outputB: o?.outputB ?? null,
      };
      out.push({ id: Number(x.id), uploadSeq: x.upload_seq, ownerStatus: x.status, row });
    }
  }
  return out;
}

/**
 * Replaces rows in one transaction's connection: deletes `remove`, marks `supersede` as replaced
 * by upload `seq` (still visible until it publishes), inserts `insert`.
 */
export async function replaceMeasurements(
  db: Queryable,
  change: { remove: number[]; supersede: number[]; insert: readonly StoredMeasurement[] },
  seq: number,
): Promise<void> {
  if (change.remove.length) await execute(db, `DELETE FROM measurements WHERE id = ANY($1::bigint[])`, [change.remove]);
  if (change.supersede.length) await execute(db, `UPDATE measurements SET superseded_by = $2 WHERE id = ANY($1::bigint[])`, [change.supersede, seq]);
  await insertMeasurements(db, change.insert, seq);
}
