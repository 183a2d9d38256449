// Facts about models (results-format v1.1 `model` lines), versioned like measurements
// (lib/db/visibility.ts): an upload inserts its rows with its seq and marks the live ones it
// replaces superseded; readers see the live row of a published upload, or the replaced one until
// the replacing upload publishes.
import { execute, pool, retryOnUniqueViolation, withTransaction, type Queryable } from "@/lib/db/client";
import { ownerState, statusSql, UPLOAD_STATUS, type StoredUploadStatus } from "@/lib/db/upload-status";
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

/** What writing a file's facts did: counted lines, and the models whose facts another unfinished upload holds. */
export interface FactsOutcome {
  created: number;
  updated: number;
  unchanged: number;
  /** Models whose live facts an upload that has not finished holds: not written over (their lines are rejected). */
  busy: number[];
}

interface FactsPlan {
  out: FactsOutcome;
  remove: number[];
  supersede: number[];
  insert: FactsWrite[];
}

const NO_FACTS: FactsOutcome = { created: 0, updated: 0, unchanged: 0, busy: [] };

/**
 * How upload `seq`'s facts meet the live ones (ownerState, as a measurement's key): new, replacing
 * the live facts of a published upload (or of its own earlier line), or repeating them unchanged;
 * a live row a failed upload left is removed; one another unfinished upload holds is left alone
 * (`busy`: it may still publish it, or is failing and will restore what it replaced). Models not
 * stored yet (a dry run's stand-in ids, ≤ 0) have none.
 */
async function planFacts(db: Queryable, rows: readonly FactsWrite[], seq: number): Promise<FactsPlan> {
  const plan: FactsPlan = { out: { created: 0, updated: 0, unchanged: 0, busy: [] }, remove: [], supersede: [], insert: [] };
  const live = await db.query<ModelFacts & { id: number; model_id: number; upload_seq: number; status: StoredUploadStatus | null }>(
    `SELECT f.*, u.status FROM model_facts f LEFT JOIN uploads u ON u.seq = f.upload_seq
      WHERE f.model_id = ANY($1::int[]) AND f.superseded_by IS NULL`,
    [rows.map((r) => r.modelId)],
  );
  const byModel = new Map(live.rows.map((r) => [r.model_id, r]));
  for (const r of rows) {
    const ex = byModel.get(r.modelId);
    const state = ownerState(ex && { status: ex.status, seq: ex.upload_seq }, seq);
    if (state === "busy") {
      plan.out.busy.push(r.modelId);
      continue;
    }
    if (ex && state === "none") plan.remove.push(ex.id); // left behind by a failed upload
    const usable = state === "usable" ? ex : undefined;
    if (usable && same(usable, r.facts)) {
      plan.out.unchanged++;
      continue;
    }
    if (usable) (usable.upload_seq === seq ? plan.remove : plan.supersede).push(usable.id);
    if (usable) plan.out.updated++;
    else plan.out.created++;
    plan.insert.push(r);
  }
  return plan;
}

/** What writeModelFacts would count for upload `seq`'s facts, writing nothing (a dry run). */
export async function countModelFacts(rows: readonly FactsWrite[], seq: number): Promise<FactsOutcome> {
  return rows.length ? (await planFacts(pool(), rows, seq)).out : NO_FACTS;
}

/**
 * Writes the facts of upload `seq` (one per model) in one transaction; returns how many were new,
 * replaced stored facts, or repeated them unchanged (nothing written for those), and the models
 * whose facts another unfinished upload holds. Uploads run at once: another can write a model's
 * live facts between the look-up and the insert (a unique violation), and the facts are then
 * planned again, a few times.
 */
export async function writeModelFacts(rows: readonly FactsWrite[], seq: number): Promise<FactsOutcome> {
  if (!rows.length) return NO_FACTS;
  return retryOnUniqueViolation(() =>
    withTransaction(async (db) => {
      const { out, remove, supersede, insert } = await planFacts(db, rows, seq);
      if (remove.length) await execute(db, `DELETE FROM model_facts WHERE id = ANY($1::int[])`, [remove]);
      if (supersede.length) await execute(db, `UPDATE model_facts SET superseded_by = $2 WHERE id = ANY($1::int[])`, [supersede, seq]);
      if (!insert.length) return out;
      const cols = FACT_FIELDS.map((f, i) => `$${i + 2}::${CAST[f]}[]`).join(", ");
      await execute(
        db,
        `INSERT INTO model_facts (model_id, ${FACT_FIELDS.join(", ")}, upload_seq)
         SELECT *, $${FACT_FIELDS.length + 2}::int FROM unnest($1::int[], ${cols})`,
        [insert.map((r) => r.modelId), ...FACT_FIELDS.map((f) => insert.map((r) => r.facts[f])), seq],
      );
      return out;
    }),
  );
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
