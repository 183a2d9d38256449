// Facts about models (results-format v1.1 `model` lines), versioned like measurements
// (lib/db/visibility.ts): an upload inserts its rows with its seq and marks the live ones it
// replaces superseded; readers see the live row of a published upload, or the replaced one until
// the replacing upload publishes.
import { execute, pool, withTransaction } from "@/lib/db/client";
import { statusSql, UPLOAD_STATUS } from "@/lib/db/upload-status";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";

/** The fields of a `model` line, absent ones null. */
export interface ModelFacts {
  display_name: string | null;
  organization: string | null;
  parameters_b: number | null;
  open_weights: boolean | null;
  license: string | null;
  released: string | null;
  family: string | null;
  url: string | null;
}

export const FACT_FIELDS = ["display_name", "organization", "parameters_b", "open_weights", "license", "released", "family", "url"] as const;

const CAST: Record<(typeof FACT_FIELDS)[number], string> = {
  display_name: "text",
  organization: "text",
  parameters_b: "float8",
  open_weights: "bool",
  license: "text",
  released: "text",
  family: "text",
  url: "text",
};

export interface FactsWrite {
  modelId: number;
  facts: ModelFacts;
}

const same = (a: ModelFacts, b: ModelFacts) => FACT_FIELDS.every((f) => a[f] === b[f]);

/**
 * What writeModelFacts would count for these facts, writing nothing (a dry run): new, replacing the
 * live facts of a published upload, or repeating them unchanged. Models not stored yet (an id ≤ 0)
 * have none.
 */
export async function countModelFacts(rows: readonly FactsWrite[]): Promise<{ created: number; updated: number; unchanged: number }> {
  const out = { created: 0, updated: 0, unchanged: 0 };
  const stored = rows.filter((r) => r.modelId > 0).map((r) => r.modelId);
  const live = stored.length
    ? await pool().query<ModelFacts & { model_id: number }>(
        `SELECT f.* FROM model_facts f LEFT JOIN uploads u ON u.seq = f.upload_seq
          WHERE f.model_id = ANY($1::int[]) AND f.superseded_by IS NULL AND (u.status IS NULL OR u.status = ${statusSql(UPLOAD_STATUS.done)})`,
        [stored],
      )
    : { rows: [] };
  const byModel = new Map(live.rows.map((r) => [r.model_id, r]));
  for (const r of rows) {
    const ex = byModel.get(r.modelId);
    if (!ex) out.created++;
    else if (same(ex, r.facts)) out.unchanged++;
    else out.updated++;
  }
  return out;
}

/**
 * Writes the facts of upload `seq` (one per model) in one transaction; returns how many were new,
 * replaced stored facts, or repeated them unchanged (nothing written for those).
 */
export async function writeModelFacts(rows: readonly FactsWrite[], seq: number): Promise<{ created: number; updated: number; unchanged: number }> {
  const out = { created: 0, updated: 0, unchanged: 0 };
  if (!rows.length) return out;
  await withTransaction(async (db) => {
    const live = await db.query<ModelFacts & { id: number; model_id: number; upload_seq: number; status: string | null }>(
      `SELECT f.*, u.status FROM model_facts f LEFT JOIN uploads u ON u.seq = f.upload_seq
        WHERE f.model_id = ANY($1::int[]) AND f.superseded_by IS NULL`,
      [rows.map((r) => r.modelId)],
    );
    const byModel = new Map(live.rows.map((r) => [r.model_id, r]));
    const remove: number[] = [];
    const supersede: number[] = [];
    const insert: FactsWrite[] = [];
    for (const r of rows) {
      const ex = byModel.get(r.modelId);
      const usable = ex && (ex.status === null || ex.status === UPLOAD_STATUS.done || ex.upload_seq === seq);
      if (ex && !usable) remove.push(ex.id); // left behind by a failed upload
      if (usable && same(ex, r.facts)) {
        out.unchanged++;
        continue;
      }
      if (usable) (ex.upload_seq === seq ? remove : supersede).push(ex.id);
      if (usable) out.updated++;
      else out.created++;
      insert.push(r);
    }
    if (remove.length) await execute(db, `DELETE FROM model_facts WHERE id = ANY($1::int[])`, [remove]);
    if (supersede.length) await execute(db, `UPDATE model_facts SET superseded_by = $2 WHERE id = ANY($1::int[])`, [supersede, seq]);
    if (!insert.length) return;
    const cols = FACT_FIELDS.map((f, i) => `$${i + 2}::${CAST[f]}[]`).join(", ");
    await execute(
      db,
      `INSERT INTO model_facts (model_id, ${FACT_FIELDS.join(", ")}, upload_seq)
       SELECT *, $${FACT_FIELDS.length + 2}::int FROM unnest($1::int[], ${cols})`,
      [insert.map((r) => r.modelId), ...FACT_FIELDS.map((f) => insert.map((r) => r.facts[f])), seq],
    );
  });
  return out;
}

/** The visible facts of a visible model, or null (no model line, or not published yet). */
export async function loadModelFacts(name: string): Promise<ModelFacts | null> {
  const r = await pool().query<ModelFacts>(
    `SELECT ${FACT_FIELDS.map((f) => `f.${f}`).join(", ")}
       FROM model_facts f JOIN models m ON m.id = f.model_id
      WHERE m.name = $1 AND ${visibleSamplesSql("m")} AND ${visibleMeasurementsSql("f")}
      ORDER BY f.upload_seq DESC LIMIT 1`,
    [name],
  );
  return r.rows[0] ?? null;
}

/** Removing upload `seq`'s facts (it failed) and restoring the ones it had replaced. */
export async function deleteUploadFacts(seq: number): Promise<void> {
  await execute(pool(), `DELETE FROM model_facts WHERE upload_seq = $1`, [seq]);
  await execute(pool(), `UPDATE model_facts SET superseded_by = NULL WHERE superseded_by = $1`, [seq]);
}

/** After publish (or left behind by an interrupted purge): facts replaced by published uploads. */
export async function purgeSupersededFacts(seq?: number): Promise<number> {
  return seq === undefined
    ? execute(pool(), `DELETE FROM model_facts WHERE superseded_by IN (SELECT seq FROM uploads WHERE status = ${statusSql(UPLOAD_STATUS.done)})`)
    : execute(pool(), `DELETE FROM model_facts WHERE superseded_by = $1`, [seq]);
}
