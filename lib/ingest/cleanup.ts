// Cleaning up after processes that died while receiving or writing an upload (the rows themselves
// are removed by lib/db/queries/upload-rows.ts, in short batches; spooled bodies by a trigger when
// the upload finishes).
import { deleteOrphanedChunks } from "@/lib/db/queries/upload-chunks";
import { claimAbandoned, findAbandonedUploads, markFailed, requeueInterrupted, touchQueued, type AbandonedUpload } from "@/lib/db/queries/upload-lease";
import { deleteUploadRows, purgeAllSuperseded } from "@/lib/db/queries/upload-rows";
import { UPLOAD_STATUS } from "@/lib/db/upload-status";
import { requeueUpload } from "./notify";

export const INTERRUPTED_MESSAGE =
  "interrupted: the process handling this upload stopped before it finished; nothing from it was stored. Upload the file again.";
export const INTERRUPTED_IMPORT_MESSAGE =
  "interrupted: the importing process stopped before it finished; nothing from it was stored. Run the import again.";

/** Takes of an upload's lease after which an interrupted upload fails instead of starting over (it may be what kills the process). */
export const MAX_ATTEMPTS = 3;

export interface RecoveryResult {
  /** Uploads found abandoned and cleaned up (now `failed`). */
  failed: string[];
  /** Received uploads sent to the worker again: never started, or interrupted and started over. */
  requeued: string[];
  /** Superseded rows of finished uploads left by an interrupted cleanup. */
  purged: number;
}

/** A complete body in the database that a worker can (re)start from; imports read a local file instead. */
const restartable = (u: AbandonedUpload) => u.file_bytes !== null && u.inflated_bytes !== null;

/**
 * Cleans up after processes that died while handling an upload. Call at startup (the start script,
 * the worker) and periodically (the worker's catch-up).
 *
 * An upload is abandoned when it is queued/running/failing and its heartbeat is older than
 * `staleAfterSeconds` (processing beats every second and before every batch). Queued with a
 * complete spooled body → sent to the worker queue again (it never started). Running or failing →
 * its rows are deleted; then, when its spooled body is complete and it has been tried fewer than
 * MAX_ATTEMPTS times, it starts over (queued, counts zero) for any worker to take, else it ends
 * `failed` with an "interrupted" message and zero counts. The process that owns the embedded
 * database can pass `staleAfterSeconds: 0` at startup: nobody else can be writing to it yet.
 */
export async function recoverInterruptedUploads(opts: { staleAfterSeconds?: number } = {}): Promise<RecoveryResult> {
  const stale = opts.staleAfterSeconds ?? 30;
  const result: RecoveryResult = { failed: [], requeued: [], purged: 0 };
  for (const u of await findAbandonedUploads(stale)) {
    if (u.status === UPLOAD_STATUS.queued && restartable(u)) {
      await touchQueued(u.id);
      await requeueUpload(u.id);
      result.requeued.push(u.id);
      continue;
    }
    // Claim it (another recovering process may race us), then clean.
    const seq = await claimAbandoned(u, stale);
    if (seq === null) continue;
    await deleteUploadRows(seq);
    if (!u.judged && restartable(u) && u.attempt < MAX_ATTEMPTS && (await requeueInterrupted(u.id))) {
      await requeueUpload(u.id);
      result.requeued.push(u.id);
      continue;
    }
    const message = u.judged ? undefined : u.inflated_bytes === null && u.file_bytes !== null ? INTERRUPTED_IMPORT_MESSAGE : INTERRUPTED_MESSAGE;
    await markFailed(u.id, message);
    result.failed.push(u.id);
  }
  await deleteOrphanedChunks();
  result.purged = await purgeAllSuperseded();
  return result;
}
