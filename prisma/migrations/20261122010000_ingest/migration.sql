-- Ingestion (lib/ingest): what an upload needs to be undone or resumed.
-- Models created by an upload carry its seq, so a failed upload removes the models only it named.
ALTER TABLE "models" ADD COLUMN "upload_seq" INTEGER;
-- Removing a failed upload's new samples without a scan of the pool.
CREATE INDEX "samples_upload_seq_idx" ON "samples" ("upload_seq") WHERE "upload_seq" IS NOT NULL;
-- The spooled body (DATA_DIR/uploads/<id>.jsonl[.gz]) a background job reads; NULL for `npm run import`.
ALTER TABLE "uploads" ADD COLUMN "spool_path" TEXT;
-- The earlier upload of the same file (same sha256 of the decompressed content), when this one changed nothing.
ALTER TABLE "uploads" ADD COLUMN "duplicate_of" TEXT;
-- Lines that were accepted but carried something ignored (unknown fields), first 100 in full.
ALTER TABLE "uploads" ADD COLUMN "warnings" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "uploads" ADD COLUMN "warning_count" INTEGER NOT NULL DEFAULT 0;
