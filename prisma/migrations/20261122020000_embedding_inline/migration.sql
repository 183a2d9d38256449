-- Keep sample vectors inside their rows. pgvector's type defaults to EXTERNAL storage, so in any
-- row over ~2 kB (most samples: a 1.5 kB vector plus the question) the vector went to the TOAST
-- table and every exact kNN scan fetched it back row by row: MMLU-Pro, 12k vectors, 205 ms per
-- query, 24 ms with the vectors inline. With MAIN the long text columns are moved out first.
ALTER TABLE "samples" ALTER COLUMN "embedding" SET STORAGE MAIN;
-- Storage applies to values written from now on: rewrite the vectors already stored.
UPDATE "samples" SET "embedding" = "embedding"::real[]::vector WHERE "embedding" IS NOT NULL;
