-- Evidence and provenance (results-format v1.1): who judged a measurement, the model outputs that
-- were measured, and facts about models.

-- `judge` is part of the key of judged measurements: the same (sample, model, metric) by two judges
-- are two measurements. Judges are names (never empty), so '' stands for "no judge" in the key.
ALTER TABLE "measurements" ADD COLUMN "judge" TEXT;
DROP INDEX "measurements_model_key";
CREATE UNIQUE INDEX "measurements_model_key" ON "measurements" ("sample_pk", "kind", "key", "model_id", COALESCE("judge", ''))
  WHERE "superseded_by" IS NULL AND "kind" IN ('score', 'unit_test');
DROP INDEX "measurements_pairwise_key";
CREATE UNIQUE INDEX "measurements_pairwise_key" ON "measurements" ("sample_pk", "key", COALESCE("judge", ''))
  WHERE "superseded_by" IS NULL AND "kind" = 'pairwise' AND "key" IS NOT NULL;

-- Outputs live beside the measurements, never in them: the ranking read path
-- (measurements_sample_pk_idx) never touches them. Each is the zlib deflate of the UTF-8 text,
-- compressed by the importer (lib/db/queries/measurement-outputs.ts): it works the same on every
-- Postgres build (lz4 TOAST compression is a build option) and compresses short outputs too, which
-- TOAST leaves alone below ~2 KB. STORAGE EXTERNAL: TOAST does not try to compress them again.
-- The rows follow their measurement's visibility and go with it (ON DELETE CASCADE).
CREATE TABLE "measurement_outputs" (
  "measurement_id" BIGINT PRIMARY KEY REFERENCES "measurements" ("id") ON DELETE CASCADE,
  "output"         BYTEA,
  "output_b"       BYTEA
);
ALTER TABLE "measurement_outputs" ALTER COLUMN "output" SET STORAGE EXTERNAL;
ALTER TABLE "measurement_outputs" ALTER COLUMN "output_b" SET STORAGE EXTERNAL;

-- Facts of a `model` line. Versioned like measurements (lib/db/visibility.ts): a new line inserts a
-- row with its upload's seq and marks the live one superseded; readers see the newest published.
-- No cascade from models: a failed upload keeps a model another upload has given facts to.
CREATE TABLE "model_facts" (
  "id"            SERIAL PRIMARY KEY,
  "model_id"      INTEGER NOT NULL REFERENCES "models" ("id"),
  "display_name"  TEXT,
  "organization"  TEXT,
  "parameters_b"  DOUBLE PRECISION,
  "open_weights"  BOOLEAN,
  "license"       TEXT,
  "released"      TEXT,
  "family"        TEXT,
  "url"           TEXT,
  "upload_seq"    INTEGER NOT NULL,
  "superseded_by" INTEGER
);
CREATE UNIQUE INDEX "model_facts_live_key" ON "model_facts" ("model_id") WHERE "superseded_by" IS NULL;
CREATE INDEX "model_facts_model_id_idx" ON "model_facts" ("model_id");
CREATE INDEX "model_facts_upload_seq_idx" ON "model_facts" ("upload_seq");

-- The format of an upload's file when given (`format=`, `--format`); null: detected from its content.
ALTER TABLE "uploads" ADD COLUMN "format" TEXT;
-- A dry run is processed like any upload, then its rows are removed instead of published: its report
-- says what would have been stored. It has no file hash, so no later upload counts as its duplicate.
ALTER TABLE "uploads" ADD COLUMN "dry_run" BOOLEAN NOT NULL DEFAULT false;
