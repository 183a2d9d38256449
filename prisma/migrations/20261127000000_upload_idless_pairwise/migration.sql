-- Whether an upload stored pairwise lines without an `id` (each an event of its own: sent again,
-- it adds them again). The check for "the same file as an earlier upload, nothing changed"
-- (lib/db/queries/uploads.ts findSameFile) read it off the earlier upload's measurements, a scan of
-- every one of them for a re-sent file of a million lines; now it reads this flag. NULL for
-- uploads published before it was kept: those are still read off their measurements.
ALTER TABLE "uploads" ADD COLUMN "idless_pairwise" BOOLEAN;
