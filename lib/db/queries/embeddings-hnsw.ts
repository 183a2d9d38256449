// HNSW indexes over embeddings: one partial expression index per (space, model), as pgvector's
// README prescribes for an untyped `vector` column holding several dimensions:
//   CREATE INDEX ... USING hnsw ((embedding::vector(dim)) vector_cosine_ops) WHERE space = .. AND model = ..
// Searches must use the same cast and predicate (embeddings-search.ts). When each is built or
// dropped is decided in lib/retrieval/hnsw.ts.
import { createHash } from "node:crypto";
import pg from "pg";
import { pool } from "@/lib/db/client";
import type { EmbeddingSpaceRow } from "./embedding-spaces";

type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

const PREFIX = "embeddings_hnsw_";

/** The index of one space's model: `embeddings_hnsw_<space>_<10 hex of SHA-1(model)>` (names stay short and plain). */
export function hnswIndexName(space: string, model: string): string {
  return `${PREFIX}${space}_${createHash("sha1").update(model).digest("hex").slice(0, 10)}`;
}

/** The predicate of a (space, model) partial index, written the same way wherever it is used. */
export function spaceModelPredicate(space: string, model: string, alias?: string): string {
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  return `${col("space")} = ${pg.escapeLiteral(space)} AND ${col("model")} = ${pg.escapeLiteral(model)}`;
}

/** The expression the index is built on: the vector cast to the space's dimension. */
export function vectorExpression(dim: number, alias?: string): string {
  return `${alias ? `${alias}.` : ""}embedding::vector(${Math.trunc(dim)})`;
}

/** Whether the model's index exists and is valid (a failed concurrent build leaves an invalid one). */
export async function hnswIndexExists(space: string, model: string, db: Queryable = pool()): Promise<boolean> {
  const r = await db.query<{ ok: boolean }>(`SELECT COALESCE((SELECT indisvalid FROM pg_index WHERE indexrelid = to_regclass($1)), false) AS ok`, [
    hnswIndexName(space, model),
  ]);
  return r.rows[0].ok;
}

/** The HNSW indexes of a space, of any model. */
export async function listHnswIndexes(space: string): Promise<string[]> {
  const r = await pool().query<{ name: string }>(
    `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'embeddings' AND starts_with(indexname, $1) ORDER BY 1`,
    [`${PREFIX}${space}_`],
  );
  // "text_" also prefixes a space named "text_x": keep the names of exactly this space's form.
  const own = new RegExp(`^${PREFIX}${space}_[0-9a-f]{10}$`);
  return r.rows.map((row) => row.name).filter((name) => own.test(name));
}

/**
 * The statements of an index build, in order: an invalid index left by a failed build is dropped
 * first (IF NOT EXISTS would keep it); the build's session gets `workers` parallel maintenance
 * workers (pgvector builds HNSW in parallel: with Postgres's default of 2 a build at 100k vectors
 * took three of a 2-core host's processes at full priority for 99 s, and the web servers got a
 * quarter of the machine); the session's setting is reset after it.
 */
export function hnswBuildStatements(
  space: Pick<EmbeddingSpaceRow, "space" | "dim">,
  model: string,
  params: { m: number; efConstruction: number; workers: number },
): string[] {
  const name = pg.escapeIdentifier(hnswIndexName(space.space, model));
  return [
    `DROP INDEX CONCURRENTLY IF EXISTS ${name}`,
    `SET max_parallel_maintenance_workers = ${Math.trunc(params.workers)}`,
    `CREATE INDEX CONCURRENTLY ${name} ON embeddings
       USING hnsw ((${vectorExpression(space.dim)}) vector_cosine_ops) WITH (m = ${Math.trunc(params.m)}, ef_construction = ${Math.trunc(params.efConstruction)})
       WHERE ${spaceModelPredicate(space.space, model)}`,
  ];
}

/**
 * Builds the cosine HNSW index over a model's vectors CONCURRENTLY: on a real server readers and
 * writers of the table go on meanwhile, and searches start using it only once it is valid (built
 * beside, swapped in). The embedded database has one session, so there the build still stalls
 * everyone: lib/retrieval/hnsw.ts builds none there unless asked. One pooled connection runs the
 * statements (hnswBuildStatements) and has its setting reset before it goes back to the pool.
 */
export async function createHnswIndex(
  space: Pick<EmbeddingSpaceRow, "space" | "dim">,
  model: string,
  params: { m: number; efConstruction: number; workers: number },
): Promise<void> {
  const client = await pool().connect();
  let broken = false;
  try {
    for (const sql of hnswBuildStatements(space, model, params)) await client.query(sql);
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    // A connection whose build failed may still carry the setting: it is closed, not reused.
    if (!broken) await client.query("RESET max_parallel_maintenance_workers").catch(() => (broken = true));
    client.release(broken);
  }
}

export async function dropHnswIndex(name: string): Promise<void> {
  if (!name.startsWith(PREFIX)) throw new Error(`not an embeddings HNSW index: ${name}`);
  await pool().query(`DROP INDEX CONCURRENTLY IF EXISTS ${pg.escapeIdentifier(name)}`);
}
