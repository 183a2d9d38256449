// How much work waits in the queue (pg-boss's pgboss.job table, same database): jobs per queue and
// state, and how long the oldest job that could run has been waiting. For /api/health and /metrics.
import { pool } from "@/lib/db/client";

export interface QueueDepthRow {
  queue: string;
  /** Sent, never started. */
  created: number;
  /** Failed at least once, waiting for its next attempt. */
  retry: number;
  /** Taken by a worker. */
  active: number;
  /** Seconds since the oldest created or retry job became due (its start_after passed); 0 when none is due. */
  lagSeconds: number;
}

/** Undefined table / schema: pg-boss has not created its schema yet, so nothing was ever queued. */
const NO_QUEUE_YET = new Set(["42P01", "3F000"]);

/** Queues that hold at least one created, retry or active job (the others have none). */
export async function queueDepths(): Promise<QueueDepthRow[]> {
  try {
    // state < 'completed' is pg-boss's own test for unfinished jobs (its enum is ordered by lifecycle).
    const r = await pool().query<QueueDepthRow>(
      `SELECT name AS queue,
              count(*) FILTER (WHERE state = 'created')::int AS created,
              count(*) FILTER (WHERE state = 'retry')::int AS retry,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              COALESCE(EXTRACT(EPOCH FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0)::float8 AS "lagSeconds"
         FROM pgboss.job
        WHERE state < 'completed'
        GROUP BY name
        ORDER BY name`,
    );
    return r.rows;
  } catch (err) {
    if (NO_QUEUE_YET.has((err as { code?: string }).code ?? "")) return [];
    throw err;
  }
}
