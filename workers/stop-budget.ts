// How long a stopping worker may take, step by step. The sum stays below what its supervisors wait
// before SIGKILL (npm start: scripts/lib/processes.ts STOP_GRACE_MS; docker-compose.yml:
// stop_grace_period), so a stop is never cut short: a killed stop would leave running jobs
// "active" until their expiry (up to 30 min) instead of failed and retried at once.
export const WORKER_STOP_MS = {
  /**
   * Uploads being imported are handed back at their next heartbeat (≤ 1 s each, in parallel): their
   * written rows deleted and a job sent, which takes seconds on a loaded machine.
   */
  handBack: 5_000,
  /** Other running jobs may finish; pg-boss then fails those left, for another worker to retry. */
  queue: 5_000,
} as const;
