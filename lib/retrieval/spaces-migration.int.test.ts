// The embedding_spaces migration over data written by the schema before it: in a scratch schema of
// the test database, the earlier migrations, sample vectors in the old `samples.embedding` column,
// then the migration. Vectors move unchanged under their model, the fit is renamed to its model
// name, the active model is the fit whose parameters are stored, stale vectors go.
import { createHash } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { readMigrations } from "@/lib/db/migrate";

const MIGRATION = "20261123000000_embedding_spaces";
const SCHEMA = "spaces_migration_test";
const params = Buffer.from("LSA1 pretend parameters");
const fit = `fallback-lsa-v1:${createHash("sha256").update(params).digest("hex").slice(0, 8)}`;
const vec = (i: number) => `[${Array.from({ length: 384 }, (_, j) => (j === i ? 1 : 0)).join(",")}]`;

let db: pg.PoolClient;
const rows = async (sql: string) => (await db.query(sql)).rows;

beforeAll(async () => {
  db = await pool().connect();
  await db.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}; SET search_path TO ${SCHEMA}, public`);
  const migrations = readMigrations();
  for (const m of migrations.filter((x) => x.name < MIGRATION)) await db.query(m.sql);
  await db.query(`INSERT INTO embedder_state (name, version, n_docs, params) VALUES ('fallback-lsa', 3, 4, $1)`, [params]);
  await db.query(
    `INSERT INTO samples (id, benchmark, input, content_hash, embedding, embedding_model) VALUES
       ('a', 'b', 'first', 'h1', $1, $5), ('b', 'b', 'second', 'h2', $2, $5),
       ('c', 'b', 'third', 'h3', $3, 'fallback-lsa-v1:00000000'), ('d', 'b', 'fourth', 'h4', NULL, NULL), ('e', 'b', 'fifth', 'h5', $4, $5)`,
    [vec(0), vec(1), vec(2), vec(3), fit],
  );
  await db.query(migrations.find((x) => x.name === MIGRATION)!.sql);
});
afterAll(async () => {
  await db.query(`RESET search_path; DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  db.release();
  await closeDb();
});

describe(`migration ${MIGRATION} over existing vectors`, () => {
  it("moves every vector of the stored fit unchanged, makes that fit active and drops vectors no query can match", async () => {
    expect(await rows(`SELECT name, n_docs FROM embedder_state`)).toEqual([{ name: fit, n_docs: 4 }]);
    expect(await rows(`SELECT space, active_model, building_model FROM embedding_spaces ORDER BY space`)).toEqual([
      { space: "image", active_model: null, building_model: null },
      { space: "text", active_model: fit, building_model: null },
    ]);
    const moved = await rows(`SELECT s.id, e.model, e.dim, e.embedding::text AS v FROM embeddings e JOIN samples s ON s.pk = e.sample_pk ORDER BY s.id`);
    expect(moved.map((r) => [r.id, r.model, r.dim])).toEqual([
      ["a", fit, 384],
      ["b", fit, 384],
      ["e", fit, 384],
    ]);
    expect(moved.map((r) => r.v)).toEqual([vec(0), vec(1), vec(3)]);
    expect(await rows(`SELECT attname FROM pg_attribute WHERE attrelid = 'samples'::regclass AND attname LIKE 'embedding%' AND NOT attisdropped`)).toEqual([]);
  });

  it("holds every vector to its space's dimension", async () => {
    await expect(db.query(`INSERT INTO embeddings (space, model, sample_pk, dim, embedding) VALUES ('text', 'm', 4, 384, '[1,2,3]')`)).rejects.toThrow(/check constraint/);
    await expect(db.query(`INSERT INTO embeddings (space, model, sample_pk, dim, embedding) VALUES ('text', 'm', 4, 768, $1)`, [`[${Array(768).fill(0.5).join(",")}]`])).rejects.toThrow(
      /foreign key/,
    );
  });

  it("drops a sample's text vectors when its input changes, not when other fields do", async () => {
    await db.query(`UPDATE samples SET tags = '{x}', image_url = 'https://example.org/a.png' WHERE id = 'a'`);
    await db.query(`UPDATE samples SET input = 'second, reworded' WHERE id = 'b'`);
    expect(await rows(`SELECT s.id FROM embeddings e JOIN samples s ON s.pk = e.sample_pk ORDER BY s.id`)).toEqual([{ id: "a" }, { id: "e" }]);
    await db.query(`DELETE FROM samples WHERE id = 'e'`);
    expect(await rows(`SELECT s.id FROM embeddings e JOIN samples s ON s.pk = e.sample_pk ORDER BY s.id`)).toEqual([{ id: "a" }]);
  });
});
