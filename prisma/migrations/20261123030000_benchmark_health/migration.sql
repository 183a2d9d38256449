-- Benchmark health (issue 14, lib/health): one run per data version the worker checked. A run is
-- written in short statements while `status` is 'running' and becomes what readers see when it
-- turns 'done' (the newest done run); older runs are deleted once a newer one is done.
CREATE TABLE "health_runs" (
  "id"           SERIAL PRIMARY KEY,
  "data_version" BIGINT NOT NULL,
  "status"       TEXT NOT NULL DEFAULT 'running' CHECK ("status" IN ('running', 'done')),
  "started_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "computed_at"  TIMESTAMPTZ(3),
  "duration_ms"  INTEGER
);
CREATE INDEX "health_runs_status_idx" ON "health_runs" ("status", "id");

-- Per benchmark of a run: the statistics and flags of GET /api/benchmarks. `severity` is the worst
-- flag's (null: none), what leaderboards and exclude_flagged read without parsing `flags`.
CREATE TABLE "benchmark_health" (
  "run_id"         INTEGER NOT NULL REFERENCES "health_runs" ("id") ON DELETE CASCADE,
  "benchmark"      TEXT NOT NULL,
  "n_samples"      INTEGER NOT NULL,
  "n_models"       INTEGER NOT NULL,
  "n_measurements" INTEGER NOT NULL,
  "agreement"      JSONB,
  "flags"          JSONB NOT NULL DEFAULT '[]',
  "coverage"       JSONB NOT NULL DEFAULT '[]',
  "stats"          JSONB NOT NULL DEFAULT '{}',
  "severity"       TEXT CHECK ("severity" IN ('info', 'warning', 'critical')),
  PRIMARY KEY ("run_id", "benchmark")
);

-- Per flagged sample of a run, one row per flag (a sample may be near two others).
CREATE TABLE "sample_flags" (
  "id"         BIGSERIAL PRIMARY KEY,
  "run_id"     INTEGER NOT NULL REFERENCES "health_runs" ("id") ON DELETE CASCADE,
  "sample_pk"  INTEGER NOT NULL REFERENCES "samples" ("pk") ON DELETE CASCADE,
  "code"       TEXT NOT NULL,
  "severity"   TEXT NOT NULL CHECK ("severity" IN ('info', 'warning', 'critical')),
  "message"    TEXT NOT NULL,
  "suspicion"  DOUBLE PRECISION NOT NULL,
  "excludable" BOOLEAN NOT NULL,
  "evidence"   JSONB NOT NULL DEFAULT '{}'
);
CREATE INDEX "sample_flags_run_sample_idx" ON "sample_flags" ("run_id", "sample_pk");
