// Named queries on `uploads`: receiving an upload and reading its row and report. The status
// transitions (lease, heartbeat, publish, failure, recovery) are in ./upload-lease.ts.
import { execute, pool } from "@/lib/db/client";
import { statusSql, UPLOAD_STATUS, type StoredUploadStatus } from "@/lib/db/upload-status";

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
  /** Size of the content once inflated; null for local files (imports). */
  inflated_bytes: number | null;
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
  counts: UploadCounts;
  format?: string | null;
  dryRun?: boolean;
}): Promise<void> {
  await execute(
    pool(),
    `INSERT INTO uploads (id, status, partial, file_name, token_id, heartbeat_at, counts, format, dry_run)
     VALUES ($1, ${statusSql(UPLOAD_STATUS.queued)}, $2, $3, $4, now(), $5, $6, $7)`,
    [u.id, u.partial, u.fileName, u.tokenId, JSON.stringify(u.counts), u.format ?? null, u.dryRun ?? false],
  );
}

/** Records the received file once it is complete (a queued upload without them was cut off). */
export async function setUploadFile(id: string, f: { bytes: number; inflatedBytes: number | null; sha256: string | null; partial?: boolean }): Promise<void> {
  await execute(
    pool(),
    `UPDATE uploads SET file_bytes = $2, inflated_bytes = $3, file_sha256 = $4, partial = COALESCE($5, partial), heartbeat_at = now() WHERE id = $1`,
    [id, f.bytes, f.inflatedBytes, f.sha256, f.partial ?? null],
  );
}

/** Forgets an upload whose body was refused while it was being received. */
export async function deleteQueuedUpload(id: string): Promise<void> {
  await execute(pool(), `DELETE FROM uploads WHERE id = $1 AND status = ${statusSql(UPLOAD_STATUS.queued)}`, [id]);
}

export async function getUploadRow(id: string): Promise<UploadRow | null> {
  const r = await pool().query<UploadRow>(`SELECT id, seq, status, partial, file_sha256, file_bytes, file_name, format, dry_run, inflated_bytes FROM uploads WHERE id = $1`, [id]);
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

/** The earliest clean, published upload of the same content, when there is one. */
export async function findSameFile(id: string, sha256: string): Promise<{ id: string; lines: number } | null> {
  // Sending the file again is a no-op only if nothing it wrote can have changed since (results
  // format: a key sent again replaces the value, so a later upload's values would be replaced back)
  // and it holds no id-less pairwise lines (each is an event: sent again, a new one). Otherwise the
  // upload is imported line by line, which counts what is unchanged as duplicates.
  const r = await pool().query<{ id: string; lines: number }>(
    // "After" by publish time, not seq: uploads run side by side and publish in any order (a tie
    // in the millisecond counts as after). Dry runs store nothing and change nothing.
    `SELECT u.id, u.lines_total AS lines FROM uploads u
      WHERE u.file_sha256 = $1 AND u.id <> $2 AND u.status = ${statusSql(UPLOAD_STATUS.done)} AND u.error_count = 0 AND u.duplicate_of IS NULL AND NOT u.dry_run
        AND NOT EXISTS (SELECT 1 FROM uploads l WHERE l.finished_at >= u.finished_at AND l.seq <> u.seq AND l.id <> $2 AND l.status = ${statusSql(UPLOAD_STATUS.done)}
                          AND l.duplicate_of IS NULL AND NOT l.dry_run)
        AND (u.idless_pairwise = false
             OR (u.idless_pairwise IS NULL AND NOT EXISTS (SELECT 1 FROM measurements m WHERE m.upload_seq = u.seq AND m.kind = 'pairwise' AND m.key IS NULL)))
      ORDER BY u.finished_at DESC LIMIT 1`,
    [sha256, id],
  );
  return r.rows[0] ?? null;
}
