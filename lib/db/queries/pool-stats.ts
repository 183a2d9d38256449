// Counts of the pool shown by /api/health and the home page.
import { pool } from "@/lib/db/client";

export interface PoolStats {
  samples: number;
  models: number;
  measurements: number;
  benchmarks: number;
  dataVersion: number;
}

export async function getPoolStats(): Promise<PoolStats> {
  const r = await pool().query(`
    SELECT (SELECT count(*) FROM samples)::int AS samples,
           (SELECT count(*) FROM models)::int AS models,
           (SELECT count(*) FROM measurements WHERE superseded_by IS NULL)::int AS measurements,
           (SELECT count(DISTINCT benchmark) FROM samples)::int AS benchmarks,
           (SELECT data_version FROM pool_state WHERE id = 1) AS "dataVersion"`);
  return r.rows[0] as PoolStats;
}
