-- A snapshot remembers a digest of what its ranking was computed from (the selected samples in
-- order, their measurements, the models' facts, the health flags: lib/leaderboard/compute.ts
-- inputDigest). A refresh whose selection digests the same keeps the snapshot instead of fitting
-- again: a capability query's retrieved set that an upload did not reach is not recomputed.
-- A capability query's snapshot also keeps where its cut was (lib/leaderboard/reach.ts: the
-- selected samples, each concept's query vector and cut similarity, the uploads included): an
-- upload whose samples clear no cut and touch no selected sample leaves it current, unrefreshed.
-- NULL for snapshots stored before: their next refresh fits as before.
ALTER TABLE "leaderboard_snapshots" ADD COLUMN "input_digest" TEXT;
ALTER TABLE "leaderboard_snapshots" ADD COLUMN "reach" JSONB;
