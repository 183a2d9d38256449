// Counts of the visible pool, shown by /api/health and the home page.
import { pool } from "@/lib/db/client";
import { memoByVersion } from "@/lib/db/version-memo";
import { visibleMeasurementsSql, visibleSamplesSql } from "@/lib/db/visibility";

export interface PoolStats {
  samples: number;
  models: number;
  measurements: number;
  benchmarks: number;
  dataVersion: number;
}

export async function getPoolStats(): Promise<PoolStats> {
  const r = await pool().query<PoolStats>(`
    SELECT (SELECT count(*) FROM samples s WHERE ${visibleSamplesSql("s")})::int AS samples,
           (SELECT count(*) FROM models m WHERE ${visibleSamplesSql("m")})::int AS models,
           (SELECT count(*) FROM measurements m WHERE ${visibleMeasurementsSql("m")})::int AS measurements,
           (SELECT count(DISTINCT benchmark) FROM samples s WHERE ${visibleSamplesSql("s")})::int AS benchmarks,
           (SELECT data_version FROM pool_state WHERE id = 1) AS "dataVersion"`);
  return r.rows[0];
}

/** getPoolStats() as pages read it: remembered per data version (the counts move only with a publish). */
export function servedPoolStats(): Promise<PoolStats> {
  return memoByVersion("pool-stats", () => getPoolStats());
}

export interface BenchmarkSummary {
  benchmark: string;
  samples: number;
  tasks: string[];
}

/** The benchmarks of the pool with their sample counts, largest first. */
export async function listBenchmarks(): Promise<BenchmarkSummary[]> {
  const r = await pool().query<BenchmarkSummary>(`
    SELECT benchmark, count(*)::int AS samples, array_remove(array_agg(DISTINCT task), NULL) AS tasks
      FROM samples s WHERE ${visibleSamplesSql("s")}
     GROUP BY benchmark ORDER BY count(*) DESC, benchmark`);
  return r.rows;
}

/** The most frequent tags, for filter suggestions. */
export async function listTopTags(limit = 60): Promise<{ tag: string; samples: number }[]> {
  const r = await pool().query<{ tag: string; samples: number }>(
    `SELECT tag, count(*)::int AS samples FROM samples s, unnest(s.tags) AS tag
      WHERE ${visibleSamplesSql("s")} GROUP BY tag ORDER BY count(*) DESC, tag LIMIT $1`,
    [limit],
  );
  return r.rows;
}
