// A query's similarity to a space's background: the first `n` vectors of one model by sample pk (a
// fixed slice, so the cut of a query is the same on every request), read through the primary key.
import { pool } from "@/lib/db/client";
import type { EmbeddingSpaceRow } from "./embedding-spaces";
import { vectorLiteral } from "./embeddings";
import { spaceModelPredicate, vectorExpression } from "./embeddings-hnsw";

export async function backgroundSimilarities(space: Pick<EmbeddingSpaceRow, "space" | "dim">, model: string, vector: ArrayLike<number>, n: number): Promise<number[]> {
  const r = await pool().query<{ s: number }>(
    `SELECT 1 - (${vectorExpression(space.dim, "e")} <=> $1::vector(${Math.trunc(space.dim)})) AS s
       FROM (SELECT embedding FROM embeddings WHERE ${spaceModelPredicate(space.space, model)} ORDER BY sample_pk LIMIT $2) e`,
    [vectorLiteral(vector), n],
  );
  return r.rows.map((row) => Number(row.s));
}
