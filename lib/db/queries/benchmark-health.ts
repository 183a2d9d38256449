// Named queries of the benchmark health check (prisma/migrations/20261123030000_benchmark_health):
// writing a run in short statements, and reading the newest finished one.
import { execute, pool, type Queryable } from "@/lib/db/client";
import { forgetVersionMemo } from "@/lib/db/version-memo";

export type Severity = "info" | "warning" | "critical";

export interface HealthRunRow {
  id: number;
  dataVersion: number;
  computedAt: string;
}

export interface BenchmarkHealthRow {
  benchmark: string;
  nSamples: number;
  nModels: number;
  nMeasurements: number;
  agreement: { tau: number; ci: [number, number]; nShared: number } | null;
  flags: { code: string; severity: Severity; message: string }[];
  coverage: { model: string; samples: number; share: number }[];
  stats: object;
  severity: Severity | null;
  nFlaggedSamples: number;
}

export interface SampleFlagRow {
  samplePk: number;
  code: string;
  severity: Severity;
  message: string;
  suspicion: number;
  excludable: boolean;
  evidence: Record<string, unknown>;
}

export async function startHealthRun(dataVersion: number, db: Queryable = pool()): Promise<number> {
  const r = await db.query<{ id: number }>(`INSERT INTO health_runs (data_version) VALUES ($1) RETURNING id`, [dataVersion]);
  return r.rows[0].id;
}

export async function insertBenchmarkHealth(runId: number, rows: Omit<BenchmarkHealthRow, "nFlaggedSamples">[], db: Queryable = pool()): Promise<void> {
  if (!rows.length) return;
  await execute(
    db,
    `INSERT INTO benchmark_health (run_id, benchmark, n_samples, n_models, n_measurements, agreement, flags, coverage, stats, severity)
     SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[], $5::int[], $6::jsonb[], $7::jsonb[], $8::jsonb[], $9::jsonb[], $10::text[])`,
    [
      runId,
      rows.map((r) => r.benchmark),
      rows.map((r) => r.nSamples),
      rows.map((r) => r.nModels),
      rows.map((r) => r.nMeasurements),
      rows.map((r) => (r.agreement ? JSON.stringify(r.agreement) : null)),
      rows.map((r) => JSON.stringify(r.flags)),
      rows.map((r) => JSON.stringify(r.coverage)),
      rows.map((r) => JSON.stringify(r.stats)),
      rows.map((r) => r.severity),
    ],
  );
}

export async function insertSampleFlags(runId: number, rows: SampleFlagRow[], db: Queryable = pool()): Promise<void> {
  if (!rows.length) return;
  await execute(
    db,
    `INSERT INTO sample_flags (run_id, sample_pk, code, severity, message, suspicion, excludable, evidence)
     SELECT $1, * FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::bool[], $8::jsonb[])`,
    [
      runId,
      rows.map((r) => r.samplePk),
      rows.map((r) => r.code),
      rows.map((r) => r.severity),
      rows.map((r) => r.message),
      rows.map((r) => r.suspicion),
      rows.map((r) => r.excludable),
      rows.map((r) => JSON.stringify(r.evidence)),
    ],
  );
}

/** Marks the run done (readers switch to it) and deletes every older run. */
export async function finishHealthRun(runId: number, durationMs: number, db: Queryable = pool()): Promise<void> {
  await execute(db, `UPDATE health_runs SET status = 'done', computed_at = now(), duration_ms = $2 WHERE id = $1`, [runId, durationMs]);
  await execute(db, `DELETE FROM health_runs WHERE id < $1`, [runId]);
  forgetVersionMemo();
}

/** Removes a run that failed half-way. */
export async function dropHealthRun(runId: number, db: Queryable = pool()): Promise<void> {
  await execute(db, `DELETE FROM health_runs WHERE id = $1 AND status = 'running'`, [runId]);
}

export async function latestHealthRun(db: Queryable = pool()): Promise<HealthRunRow | null> {
  const r = await db.query<{ id: number; data_version: string; computed_at: Date }>(
    `SELECT id, data_version, computed_at FROM health_runs WHERE status = 'done' ORDER BY id DESC LIMIT 1`,
  );
  const row = r.rows[0];
  return row ? { id: row.id, dataVersion: Number(row.data_version), computedAt: row.computed_at.toISOString() } : null;
}

const BENCHMARK_COLUMNS = `b.benchmark, b.n_samples AS "nSamples", b.n_models AS "nModels", b.n_measurements AS "nMeasurements",
  b.agreement, b.flags, b.coverage, b.stats, b.severity,
  (SELECT count(DISTINCT f.sample_pk)::int FROM sample_flags f JOIN samples s ON s.pk = f.sample_pk
    WHERE f.run_id = b.run_id AND s.benchmark = b.benchmark) AS "nFlaggedSamples"`;

export async function listBenchmarkHealth(runId: number, db: Queryable = pool()): Promise<BenchmarkHealthRow[]> {
  const r = await db.query<BenchmarkHealthRow>(`SELECT ${BENCHMARK_COLUMNS} FROM benchmark_health b WHERE b.run_id = $1 ORDER BY b.benchmark`, [runId]);
  return r.rows;
}

