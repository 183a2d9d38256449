// Cleaning up after processes that died while writing an upload (the rows themselves are removed
// by lib/db/queries/upload-rows.ts, in short batches).
import { existsSync, rmSync } from "node:fs";
import { claimAbandoned, findAbandonedUploads, markFailed, touchQueued } from "@/lib/db/queries/upload-lease";
import { deleteUploadRows, purgeAllSuperseded } from "@/lib/db/queries/upload-rows";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { requeueUpload } from "./notify";

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
  for (const u of await findAbandonedUploads(stale)) {
    if (u.status === UPLOAD_STATUS.queued && u.spool_path && u.file_bytes !== null && existsSync(u.spool_path)) {
      await touchQueued(u.id);
      await requeueUpload(u.id);
      result.requeued.push(u.id);
      continue;
    }
    // Claim it (another recovering process may race us), then clean.
    const seq = await claimAbandoned(u, stale);
    if (seq === null) continue;
    await deleteUploadRows(seq);
    await markFailed(u.id, u.status === UPLOAD_STATUS.failing ? undefined : INTERRUPTED_MESSAGE);
    removeSpool(u.spool_path);
    result.failed.push(u.id);
  }
  result.purged = await purgeAllSuperseded();
  return result;
}

export function removeSpool(path: string | null): void {
  if (path) rmSync(path, { force: true });
}
