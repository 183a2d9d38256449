-- A fitted fallback embedder is tens of MB (its projection: vocabulary × 384 float32). Written as
-- one bytea it held the embedded database's one session for over 20 s; it is now written and read
-- in parts of 1 MB, each its own short statement (lib/db/queries/embedder-state.ts). A fit's
-- parts are written before its embedder_state row (whose params are then empty), so a fit is
-- visible only once complete; parts without a row are left by a fit that did not finish.
CREATE TABLE "embedder_state_parts" (
  "name"       TEXT NOT NULL,
  "part"       INTEGER NOT NULL CHECK ("part" >= 0),
  "bytes"      BYTEA NOT NULL,
  "written_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("name", "part")
);
-- float32 arrays do not compress: keep TOAST from trying.
ALTER TABLE "embedder_state_parts" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
