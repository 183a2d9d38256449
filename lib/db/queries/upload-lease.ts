// The status transitions of an upload (lib/db/upload-status.ts): its lease, heartbeats, publish
// and failure, and recovery of abandoned uploads. Every transition names the status it leaves (and
// the lease holder's its attempt) in its WHERE clause, so a process that lost its upload to
// recovery changes nothing.
import { execute, pool, type Queryable } from "@/lib/db/client";
import { statusListSql, statusSql, UNFINISHED_STATUSES, UPLOAD_STATUS, type StoredUploadStatus } from "@/lib/db/upload-status";
import type { UploadCounts, LineError } from "./uploads";

const { queued, running, failing, done, failed } = UPLOAD_STATUS;

/** The lease of one upload, as its holder names it in every write. */
export interface Lease {
  id: string;
  seq: number;
  attempt: number;
}

/**
 * Takes the lease of a queued upload (leases are per upload: several are imported at once, each by
 * one process). Null when it is no longer queued (another process took it, or it finished).
 */
export async function tryTakeLease(id: string): Promise<Lease | null> {
  const r = await pool().query<Lease>(
    `UPDATE uploads SET status = ${statusSql(running)}, attempt = attempt + 1, started_at = now(), heartbeat_at = now()
      WHERE id = $1 AND status = ${statusSql(queued)}
      RETURNING id, seq, attempt`,
    [id],
  );
  return r.rows[0] ?? null;
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

/** The lease's own condition: this upload, still running, in this attempt. $1 id, $2 attempt. */
const HELD = `id = $1 AND attempt = $2 AND status = ${statusSql(running)}`;

/** Heartbeat + progress of a running upload; false when the lease is lost (recovery took it). */
export async function heartbeat(lease: Lease, s: LiveState): Promise<boolean> {
  const changed = await execute(
    pool(),
    `UPDATE uploads SET heartbeat_at = now(), progress = $3, lines_total = $4, counts = $5, error_count = $6 WHERE ${HELD}`,
    [lease.id, lease.attempt, s.progress, s.lines, JSON.stringify(s.counts), s.errorCount],
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
  /** Whether it stored pairwise lines without an id (findSameFile reads it); null: not known. */
  idlessPairwise?: boolean | null;
}

/** `SET ...` of an outcome with its parameters from $3 on ($1 is the upload id, $2 the attempt). */
function outcomeSet(o: UploadOutcome): { set: string; values: unknown[] } {
  return {
    set: `lines_total = $3, counts = $4, errors = $5, error_count = $6, warnings = $7, warning_count = $8, message = $9, duplicate_of = $10, idless_pairwise = $11`,
    values: [o.lines, JSON.stringify(o.counts), JSON.stringify(o.errors), o.errorCount, JSON.stringify(o.warnings), o.warningCount, o.message, o.duplicateOf ?? null, o.idlessPairwise ?? null],
  };
}

/** Running → done (publish). Call in the publish transaction; false when the lease is lost. */
export async function markDone(db: Queryable, lease: Lease, o: UploadOutcome): Promise<boolean> {
  const { set, values } = outcomeSet(o);
  const changed = await execute(
    db,
    `UPDATE uploads SET status = ${statusSql(done)}, progress = 1, finished_at = now(), heartbeat_at = now(), ${set} WHERE ${HELD}`,
    [lease.id, lease.attempt, ...values],
  );
  return changed === 1;
}

/** Running → failing: the outcome is final, the rows are about to be removed. False when the lease is lost. */
export async function markFailing(lease: Lease, o: UploadOutcome): Promise<boolean> {
  const { set, values } = outcomeSet(o);
  const changed = await execute(
    pool(),
    `UPDATE uploads SET status = ${statusSql(failing)}, heartbeat_at = now(), ${set} WHERE ${HELD}`,
    [lease.id, lease.attempt, ...values],
  );
  return changed === 1;
}

/**
 * Queued or failing → failed, with a message when one is given. With a message (the upload was
 * interrupted, not judged) its counts go back to what was stored: nothing.
 */
export async function markFailed(id: string, message?: string): Promise<void> {
  await execute(
    pool(),
    `UPDATE uploads SET status = ${statusSql(failed)}, progress = 1, finished_at = now(), heartbeat_at = now(), message = COALESCE($2, message),
            counts = CASE WHEN $2::text IS NULL THEN counts ELSE '{}'::jsonb END
      WHERE id = $1 AND status IN (${statusListSql([queued, failing])})`,
    [id, message ?? null],
  );
}

/**
 * Failing → queued: an interrupted upload whose rows were removed starts over from its spooled
 * body (recovery), its progress and counts back to nothing. False when it was not failing.
 */
export async function requeueInterrupted(id: string, opts: { released?: boolean } = {}): Promise<boolean> {
  // A lease handed back by a stopping process was no failed attempt: it is not counted.
  const changed = await execute(
    pool(),
    `UPDATE uploads SET status = ${statusSql(queued)}, progress = 0, lines_total = 0, counts = '{}'::jsonb, error_count = 0,
            started_at = NULL, heartbeat_at = now(), attempt = attempt - $2::int
      WHERE id = $1 AND status = ${statusSql(failing)}`,
    [id, opts.released ? 1 : 0],
  );
  return changed === 1;
}

export interface AbandonedUpload {
  id: string;
  status: StoredUploadStatus;
  file_bytes: number | null;
  /** Null for a local file (an import); set once a spooled body was received completely. */
  inflated_bytes: number | null;
  attempt: number;
  /** Failing with its outcome stored (it was judged, not interrupted): it ends failed as judged. */
  judged: boolean;
}

/** Unfinished uploads whose heartbeat is older than `staleAfterSeconds`, oldest first. */
export async function findAbandonedUploads(staleAfterSeconds: number): Promise<AbandonedUpload[]> {
  const r = await pool().query<AbandonedUpload>(
    `SELECT id, status, file_bytes, inflated_bytes, attempt, status = ${statusSql(failing)} AND message IS NOT NULL AS judged FROM uploads
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
