-- Uploads are spooled into the database, not onto one host's disk: any worker on any host can
-- process them (lib/ingest/spool.ts). The body is kept as received (gzip stays compressed), in
-- numbered chunks written while the request streams in.
CREATE TABLE "upload_chunks" (
  "upload_id" TEXT NOT NULL REFERENCES "uploads" ("id") ON DELETE CASCADE,
  "n"         INTEGER NOT NULL,
  "bytes"     BYTEA NOT NULL,
  PRIMARY KEY ("upload_id", "n")
);

-- Size of the content once inflated (the in-request/background choice is made on it).
ALTER TABLE "uploads" ADD COLUMN "inflated_bytes" BIGINT;
-- Leases are per upload: each take of one counts an attempt, and every write of the process holding
-- it names its attempt, so a process that lost its upload to recovery (and a restart) changes nothing.
ALTER TABLE "uploads" ADD COLUMN "attempt" INTEGER NOT NULL DEFAULT 0;

-- A finished upload's spooled body goes in the same statement that finishes it, whichever code
-- (or recovering process) finishes it: no path can leave spool rows behind. (`failing` keeps it:
-- recovery may restart an interrupted upload from its spooled body.)
CREATE FUNCTION "uploads_drop_spool"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "upload_chunks" WHERE "upload_id" = NEW."id";
  RETURN NULL;
END;
$$;
CREATE TRIGGER "uploads_drop_spool" AFTER UPDATE OF "status" ON "uploads"
  FOR EACH ROW WHEN (NEW."status" IN ('done', 'failed')) EXECUTE FUNCTION "uploads_drop_spool"();

-- Token scopes (lib/auth/scopes.ts): `upload` writes data and saved leaderboards, `admin` also
-- manages tokens and refreshes. Existing tokens keep what they could do.
ALTER TABLE "upload_tokens" ADD COLUMN "scopes" TEXT[] NOT NULL DEFAULT ARRAY['upload']::TEXT[];
CREATE INDEX "upload_tokens_prefix_idx" ON "upload_tokens" ("prefix");
