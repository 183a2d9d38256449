// Named queries on `uploads`: receiving an upload and reading its row and report. The status
// transitions (lease, heartbeat, publish, failure, recovery) are in ./upload-lease.ts.
import { execute, pool } from "@/lib/db/client";
import { statusListSql, statusSql, LEASE_STATUSES, UPLOAD_STATUS, type StoredUploadStatus } from "@/lib/db/upload-status";

/** One line's problem, stored in `errors` / `warnings`. `line` 0 means the file as a whole (e.g. corrupt gzip, no records). */
export interface LineError {
  line: number;
  message: string;
}

/** The counts of an upload's report (spec/api.md), stored as one JSON object in `counts`. */
export interface UploadCounts {
  samples_new: number;
  samples_updated: number;
  measurements_new: number;
  measurements_updated: number;
  rejected: number;
  duplicates: number;
  /** Models given facts for the first time by a `model` line (v1.1). */
  facts_new: number;
  /** Models whose stored facts a `model` line replaced. */
  facts_updated: number;
  /** Records of another tool's file left out on purpose (lib/ingest/formats: `skipped`). */
  skipped: number;
}

/** What processing an upload needs to know of it. */
export interface UploadRow {
  id: string;
  seq: number;
  status: StoredUploadStatus;
  partial: boolean;
  file_sha256: string | null;
  file_bytes: number | null;
  file_name: string | null;
  /** The format given with the upload; null: detect it. */
  format: string | null;
  dry_run: boolean;
  spool_path: string | null;
}

/** The stored report of an upload, as GET /api/uploads/{id} reads it. */
export interface UploadReportRow {
  id: string;
  status: StoredUploadStatus;
  progress: number;
  partial: boolean;
  /** Counts as stored; older rows may lack a key (readers merge them over zeros). */
  counts: Partial<UploadCounts>;
  errors: LineError[];
  error_count: number;
  warnings: LineError[];
  warning_count: number;
  lines_total: number;
  message: string | null;
  duplicate_of: string | null;
  file_name: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export async function insertUpload(u: {
  id: string;
  partial: boolean;
  fileName: string | null;
  tokenId: number | null;
  spoolPath: string | null;
  counts: UploadCounts;
  format?: string | null;
  dryRun?: boolean;
}): Promise<void> {
  await execute(
    pool(),
    `INSERT INTO uploads (id, status, partial, file_name, token_id, spool_path, heartbeat_at, counts, format, dry_run)
     VALUES ($1, ${statusSql(UPLOAD_STATUS.queued)}, $2, $3, $4, $5, now(), $6, $7, $8)`,
    [u.id, u.partial, u.fileName, u.tokenId, u.spoolPath, JSON.stringify(u.counts), u.format ?? null, u.dryRun ?? false],
  );
}

/** Records the received file once it is complete (a queued upload without them was cut off). */
export async function setUploadFile(id: string, f: { bytes: number; sha256: string | null; spoolPath?: string }): Promise<void> {
  await execute(
    pool(),
    `UPDATE uploads SET file_bytes = $2, file_sha256 = $3, spool_path = COALESCE($4, spool_path), heartbeat_at = now() WHERE id = $1`,
    [id, f.bytes, f.sha256, f.spoolPath ?? null],
  );
}

/** Forgets an upload whose body was refused while it was being received. */
export async function deleteQueuedUpload(id: string): Promise<void> {
  await execute(pool(), `DELETE FROM uploads WHERE id = $1 AND status = ${statusSql(UPLOAD_STATUS.queued)}`, [id]);
}

export async function getUploadRow(id: string): Promise<UploadRow | null> {
  const r = await pool().query<UploadRow>(`SELECT id, seq, status, partial, file_sha256, file_bytes, file_name, format, dry_run, spool_path FROM uploads WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function getUploadReportRow(id: string): Promise<UploadReportRow | null> {
  const r = await pool().query<UploadReportRow>(
    `SELECT id, status, progress, partial, counts, errors, error_count, warnings, warning_count, lines_total, message,
            duplicate_of, file_name, created_at, started_at, finished_at
       FROM uploads WHERE id = $1`,
    [id],
  );
  return r.rows[0] ?? null;
}

/** Whether an upload holds the ingest lease now (a new one would wait for it). */
export async function uploadInProgress(): Promise<boolean> {
  const r = await pool().query<{ one: number }>(`SELECT 1 AS one FROM uploads WHERE status IN (${statusListSql(LEASE_STATUSES)}) LIMIT 1`);
  return r.rows.length > 0;
}

/** The earliest clean, published upload of the same content, when there is one. */
export async function findSameFile(id: string, sha256: string): Promise<{ id: string; lines: number } | null> {
  const r = await pool().query<{ id: string; lines: number }>(
    `SELECT id, lines_total AS lines FROM uploads
      WHERE file_sha256 = $1 AND id <> $2 AND status = ${statusSql(UPLOAD_STATUS.done)} AND error_count = 0 AND duplicate_of IS NULL
      ORDER BY seq LIMIT 1`,
    [sha256, id],
  );
  return r.rows[0] ?? null;
}
