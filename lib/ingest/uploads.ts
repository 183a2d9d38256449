// The upload's report as GET /api/uploads/{id} shows it, and the errors of a lost or released lease.
import { getUploadReportRow } from "@/lib/db/queries/uploads";
import { reportedStatus } from "@/lib/db/upload-status";
import { emptyCounts, type UploadReport } from "./types";

/** Thrown when another process declared this upload abandoned (its heartbeat was too old). */
export class LostLeaseError extends Error {
  constructor(id: string) {
    super(`upload ${id} was taken over by recovery (heartbeat too old)`);
    this.name = "LostLeaseError";
  }
}

/** Thrown when this process is stopping and hands its upload back (lib/ingest/process.ts releaseLeases). */
export class ReleasedLeaseError extends Error {
  constructor(id: string) {
    super(`upload ${id} handed back: this process is stopping`);
    this.name = "ReleasedLeaseError";
  }
}

/** GET /api/uploads/{id}: the upload's report, or null when there is no such upload. */
export async function getUploadReport(id: string): Promise<UploadReport | null> {
  const row = await getUploadReportRow(id);
  if (!row) return null;
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    status: reportedStatus(row.status),
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