export async function findBenchmarkHealth(runId: number, benchmark: string, db: Queryable = pool()): Promise<BenchmarkHealthRow | null> {
  const r = await db.query<BenchmarkHealthRow>(`SELECT ${BENCHMARK_COLUMNS} FROM benchmark_health b WHERE b.run_id = $1 AND b.benchmark = $2`, [runId, benchmark]);
  return r.rows[0] ?? null;
}

export interface FlaggedSampleRow extends SampleFlagRow {
  id: string;
}

/** A benchmark's flags of samples, most suspicious first (worst severity, then suspicion); at most `limit` samples. */
export async function listFlaggedSamples(runId: number, benchmark: string, limit: number, db: Queryable = pool()): Promise<FlaggedSampleRow[]> {
  const r = await db.query<FlaggedSampleRow>(
    `WITH f AS (
       SELECT f.*, s.id AS sample_id,
              max(CASE f.severity WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END) OVER (PARTITION BY f.sample_pk) AS worst,
              max(f.suspicion) OVER (PARTITION BY f.sample_pk, f.severity) AS top
         FROM sample_flags f JOIN samples s ON s.pk = f.sample_pk
        WHERE f.run_id = $1 AND s.benchmark = $2),
     ranked AS (SELECT f.*, dense_rank() OVER (ORDER BY worst DESC, top DESC, sample_pk) AS place FROM f
                 WHERE CASE severity WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END = worst)
     SELECT f.sample_pk AS "samplePk", f.sample_id AS id, f.code, f.severity, f.message, f.suspicion, f.excludable, f.evidence
       FROM f JOIN (SELECT DISTINCT sample_pk, place FROM ranked) p USING (sample_pk)
      WHERE p.place <= $3
      ORDER BY p.place, CASE f.severity WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END DESC, f.suspicion DESC`,
    [runId, benchmark, limit],
  );
  return r.rows;
}

/** Every flag of a run (what the next run may carry forward, lib/health/carry.ts). */
export async function listRunFlags(runId: number, db: Queryable = pool()): Promise<SampleFlagRow[]> {
  const r = await db.query<SampleFlagRow>(
    `SELECT sample_pk AS "samplePk", code, severity, message, suspicion, excludable, evidence FROM sample_flags WHERE run_id = $1 ORDER BY id`,
    [runId],
  );
  return r.rows;
}

/** Flags of one sample in a run, worst first. */
export async function flagsOfSample(runId: number, samplePk: number, db: Queryable = pool()): Promise<SampleFlagRow[]> {
  const r = await db.query<SampleFlagRow>(
    `SELECT sample_pk AS "samplePk", code, severity, message, suspicion, excludable, evidence FROM sample_flags
      WHERE run_id = $1 AND sample_pk = $2
      ORDER BY CASE severity WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END DESC, suspicion DESC`,
    [runId, samplePk],
  );
  return r.rows;
}

export interface SelectionFlagRow {
  samplePk: number;
  sampleId: string;
  benchmark: string;
  /** the benchmark's worst flag when it is flagged as a whole (BENCHMARK_EXCLUDED), else null */
  benchmarkSeverity: Severity | null;
  /** a warning or critical flag of the sample itself that exclude_flagged leaves out */
  sampleFlagged: boolean;
}

/**
 * A benchmark is left out whole for a warning or critical flag about the benchmark itself; its
 * wrong answer keys are flags of samples, which are left out one by one instead.
 */
const BENCHMARK_EXCLUDED = `EXISTS (SELECT 1 FROM jsonb_array_elements(b.flags) bf
  WHERE bf->>'severity' IN ('warning', 'critical') AND bf->>'code' <> 'wrong_answer_keys')`;

/**
 * Every sample in a benchmark flagged as a whole or with an excludable warning/critical flag of its
 * own, in sample order: read once per run and data version by the request path, which picks a
 * selection's rows in memory (lib/health/selection.ts).
 */
export async function flaggedInRun(runId: number, db: Queryable = pool()): Promise<SelectionFlagRow[]> {
  const r = await db.query<SelectionFlagRow>(
    `SELECT s.pk AS "samplePk", s.id AS "sampleId", s.benchmark,
            CASE WHEN ${BENCHMARK_EXCLUDED} THEN b.severity END AS "benchmarkSeverity",
            EXISTS (SELECT 1 FROM sample_flags f WHERE f.run_id = $1 AND f.sample_pk = s.pk AND f.excludable AND f.severity <> 'info') AS "sampleFlagged"
       FROM samples s LEFT JOIN benchmark_health b ON b.run_id = $1 AND b.benchmark = s.benchmark
      WHERE ${BENCHMARK_EXCLUDED}
         OR EXISTS (SELECT 1 FROM sample_flags f WHERE f.run_id = $1 AND f.sample_pk = s.pk AND f.excludable AND f.severity <> 'info')
      ORDER BY s.pk`,
    [runId],
  );
  return r.rows;
}
