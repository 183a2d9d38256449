// For bench:embed --db only: the layout before the embedding_spaces migration (each vector inside
// its sample row, stored MAIN), rebuilt in a scratch table from the active text vectors, and that
// layout's kNN query (no join), so the bench can show what the embeddings–samples join costs.
import { pool } from "@/lib/db/client";
import { visibleSamplesSql } from "@/lib/db/visibility";
import { vectorLiteral } from "./embeddings";

const TABLE = "bench_samples_with_vectors";

export async function createOldLayoutTable(model: string): Promise<void> {
  await pool().query(
    `CREATE TABLE ${TABLE} AS SELECT s.*, e.embedding::vector(384) AS embedding
       FROM samples s JOIN embeddings e ON e.sample_pk = s.pk AND e.space = 'text' AND e.model = $1`,
    [model],
  );
  await pool().query(`ALTER TABLE ${TABLE} ALTER COLUMN embedding SET STORAGE MAIN`);
  await pool().query(`UPDATE ${TABLE} SET embedding = embedding::real[]::vector`);
  await pool().query(`VACUUM FULL ANALYZE ${TABLE}`);
}

export async function knnOldLayout(vector: ArrayLike<number>, k: number): Promise<void> {
  await pool().query(
    `SELECT s.pk, s.embedding <=> $1::vector AS distance FROM ${TABLE} s WHERE ${visibleSamplesSql("s")}
      ORDER BY s.embedding <=> $1::vector, s.pk LIMIT $2`,
    [vectorLiteral(vector), k],
  );
}

export async function dropOldLayoutTable(): Promise<void> {
  await pool().query(`DROP TABLE ${TABLE}`);
}
