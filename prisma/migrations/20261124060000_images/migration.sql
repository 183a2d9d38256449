-- Images of vision-language samples (results-format §"Images"), stored in the one database that web
-- servers and workers share: no second storage service to run. Content-addressed: the key is the
-- SHA-256 of the bytes served, so a URL names one immutable content and may be cached forever, and
-- the same picture in two uploads (or two samples) is stored once.
CREATE TABLE "images" (
  "sha256"       TEXT PRIMARY KEY CHECK ("sha256" ~ '^[0-9a-f]{64}$'),
  "content_type" TEXT NOT NULL CHECK ("content_type" IN ('image/png', 'image/jpeg', 'image/webp', 'image/gif')),
  "width"        INTEGER NOT NULL CHECK ("width" > 0),
  "height"       INTEGER NOT NULL CHECK ("height" > 0),
  -- What is served: the uploaded bytes, or re-encoded without EXIF/XMP/IPTC/comments when they had any.
  "data"         BYTEA NOT NULL,
  -- A WebP thumbnail made at import (at most 256 px on its longer side).
  "thumb"        BYTEA NOT NULL,
  -- The upload that stored it first; a failed upload deletes the images only it referenced.
  "upload_seq"   INTEGER,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
-- Image bytes do not compress (PNG, JPEG, WebP and GIF are compressed already): keep TOAST from trying.
ALTER TABLE "images" ALTER COLUMN "data" SET STORAGE EXTERNAL;
ALTER TABLE "images" ALTER COLUMN "thumb" SET STORAGE EXTERNAL;
CREATE INDEX "images_upload_seq_idx" ON "images" ("upload_seq");

-- A sample's stored image: from its bundle (`image`) at import, or fetched once from `image_url`
-- by the worker. image_error says why an image_url could not be stored (shown on the sample).
ALTER TABLE "samples" ADD COLUMN "image_sha256" TEXT REFERENCES "images" ("sha256");
ALTER TABLE "samples" ADD COLUMN "image_error" TEXT;
CREATE INDEX "samples_image_sha256_idx" ON "samples" ("image_sha256") WHERE "image_sha256" IS NOT NULL;
-- The worker's fetch queue: samples with a URL and neither an image nor an error yet.
CREATE INDEX "samples_image_fetch_idx" ON "samples" ("pk") WHERE "image_url" IS NOT NULL AND "image_sha256" IS NULL AND "image_error" IS NULL;

-- Image vectors follow the stored image now (the image space covers samples that have one).
CREATE OR REPLACE FUNCTION "samples_drop_stale_embeddings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "embeddings" e USING "embedding_spaces" s
   WHERE e."sample_pk" = NEW."pk" AND e."space" = s."space"
     AND ((s."modality" = 'text' AND OLD."input" IS DISTINCT FROM NEW."input")
       OR (s."modality" = 'image' AND OLD."image_sha256" IS DISTINCT FROM NEW."image_sha256"));
  RETURN NULL;
END $$;
DROP TRIGGER "samples_drop_stale_embeddings" ON "samples";
CREATE TRIGGER "samples_drop_stale_embeddings" AFTER UPDATE OF "input", "image_sha256" ON "samples"
  FOR EACH ROW WHEN (OLD."input" IS DISTINCT FROM NEW."input" OR OLD."image_sha256" IS DISTINCT FROM NEW."image_sha256")
  EXECUTE FUNCTION "samples_drop_stale_embeddings"();
