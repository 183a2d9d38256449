import { afterAll, describe, expect, it } from "vitest";
import { pool, closeDb } from "@/lib/db/client";
import { migrate, migrationStatus, readMigrations } from "@/lib/db/migrate";

afterAll(closeDb);

describe("migration runner", () => {
  it("has applied every migration file, recorded in Prisma's table with its checksum", async () => {
    const status = await migrationStatus(pool());
    expect(status.pending).toEqual([]);
    expect(status.modified).toEqual([]);
    expect(status.applied).toEqual(readMigrations().map((m) => m.name));
    const r = await pool().query(`SELECT checksum FROM "_prisma_migrations" WHERE migration_name = $1`, [status.applied[0]]);
    expect(r.rows[0].checksum).toBe(readMigrations()[0].checksum);
  });

  it("is idempotent: a second run applies nothing", async () => {
    expect(await migrate(pool())).toEqual([]);
  });

  it("created the embeddings table (untyped pgvector column, stored inline), its spaces and the measurement index", async () => {
    const col = await pool().query(
      `SELECT format_type(atttypid, atttypmod) AS t, attstorage AS storage FROM pg_attribute WHERE attrelid = 'embeddings'::regclass AND attname = 'embedding'`,
    );
    expect(col.rows[0]).toEqual({ t: "vector", storage: "p" });
    const spaces = await pool().query(`SELECT space, modality, dim FROM embedding_spaces ORDER BY space`);
    expect(spaces.rows).toEqual([
      { space: "image", modality: "image", dim: 768 },
      { space: "text", modality: "text", dim: 384 },
    ]);
    const old = await pool().query(`SELECT attname FROM pg_attribute WHERE attrelid = 'samples'::regclass AND attname LIKE 'embedding%' AND NOT attisdropped`);
    expect(old.rows).toEqual([]);
    const idx = await pool().query(`SELECT indexname FROM pg_indexes WHERE tablename = 'measurements'`);
    expect(idx.rows.map((r) => r.indexname)).toContain("measurements_sample_pk_idx");
  });
});
