-- A read model's incremental update reads the samples whose content changed since its last read
-- (updated_at after it, less a margin: lib/db/queries/read-model.ts changedSamples). Without an
-- index that was a scan of the whole table after every publish (at 100k samples ~40-80 ms of the
-- embedded database's one session, in the first request after the change).
CREATE INDEX "samples_updated_at_idx" ON "samples" ("updated_at");
