// Named queries on the `uploads` table: create, report, the ingest lease, heartbeats, outcomes.
import { pool, withTransaction } from "@/lib/db/client";
import { emptyCounts, type LineError, type UploadCounts, type UploadReport, type UploadStatus } from "./types";

/**
 * Stored statuses. `failing` is internal: the upload has failed and its rows are being removed
 * (reported as "failed"). An upload holds the ingest lease while `running` or `failing`.
 */
export type StoredStatus = UploadStatus | "failing";

export interface UploadRow {
  id: string;
  seq: number;
  status: StoredStatus;
  partial: boolean;
  file_sha256: string | null;
  file_bytes: number | null;
  spool_path: string | null;
}

export async function insertUpload(u: {
  id: string;
  partial: boolean;
  fileName: string | null;
  tokenId: number | null;
  spoolPath: string | null;
}): Promise<void> {
  await pool().query(
    `INSERT INTO uploads (id, status, partial, file_name, token_id, spool_path, heartbeat_at, counts)
     VALUES ($1, 'queued', $2, $3, $4, $5, now(), $6)`,
    [u.id, u.partial, u.fileName, u.tokenId, u.spoolPath, JSON.stringify(emptyCounts())],
  );
}

/** Records the received file once it is complete (a queued upload without them was cut off). */
export async function setUploadFile(id: string, f: { bytes: number; sha256: string | null; spoolPath?: string }): Promise<void> {
  await pool().query(
    `UPDATE uploads SET file_bytes = $2, file_sha256 = $3, spool_path = COALESCE($4, spool_path), heartbeat_at = now() WHERE id = $1`,
    [id, f.bytes, f.sha256, f.spoolPath ?? null],
  );
}

export async function deleteUpload(id: string): Promise<void> {
  await pool().query(`DELETE FROM uploads WHERE id = $1 AND status = 'queued'`, [id]);
}

export async function getUploadRow(id: string): Promise<UploadRow | null> {
  const r = await pool().query<UploadRow>(
    `SELECT id, seq, status, partial, file_sha256, file_bytes, spool_path FROM uploads WHERE id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** GET /api/uploads/{id}: the upload's report, or null when there is no such upload. */
export async function getUploadReport(id: string): Promise<UploadReport | null> {
  const r = await pool().query(
    `SELECT id, status, progress, partial, counts, errors, error_count, warnings, warning_count, lines_total, message,
            duplicate_of, file_name, created_at, started_at, finished_at
       FROM uploads WHERE id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row) return null;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    status: row.status === "failing" ? "failed" : row.status,
    progress: row.progress,
    partial: row.partial,
    counts: { ...emptyCounts(), ...row.counts },
    errors: row.errors,
    error_count: row.error_count,
    warnings: row.warnings,
    warning_count: row.warning_count,
    lines: row.lines_total,
    message: row.message,
    duplicate_of: row.duplicate_of,
    file_name: row.file_name,
    created_at: row.created_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/** Any key; the advisory lock only orders lease takers on a real Postgres (PGlite runs one session). */
const LEASE_LOCK_KEY = 0x0be4c4;

/**
 * Takes the ingest lease for a queued upload: uploads are written one at a time, so a new sample or
 * key written by an unfinished upload is never seen, re-used or overwritten by another. Returns the
 * upload's seq, or null while another upload holds the lease.
 */
/** Whether an upload holds the ingest lease now (a new one would wait for it). */
export async function uploadInProgress(): Promise<boolean> {
  const r = await pool().query(`SELECT 1 FROM uploads WHERE status IN ('running', 'failing') LIMIT 1`);
  return r.rows.length > 0;
}

export async function tryTakeLease(id: string): Promise<number | null> {
  return withTransaction(async (c) => {
    await c.query(`SELECT pg_advisory_xact_lock($1)`, [LEASE_LOCK_KEY]);
    const r = await c.query<{ seq: number }>(
      `UPDATE uploads SET status = 'running', started_at = now(), heartbeat_at = now()
        WHERE id = $1 AND status = 'queued'
          AND NOT EXISTS (SELECT 1 FROM uploads WHERE status IN ('running', 'failing'))
        RETURNING seq`,
      [id],
    );
    return r.rows[0]?.seq ?? null;
  });
}

/** Keeps a waiting (queued) upload from being taken for abandoned. */
export async function touchQueued(id: string): Promise<void> {
  await pool().query(`UPDATE uploads SET heartbeat_at = now() WHERE id = $1 AND status = 'queued'`, [id]);
}

/** Thrown when another process declared this upload abandoned (its heartbeat was too old). */
export class LostLeaseError extends Error {
  constructor(id: string) {
    super(`upload ${id} was taken over by recovery (heartbeat too old)`);
    this.name = "LostLeaseError";
  }
}

export interface LiveState {
  progress: number;
  lines: number;
  counts: UploadCounts;
  errorCount: number;
}

/** Heartbeat + progress of a running upload; throws LostLeaseError when it is no longer ours. */
export async function heartbeat(id: string, s: LiveState): Promise<void> {
  const r = await pool().query(
    `UPDATE uploads SET heartbeat_at = now(), progress = $2, lines_total = $3, counts = $4, error_count = $5
      WHERE id = $1 AND status = 'running'`,
    [id, s.progress, s.lines, JSON.stringify(s.counts), s.errorCount],
  );
  if (r.rowCount === 0) throw new LostLeaseError(id);
}

export interface Outcome {
  lines: number;
  counts: UploadCounts;
  errors: LineError[];
  errorCount: number;
  warnings: LineError[];
  warningCount: number;
  message: string | null;
  duplicateOf?: string | null;
}

export function outcomeParams(o: Outcome): unknown[] {
  return [
    o.lines,
    JSON.stringify(o.counts),
    JSON.stringify(o.errors),
    o.errorCount,
    JSON.stringify(o.warnings),
    o.warningCount,
    o.message,
    o.duplicateOf ?? null,
  ];
}

/** SET list for outcomeParams() placed from $2 on. */
export const OUTCOME_SET = `lines_total = $2, counts = $3, errors = $4, error_count = $5, warnings = $6, warning_count = $7,
  message = $8, duplicate_of = $9`;

/** Running → failing: the outcome is final, the rows are about to be removed. */
export async function markFailing(id: string, o: Outcome): Promise<boolean> {
  const r = await pool().query(
    `UPDATE uploads SET status = 'failing', heartbeat_at = now(), ${OUTCOME_SET} WHERE id = $1 AND status = 'running'`,
    [id, ...outcomeParams(o)],
  );
  return r.rowCount === 1;
}

export async function markFailed(id: string, message?: string): Promise<void> {
  await pool().query(
    `UPDATE uploads SET status = 'failed', progress = 1, finished_at = now(), heartbeat_at = now(), message = COALESCE($2, message)
      WHERE id = $1 AND status IN ('queued', 'failing')`,
    [id, message ?? null],
  );
}

/** The earliest clean, finished upload of the same content, when there is one. */
export async function findSameFile(id: string, sha256: string): Promise<{ id: string; lines: number } | null> {
  const r = await pool().query<{ id: string; lines_total: number }>(
    `SELECT id, lines_total FROM uploads
      WHERE file_sha256 = $1 AND id <> $2 AND status = 'done' AND error_count = 0 AND duplicate_of IS NULL
      ORDER BY seq LIMIT 1`,
    [sha256, id],
  );
  const row = r.rows[0];
  return row ? { id: row.id, lines: row.lines_total } : null;
}
