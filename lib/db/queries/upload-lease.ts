// The status transitions of an upload (lib/db/upload-status.ts): the ingest lease, heartbeats,
// publish and failure, and recovery of abandoned uploads. Every transition names the status it
// leaves in its WHERE clause, so a process that lost its upload to recovery changes nothing.
import { execute, pool, withTransaction, type Queryable } from "@/lib/db/client";
import { statusListSql, statusSql, LEASE_STATUSES, UNFINISHED_STATUSES, UPLOAD_STATUS, type StoredUploadStatus } from "@/lib/db/upload-status";
import type { UploadCounts, LineError } from "./uploads";

const { queued, running, failing, done, failed } = UPLOAD_STATUS;

/** Any key; the advisory lock only orders lease takers on a real Postgres (PGlite runs one session). */
const LEASE_LOCK_KEY = 0x0be4c4;

/**
 * Takes the ingest lease for a queued upload: uploads are written one at a time, so a new sample or
 * key written by an unfinished upload is never seen, re-used or overwritten by another. Returns the
 * upload's seq, or null while another upload holds the lease.
 */
export async function tryTakeLease(id: string): Promise<number | null> {
  return withTransaction(async (c) => {
    await c.query<{ locked: unknown }>(`SELECT pg_advisory_xact_lock($1) AS locked`, [LEASE_LOCK_KEY]);
    const r = await c.query<{ seq: number }>(
      `UPDATE uploads SET status = ${statusSql(running)}, started_at = now(), heartbeat_at = now()
        WHERE id = $1 AND status = ${statusSql(queued)}
          AND NOT EXISTS (SELECT 1 FROM uploads WHERE status IN (${statusListSql(LEASE_STATUSES)}))
        RETURNING seq`,
      [id],
    );
    return r.rows[0]?.seq ?? null;
  });
}

/** Keeps a waiting (queued) upload from being taken for abandoned. */
export async function touchQueued(id: string): Promise<void> {
  await execute(pool(), `UPDATE uploads SET heartbeat_at = now() WHERE id = $1 AND status = ${statusSql(queued)}`, [id]);
}

export interface LiveState {
  progress: number;
  lines: number;
  counts: UploadCounts;
  errorCount: number;
}

/** Heartbeat + progress of a running upload; false when it is no longer running (recovery took it). */
export async function heartbeat(id: string, s: LiveState): Promise<boolean> {
  const changed = await execute(
    pool(),
    `UPDATE uploads SET heartbeat_at = now(), progress = $2, lines_total = $3, counts = $4, error_count = $5
      WHERE id = $1 AND status = ${statusSql(running)}`,
    [id, s.progress, s.lines, JSON.stringify(s.counts), s.errorCount],
  );
  return changed === 1;
}

/** The final report of an upload, stored when it ends. */
export interface UploadOutcome {
  lines: number;
  counts: UploadCounts;
  errors: LineError[];
  errorCount: number;
  warnings: LineError[];
  warningCount: number;
  message: string | null;
  duplicateOf?: string | null;
}

/** `SET ...` of an outcome with its parameters from $2 on ($1 is the upload id). */
function outcomeSet(o: UploadOutcome): { set: string; values: unknown[] } {
  return {
    set: `lines_total = $2, counts = $3, errors = $4, error_count = $5, warnings = $6, warning_count = $7, message = $8, duplicate_of = $9`,
    values: [o.lines, JSON.stringify(o.counts), JSON.stringify(o.errors), o.errorCount, JSON.stringify(o.warnings), o.warningCount, o.message, o.duplicateOf ?? null],
  };
}

/** Running → done (publish). Call in the publish transaction; false when the upload is no longer running. */
export async function markDone(db: Queryable, id: string, o: UploadOutcome): Promise<boolean> {
  const { set, values } = outcomeSet(o);
  const changed = await execute(
    db,
    `UPDATE uploads SET status = ${statusSql(done)}, progress = 1, finished_at = now(), heartbeat_at = now(), ${set}
      WHERE id = $1 AND status = ${statusSql(running)}`,
    [id, ...values],
  );
  return changed === 1;
}

/** Running → failing: the outcome is final, the rows are about to be removed. */
export async function markFailing(id: string, o: UploadOutcome): Promise<boolean> {
  const { set, values } = outcomeSet(o);
  const changed = await execute(
    pool(),
    `UPDATE uploads SET status = ${statusSql(failing)}, heartbeat_at = now(), ${set} WHERE id = $1 AND status = ${statusSql(running)}`,
    [id, ...values],
  );
  return changed === 1;
}

/** Queued or failing → failed, with a message when one is given. */
export async function markFailed(id: string, message?: string): Promise<void> {
  await execute(
    pool(),
    `UPDATE uploads SET status = ${statusSql(failed)}, progress = 1, finished_at = now(), heartbeat_at = now(), message = COALESCE($2, message)
      WHERE id = $1 AND status IN (${statusListSql([queued, failing])})`,
    [id, message ?? null],
  );
}

export interface AbandonedUpload {
  id: string;
  status: StoredUploadStatus;
  spool_path: string | null;
  file_bytes: number | null;
}

/** Unfinished uploads whose heartbeat is older than `staleAfterSeconds`, oldest first. */
export async function findAbandonedUploads(staleAfterSeconds: number): Promise<AbandonedUpload[]> {
  const r = await pool().query<AbandonedUpload>(
    `SELECT id, status, spool_path, file_bytes FROM uploads
      WHERE status IN (${statusListSql(UNFINISHED_STATUSES)}) AND COALESCE(heartbeat_at, created_at) <= now() - make_interval(secs => $1)
      ORDER BY seq`,
    [staleAfterSeconds],
  );
  return r.rows;
}

/**
 * Takes an abandoned upload for cleanup: → failing, if it is still in the status it was found in
 * and still stale (another recovering process may race us). Its seq, or null when not taken.
 */
export async function claimAbandoned(u: Pick<AbandonedUpload, "id" | "status">, staleAfterSeconds: number): Promise<number | null> {
  const r = await pool().query<{ seq: number }>(
    `UPDATE uploads SET status = ${statusSql(failing)}, heartbeat_at = now()
      WHERE id = $1 AND status = $2 AND COALESCE(heartbeat_at, created_at) <= now() - make_interval(secs => $3)
      RETURNING seq`,
    [u.id, u.status, staleAfterSeconds],
  );
  return r.rows[0]?.seq ?? null;
}
