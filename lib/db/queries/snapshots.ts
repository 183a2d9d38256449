// Named queries on `leaderboard_snapshots`: the computed results of saved leaderboards. `Result`
// is the JSON payload's type, chosen by the code that stores it (lib/leaderboard/saved.ts).
import { execute, pool, withTransaction } from "@/lib/db/client";
import type { PublishState } from "./read-model";

/** Where a capability query's snapshot made its cut (lib/leaderboard/reach.ts reads it). */
export interface Reach {
  /** The uploads the snapshot's data included (the read model's publish state then). */
  publish: Pick<PublishState, "maxSeq" | "pending">;
  embedder: string;
  /** Visible samples in the pool then. */
  poolSize: number;
  /** The selected samples' primary keys, ascending. */
  pks: number[];
  /** Per concept: the query vector the cut was made on, the similarity it fell at, whether a tag or task naming it let samples in. */
  concepts: { text: string; similarity: number; labelled: boolean; vector: number[] }[];
  /** What the health run then flagged among the selected samples (lib/health/selection.ts flagDigest); absent in reaches stored before. */
  flags?: string;
}

export interface SnapshotRow<Result> {
  id: number;
  computedAt: Date;
  dataVersion: number;
  embedderName: string | null;
  method: string;
  nSamples: number;
  nMeasurements: number;
  durationMs: number;
  result: Result;
  /** What the ranking was computed from (lib/leaderboard/compute.ts inputDigest); null before it was kept. */
  inputDigest: string | null;
}

/** Snapshots kept per saved leaderboard (the current one and a short history). */
const KEEP_SNAPSHOTS = 5;

export async function loadSnapshots<Result>(ids: readonly number[]): Promise<Map<number, SnapshotRow<Result>>> {
  if (ids.length === 0) return new Map();
  const r = await pool().query<SnapshotRow<Result>>(
    `SELECT id, computed_at AS "computedAt", data_version AS "dataVersion", embedder_name AS "embedderName", method,
            n_samples AS "nSamples", n_measurements AS "nMeasurements", duration_ms AS "durationMs", result,
            input_digest AS "inputDigest"
       FROM leaderboard_snapshots WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(r.rows.map((s) => [s.id, s]));
}

/** Stores a new snapshot and makes it current in one short transaction: readers see the old one until then. */
export async function swapSnapshot<Result>(
  slug: string,
  snap: Omit<SnapshotRow<Result>, "id" | "computedAt" | "inputDigest"> & { inputDigest?: string | null; reach?: Reach | null; healthRun?: number | null },
): Promise<number> {
  return withTransaction(async (client) => {
    const ins = await client.query<{ id: number }>(
      `INSERT INTO leaderboard_snapshots (slug, data_version, embedder_name, method, n_samples, n_measurements, result, duration_ms, input_digest, reach, health_run)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [slug, snap.dataVersion, snap.embedderName, snap.method, snap.nSamples, snap.nMeasurements, JSON.stringify(snap.result), snap.durationMs, snap.inputDigest ?? null, snap.reach ? JSON.stringify(snap.reach) : null, snap.healthRun ?? null],
    );
    const id = ins.rows[0].id;
    await execute(
      client,
      `UPDATE saved_leaderboards SET current_snapshot_id = $2, snapshot_version = $3, refresh_queued_at = NULL, refresh_started_at = NULL, refresh_progress = NULL WHERE slug = $1`,
      [slug, id, snap.dataVersion],
    );
    // Older snapshots stay as history; keep the last few.
    await execute(
      client,
      `DELETE FROM leaderboard_snapshots WHERE slug = $1 AND id NOT IN (SELECT id FROM leaderboard_snapshots WHERE slug = $1 ORDER BY id DESC LIMIT ${KEEP_SNAPSHOTS})`,
      [slug],
    );
    return id;
  });
}

/**
 * What a stored snapshot was computed from: its input digest, its reach and the health run its
 * flags were read from (null: unknown, none, or stored before they were kept).
 */
export async function snapshotBasis(id: number): Promise<{ inputDigest: string | null; reach: Reach | null; healthRun: number | null }> {
  const r = await pool().query<{ d: string | null; reach: Reach | null; h: number | null }>(`SELECT input_digest AS d, reach, health_run AS h FROM leaderboard_snapshots WHERE id = $1`, [id]);
  return { inputDigest: r.rows[0]?.d ?? null, reach: r.rows[0]?.reach ?? null, healthRun: r.rows[0]?.h ?? null };
}

/** Saved leaderboards whose current snapshot read its flags from another health run than `runId`. */
export async function slugsFlaggedByOtherRun(runId: number): Promise<string[]> {
  const r = await pool().query<{ slug: string }>(
    `SELECT s.slug FROM saved_leaderboards s JOIN leaderboard_snapshots p ON p.id = s.current_snapshot_id
      WHERE p.health_run IS DISTINCT FROM $1 ORDER BY s.slug`,
    [runId],
  );
  return r.rows.map((row) => row.slug);
}

/**
 * A refresh found that leaderboard `slug`'s snapshot `id` is what the data at `version` selects
 * (the same inputs, or none its cut lets in): the snapshot is current at `version` (unless another
 * one replaced it meanwhile), and the refresh is over. With `reach`, the snapshot's reach is
 * renewed (the same selection, cut again on the current pool); with `healthRun`, the snapshot
 * counts as checked against that health run (its selection's flags are the same).
 */
export async function keepSnapshot(slug: string, id: number, version: number, reach?: Reach | null, healthRun?: number | null): Promise<boolean> {
  return withTransaction(async (client) => {
    const n = await execute(
      client,
      `UPDATE saved_leaderboards SET snapshot_version = GREATEST(COALESCE(snapshot_version, 0), $3), refresh_queued_at = NULL, refresh_started_at = NULL, refresh_progress = NULL
        WHERE slug = $1 AND current_snapshot_id = $2`,
      [slug, id, version],
    );
    if (n > 0 && reach !== undefined) await execute(client, `UPDATE leaderboard_snapshots SET reach = $2 WHERE id = $1`, [id, reach ? JSON.stringify(reach) : null]);
    if (n > 0 && healthRun !== undefined) await execute(client, `UPDATE leaderboard_snapshots SET health_run = $2 WHERE id = $1`, [id, healthRun]);
    return n > 0;
  });
}
