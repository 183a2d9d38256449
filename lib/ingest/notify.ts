// After publish: tell the worker what changed. The upload is already stored, so a queue that is
// down must not fail it; a failure is logged and the worker's own periodic checks catch up.
import { logger } from "@/lib/log";
import { enqueue, QUEUES, type QueueName } from "@/lib/queue";

const ENQUEUE_TIMEOUT_MS = 15_000;

async function send(queue: QueueName, data: object, singletonKey: string): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      enqueue(queue, data, { singletonKey }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${ENQUEUE_TIMEOUT_MS / 1000} s`)), ENQUEUE_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch (err) {
    logger("ingest").error({ queue, singleton_key: singletonKey, err }, "could not enqueue");
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * New or changed samples → one embed job. Changed data → a refresh of each saved leaderboard the
 * upload can change (marked in the publish transaction: markTouchedRefreshQueued); one waits per
 * leaderboard at most (the refresh queue's policy). Changed data → one benchmark health check.
 */
export async function notifyPublished(change: { samplesChanged: boolean; slugs: string[] }): Promise<void> {
  if (change.samplesChanged) await send(QUEUES.embedSamples, {}, "embed");
  if (change.samplesChanged) await send(QUEUES.fetchImages, {}, "fetch-images");
  for (const slug of change.slugs) await send(QUEUES.refreshLeaderboard, { slug }, slug);
  // One pending health check at most however many uploads publish meanwhile (lib/health/job.ts).
  await send(QUEUES.checkHealth, {}, "health");
}

/** A received upload for the worker (QUEUES.processUpload handler calls processUpload(uploadId)). */
export async function requeueUpload(uploadId: string): Promise<boolean> {
  return send(QUEUES.processUpload, { uploadId }, uploadId);
}
