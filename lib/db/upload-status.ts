// The statuses of an upload (uploads.status): the one list every query, check and report uses.
//
//   queued ──lease──▶ running ──publish──▶ done
//     │                  └──fails──▶ failing ──its rows removed──▶ failed
//     └──file never complete, or abandoned (recovery)──▶ failing / failed
//
// `failing` is internal: the upload has failed (or was interrupted) and its rows are being removed;
// it is reported as `failed`, or goes back to `queued` when recovery restarts an interrupted upload
// from its spooled body. An upload holds its own lease while `running` or `failing`. Only `done` uploads are
// published (lib/db/visibility.ts). The database enforces the list (migration 20261123010000).
export const UPLOAD_STATUS = {
  queued: "queued",
  running: "running",
  failing: "failing",
  done: "done",
  failed: "failed",
} as const;

export type StoredUploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];
/** What GET /api/uploads/{id} reports (spec/api.md). */
export type UploadStatus = Exclude<StoredUploadStatus, "failing">;

/** Statuses of an upload whose lease is held (leases are per upload; several run at once). */
export const LEASE_STATUSES = [UPLOAD_STATUS.running, UPLOAD_STATUS.failing] as const;
/** Statuses of uploads not finished yet; recovery looks for abandoned ones among them. */
export const UNFINISHED_STATUSES = [UPLOAD_STATUS.queued, UPLOAD_STATUS.running, UPLOAD_STATUS.failing] as const;

export function reportedStatus(status: StoredUploadStatus): UploadStatus {
  return status === UPLOAD_STATUS.failing ? UPLOAD_STATUS.failed : status;
}

/**
 * A status as an SQL literal. Literals, not parameters: the planner matches them against the
 * partial index on unpublished uploads, and they are constants of this module, never input.
 */
export function statusSql(status: StoredUploadStatus): string {
  return `'${status}'`;
}

/** Statuses as an SQL list for `IN (...)`. */
export function statusListSql(statuses: readonly StoredUploadStatus[]): string {
  return statuses.map(statusSql).join(", ");
}

/**
 * What a live row (a measurement's, a model's facts) means to upload `seq`, by the upload that wrote
 * it: "usable" — the state to compare with (a published upload's, one written by other means, or
 * `seq`'s own); "busy" — another upload that has not finished holds it (the line is rejected,
 * never written over: that upload may still publish it, or, `failing`, is removing its rows and
 * will restore the rows it replaced — a row written over meanwhile would then meet the restored
 * one on the live key, and the clean-up would fail); "none" — no row, or one an upload that
 * `failed` left behind (removed).
 */
export function ownerState(owner: { status: StoredUploadStatus | null; seq: number } | undefined, seq: number): "usable" | "busy" | "none" {
  if (!owner) return "none";
  if (owner.status === null || owner.status === UPLOAD_STATUS.done || owner.seq === seq) return "usable";
  return owner.status === UPLOAD_STATUS.failed ? "none" : "busy";
}
