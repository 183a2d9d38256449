// One job, logged once: which queue, which job and attempt, how long, and the error when it failed
// (the error is rethrown, so pg-boss records the failure and retries the job).
import { logger } from "@/lib/log";

export interface JobInfo {
  id: string;
  data: unknown;
  /** pg-boss's count of earlier failed attempts (with `includeMetadata`). */
  retryCount?: number;
}

export async function runJob(queue: string, job: JobInfo, fn: (data: unknown) => Promise<void>): Promise<void> {
  const t0 = performance.now();
  const line = () => ({ job: queue, job_id: job.id, attempt: (job.retryCount ?? 0) + 1, duration_ms: Math.round(performance.now() - t0) });
  try {
    await fn(job.data ?? {});
  } catch (err) {
    logger("worker").error({ ...line(), err }, "job failed");
    throw err;
  }
  logger("worker").info(line(), "job done");
}
