-- Embeddings as spaces. A space is a modality and a dimension; every vector is keyed by
-- (space, model, sample), so an embedder switch or refit writes its vectors beside the active
-- model's and the space flips to it when they are complete (lib/retrieval/embed-pool.ts).
--
-- One table for every space, the vector column untyped (`vector`, any dimension), as pgvector's
-- README answers "Can I store vectors with different dimensions in the same column?": an index can
-- only cover rows of one dimension, so each HNSW index is a partial expression index,
--   CREATE INDEX ... USING hnsw ((embedding::vector(384)) vector_cosine_ops)
--     WHERE space = 'text' AND model = '<model>'
-- created at run time for the spaces and models that are large (lib/retrieval/hnsw.ts), and
-- searched with the same cast and predicate (lib/db/queries/embeddings-search.ts). One partial
-- index per (space, model) rather than per space: a model's index is built before the flip, the
-- superseded model's is dropped with its rows, and no graph ever holds a second model's vectors
-- that every filtered walk would have to step over. A table per space would need DDL (a
-- migration) for every new space and per-space SQL; here a new space is one row below.

CREATE TABLE "embedding_spaces" (
  "space"          TEXT PRIMARY KEY,
  "modality"       TEXT NOT NULL CHECK ("modality" IN ('text', 'image')),
  -- pgvector indexes `vector` up to 2,000 dimensions.
  "dim"            SMALLINT NOT NULL CHECK ("dim" BETWEEN 1 AND 2000),
  -- The model searches use; NULL until the space's first run.
  "active_model"   TEXT,
  -- A model whose vectors are being written beside the active model's; NULL when none.
  "building_model" TEXT,
  "activated_at"   TIMESTAMPTZ(3),
  "build_started_at" TIMESTAMPTZ(3),
  CHECK ("building_model" <> "active_model"),
  UNIQUE ("space", "dim")
);
-- text: all-MiniLM-L6-v2, or the offline LSA fallback (also 384-d). image: SigLIP base (no
-- embedder yet: the space exists so that everything stays generic over spaces).
INSERT INTO "embedding_spaces" ("space", "modality", "dim") VALUES ('text', 'text', 384), ('image', 'image', 768);

CREATE TABLE "embeddings" (
  "space"     TEXT NOT NULL,
  "model"     TEXT NOT NULL,
  "sample_pk" INTEGER NOT NULL REFERENCES "samples" ("pk") ON DELETE CASCADE,
  -- The space's dimension, so that the check below holds every vector to it.
  "dim"       SMALLINT NOT NULL,
  "embedding" vector NOT NULL,
  -- (space, model) first: a model's rows are counted, searched and deleted together, and the
  -- "which samples lack a vector of this model" anti-join probes (space, model, sample_pk).
  PRIMARY KEY ("space", "model", "sample_pk"),
  FOREIGN KEY ("space", "dim") REFERENCES "embedding_spaces" ("space", "dim"),
  CHECK (vector_dims("embedding") = "dim")
);
-- Deleting a sample cascades here by sample_pk.
CREATE INDEX "embeddings_sample_pk_idx" ON "embeddings" ("sample_pk");
-- Keep every vector inside its row, uncompressed. pgvector's type defaults to EXTERNAL storage,
-- which moves any row over ~2 kB out of line: every 768-d vector (3 kB) would go to the TOAST
-- table and each exact scan fetch it back row by row (the 20261122020000_embedding_inline
-- migration measured 205 ms instead of 24 ms per query on MMLU-Pro). PLAIN, as pgvector's README
-- suggests, rather than MAIN: this narrow table has no long column to move out first, and MAIN
-- would try pglz on every row over 2 kB (float bits rarely compress) and make each scan
-- decompress the ones that did. A row stays under a page up to pgvector's 2,000-d index limit.
ALTER TABLE "embeddings" ALTER COLUMN "embedding" SET STORAGE PLAIN;

-- The fitted offline fallback is stored per fit, by its model name (`fallback-lsa-v1:<fit id>`,
-- the fit id being the first 8 hex digits of SHA-256 over the stored bytes), so the active fit
-- still embeds queries while a refit's vectors are written beside it.
UPDATE "embedder_state" SET "name" = 'fallback-lsa-v1:' || left(encode(sha256("params"), 'hex'), 8) WHERE "name" = 'fallback-lsa';
ALTER TABLE "embedder_state" DROP COLUMN "version";

-- Existing vectors move as they are, under the model that made them.
INSERT INTO "embeddings" ("space", "model", "sample_pk", "dim", "embedding")
SELECT 'text', "embedding_model", "pk", 384, "embedding"::vector
  FROM "samples" WHERE "embedding" IS NOT NULL AND "embedding_model" IS NOT NULL;
-- The active model is the one with the most vectors among those that can still embed a query
-- (MiniLM, or the fallback fit whose parameters are stored); the worker builds the configured
-- embedder beside it if that is another one.
UPDATE "embedding_spaces" SET "active_model" = (
    SELECT e."model" FROM "embeddings" e
     WHERE e."space" = 'text' AND (e."model" LIKE 'minilm:%' OR e."model" IN (SELECT "name" FROM "embedder_state"))
     GROUP BY e."model" ORDER BY count(*) DESC, e."model" LIMIT 1),
  "activated_at" = now()
 WHERE "space" = 'text';
UPDATE "embedding_spaces" SET "activated_at" = NULL WHERE "active_model" IS NULL;
-- Vectors no query can be embedded for any more (a refit interrupted under the old schema).
DELETE FROM "embeddings" e USING "embedding_spaces" s
 WHERE e."space" = s."space" AND e."model" IS DISTINCT FROM s."active_model";

-- A sample's vectors follow its content: a changed input drops its vectors of every text space,
-- a changed image its image vectors, whichever code updates the row; the embedding job redoes them.
CREATE FUNCTION "samples_drop_stale_embeddings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "embeddings" e USING "embedding_spaces" s
   WHERE e."sample_pk" = NEW."pk" AND e."space" = s."space"
     AND ((s."modality" = 'text' AND OLD."input" IS DISTINCT FROM NEW."input")
       OR (s."modality" = 'image' AND OLD."image_url" IS DISTINCT FROM NEW."image_url"));
  RETURN NULL;
END $$;
CREATE TRIGGER "samples_drop_stale_embeddings" AFTER UPDATE OF "input", "image_url" ON "samples"
  FOR EACH ROW WHEN (OLD."input" IS DISTINCT FROM NEW."input" OR OLD."image_url" IS DISTINCT FROM NEW."image_url")
  EXECUTE FUNCTION "samples_drop_stale_embeddings"();

-- Dropping the columns (and their indexes, the HNSW one included) leaves the old vectors' bytes
-- in every sample row until it is rewritten: rewrite the table now so that scans of samples read
-- only what is left (CLUSTER, unlike VACUUM FULL, may run inside the migration's transaction).
ALTER TABLE "samples" DROP COLUMN "embedding", DROP COLUMN "embedding_model";
CLUSTER "samples" USING "samples_pkey";
