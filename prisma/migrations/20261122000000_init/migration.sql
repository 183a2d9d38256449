-- Initial schema of the leaderboard portal (see prisma/schema.prisma for the field docs).
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE "samples" (
  "pk"              SERIAL PRIMARY KEY,
  "id"              TEXT NOT NULL,
  "benchmark"       TEXT NOT NULL,
  "input"           TEXT NOT NULL,
  "reference"       TEXT,
  "task"            TEXT,
  "tags"            TEXT[] NOT NULL DEFAULT '{}',
  "metadata"        JSONB NOT NULL DEFAULT '{}',
  "image_url"       TEXT,
  "content_hash"    TEXT NOT NULL,
  "embedding"       vector(384),
  "embedding_model" TEXT,
  "upload_seq"      INTEGER,
  "created_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "samples_id_key" ON "samples" ("id");
CREATE INDEX "samples_benchmark_idx" ON "samples" ("benchmark");
CREATE INDEX "samples_task_idx" ON "samples" ("task");
CREATE INDEX "samples_tags_idx" ON "samples" USING GIN ("tags");
CREATE INDEX "samples_embedding_model_idx" ON "samples" ("embedding_model");

CREATE TABLE "models" (
  "id"         SERIAL PRIMARY KEY,
  "name"       TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX "models_name_key" ON "models" ("name");

CREATE TABLE "measurements" (
  "id"               BIGSERIAL PRIMARY KEY,
  "sample_pk"        INTEGER NOT NULL REFERENCES "samples" ("pk") ON DELETE CASCADE,
  "kind"             TEXT NOT NULL CHECK ("kind" IN ('score', 'pairwise', 'ranking', 'unit_test')),
  "key"              TEXT,
  "model_id"         INTEGER REFERENCES "models" ("id"),
  "model_b_id"       INTEGER REFERENCES "models" ("id"),
  "value"            DOUBLE PRECISION,
  "higher_is_better" BOOLEAN NOT NULL DEFAULT true,
  "winner"           TEXT CHECK ("winner" IN ('a', 'b', 'tie')),
  "tiers"            JSONB,
  "scale_min"        DOUBLE PRECISION,
  "scale_max"        DOUBLE PRECISION,
  "upload_seq"       INTEGER NOT NULL,
  "superseded_by"    INTEGER
);
-- The ranking read path: all measurements of a set of samples, one index scan.
CREATE INDEX "measurements_sample_pk_idx" ON "measurements" ("sample_pk");
CREATE INDEX "measurements_upload_seq_idx" ON "measurements" ("upload_seq");
CREATE INDEX "measurements_superseded_by_idx" ON "measurements" ("superseded_by") WHERE "superseded_by" IS NOT NULL;
-- Keys of the results format, among the live (not superseded) rows.
CREATE UNIQUE INDEX "measurements_model_key" ON "measurements" ("sample_pk", "kind", "key", "model_id")
  WHERE "superseded_by" IS NULL AND "kind" IN ('score', 'unit_test');
CREATE UNIQUE INDEX "measurements_ranking_key" ON "measurements" ("sample_pk", "key")
  WHERE "superseded_by" IS NULL AND "kind" = 'ranking';
CREATE UNIQUE INDEX "measurements_pairwise_key" ON "measurements" ("sample_pk", "key")
  WHERE "superseded_by" IS NULL AND "kind" = 'pairwise' AND "key" IS NOT NULL;

CREATE TABLE "uploads" (
  "id"           TEXT PRIMARY KEY,
  "seq"          SERIAL NOT NULL,
  "status"       TEXT NOT NULL DEFAULT 'queued',
  "progress"     DOUBLE PRECISION NOT NULL DEFAULT 0,
  "partial"      BOOLEAN NOT NULL DEFAULT false,
  "file_sha256"  TEXT,
  "file_name"    TEXT,
  "file_bytes"   BIGINT,
  "lines_total"  INTEGER NOT NULL DEFAULT 0,
  "counts"       JSONB NOT NULL DEFAULT '{}',
  "errors"       JSONB NOT NULL DEFAULT '[]',
  "error_count"  INTEGER NOT NULL DEFAULT 0,
  "message"      TEXT,
  "token_id"     INTEGER,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "started_at"   TIMESTAMPTZ(3),
  "finished_at"  TIMESTAMPTZ(3),
  "heartbeat_at" TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "uploads_seq_key" ON "uploads" ("seq");
CREATE INDEX "uploads_file_sha256_idx" ON "uploads" ("file_sha256");
-- Uploads whose rows readers must not see yet (or any more).
CREATE INDEX "uploads_unpublished_idx" ON "uploads" ("seq") WHERE "status" <> 'done';

CREATE TABLE "upload_tokens" (
  "id"           SERIAL PRIMARY KEY,
  "name"         TEXT NOT NULL,
  "token_hash"   TEXT NOT NULL,
  "prefix"       TEXT NOT NULL,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "last_used_at" TIMESTAMPTZ(3),
  "revoked_at"   TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "upload_tokens_token_hash_key" ON "upload_tokens" ("token_hash");

CREATE TABLE "saved_leaderboards" (
  "slug"                TEXT PRIMARY KEY,
  "title"               TEXT NOT NULL,
  "description"         TEXT,
  "query"               TEXT,
  "filters"             JSONB NOT NULL DEFAULT '{}',
  "method"              TEXT NOT NULL DEFAULT 'plackett-luce',
  "k"                   INTEGER,
  "threshold"           DOUBLE PRECISION,
  "baseline"            TEXT,
  "current_snapshot_id" INTEGER,
  "snapshot_version"    BIGINT,
  "refresh_queued_at"   TIMESTAMPTZ(3),
  "refresh_started_at"  TIMESTAMPTZ(3),
  "refresh_progress"    DOUBLE PRECISION,
  "created_at"          TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);

CREATE TABLE "leaderboard_snapshots" (
  "id"             SERIAL PRIMARY KEY,
  "slug"           TEXT NOT NULL REFERENCES "saved_leaderboards" ("slug") ON DELETE CASCADE,
  "computed_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "data_version"   BIGINT NOT NULL,
  "embedder_name"  TEXT,
  "method"         TEXT NOT NULL,
  "n_samples"      INTEGER NOT NULL,
  "n_measurements" INTEGER NOT NULL,
  "result"         JSONB NOT NULL,
  "duration_ms"    INTEGER NOT NULL
);
CREATE INDEX "leaderboard_snapshots_slug_computed_at_idx" ON "leaderboard_snapshots" ("slug", "computed_at");

CREATE TABLE "pool_state" (
  "id"           INTEGER PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
  "data_version" BIGINT NOT NULL DEFAULT 0,
  "updated_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
INSERT INTO "pool_state" ("id") VALUES (1);

CREATE TABLE "embedder_state" (
  "name"      TEXT PRIMARY KEY,
  "version"   INTEGER NOT NULL,
  "n_docs"    INTEGER NOT NULL,
  "params"    BYTEA NOT NULL,
  "fitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
