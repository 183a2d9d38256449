// Removing what unfinished uploads wrote, in short batches (every statement here blocks the
// embedded database for at most a few hundred milliseconds).
import { existsSync, rmSync } from "node:fs";
import { pool } from "@/lib/db/client";
import { requeueUpload } from "./notify";
import { markFailed } from "./uploads";

const DELETE_BATCH = 20_000;

async function repeatUntilNone(sql: string, params: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await pool().query(sql, params);
    total += r.rowCount ?? 0;
    if (!r.rowCount) return total;
  }
}

/**
 * Deletes every row upload `seq` wrote and restores the rows it had marked superseded. Its rows were
 * never visible (the upload is not 'done'), so readers see no change at any point. Idempotent.
 */
export async function deleteUploadRows(seq: number): Promise<void> {
  await repeatUntilNone(
    `DELETE FROM measurements WHERE id IN (SELECT id FROM measurements WHERE upload_seq = $1 LIMIT ${DELETE_BATCH})`,
    [seq],
  );
  await repeatUntilNone(
    `UPDATE measurements SET superseded_by = NULL
      WHERE id IN (SELECT id FROM measurements WHERE superseded_by = $1 LIMIT ${DELETE_BATCH})`,
    [seq],
  );
  await repeatUntilNone(`DELETE FROM samples WHERE pk IN (SELECT pk FROM samples WHERE upload_seq = $1 LIMIT 5000)`, [seq]);
  try {
    await pool().query(`DELETE FROM models WHERE upload_seq = $1`, [seq]);
  } catch (err) {
    // A model another upload has used since is kept: models are harmless, their rows are not.
    if ((err as { code?: string }).code !== "23503") throw err;
  }
}

/** After publish: the rows upload `seq` replaced are invisible now; delete them. */
export async function purgeSuperseded(seq: number): Promise<number> {
  return repeatUntilNone(
    `DELETE FROM measurements WHERE id IN (SELECT id FROM measurements WHERE superseded_by = $1 LIMIT ${DELETE_BATCH})`,
    [seq],
  );
}

export const INTERRUPTED_MESSAGE =
  "interrupted: the process handling this upload stopped before it finished; nothing from it was stored. Upload the file again.";

export interface RecoveryResult {
  /** Uploads found abandoned and cleaned up (now `failed`). */
  failed: string[];
  /** Received uploads that never started, sent to the worker again. */
  requeued: string[];
  /** Superseded rows of finished uploads left by an interrupted cleanup. */
  purged: number;
}

/**
 * Cleans up after processes that died while writing an upload. Call at startup (the start script,
 * the worker) and periodically; also called by uploads waiting for the ingest lease.
 *
 * An upload is abandoned when it is queued/running/failing and its heartbeat is older than
 * `staleAfterSeconds` (processing beats every second). Running or failing → its rows are deleted
 * and it ends `failed` with an "interrupted" message. Queued with a complete spooled body → sent to
 * the worker queue again (it never started). The process that owns the embedded database can pass
 * `staleAfterSeconds: 0` at startup: nobody else can be writing to it yet.
 */
export async function recoverInterruptedUploads(opts: { staleAfterSeconds?: number } = {}): Promise<RecoveryResult> {
  const stale = opts.staleAfterSeconds ?? 30;
  const result: RecoveryResult = { failed: [], requeued: [], purged: 0 };
  const found = await pool().query<{ id: string; status: string; spool_path: string | null; file_bytes: number | null }>(
    `SELECT id, status, spool_path, file_bytes FROM uploads
      WHERE status IN ('queued', 'running', 'failing') AND COALESCE(heartbeat_at, created_at) <= now() - make_interval(secs => $1)
      ORDER BY seq`,
    [stale],
  );
  for (const u of found.rows) {
    if (u.status === "queued" && u.spool_path && u.file_bytes !== null && existsSync(u.spool_path)) {
      await pool().query(`UPDATE uploads SET heartbeat_at = now() WHERE id = $1 AND status = 'queued'`, [u.id]);
      await requeueUpload(u.id);
      result.requeued.push(u.id);
      continue;
    }
    // Claim it (another recovering process may race us), then clean.
    const claimed = await pool().query<{ seq: number }>(
      `UPDATE uploads SET status = 'failing', heartbeat_at = now()
        WHERE id = $1 AND status = $2 AND COALESCE(heartbeat_at, created_at) <= now() - make_interval(secs => $3)
        RETURNING seq`,
      [u.id, u.status, stale],
    );
    if (!claimed.rows[0]) continue;
    await deleteUploadRows(claimed.rows[0].seq);
    await markFailed(u.id, u.status === "failing" ? undefined : INTERRUPTED_MESSAGE);
    removeSpool(u.spool_path);
    result.failed.push(u.id);
  }
  result.purged = await repeatUntilNone(
    `DELETE FROM measurements WHERE id IN (
       SELECT id FROM measurements WHERE superseded_by IN (SELECT seq FROM uploads WHERE status = 'done') LIMIT ${DELETE_BATCH})`,
    [],
  );
  return result;
}

export function removeSpool(path: string | null): void {
  if (path) rmSync(path, { force: true });
}
