// Applies prisma/migrations/<timestamp>_<name>/migration.sql in order and records them in Prisma's
// own `_prisma_migrations` table (same columns and checksums), so `prisma migrate deploy` agrees
// with this runner wherever Prisma's schema engine is available.
import { createHash, randomUUID } from "node:crypto";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { execute } from "./client";

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(): string {
  return path.resolve(process.cwd(), "prisma", "migrations");
}

export function readMigrations(dir = migrationsDir()): MigrationFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  /** Applied migrations whose file changed since: the database no longer matches the code. */
  modified: string[];
}

export async function migrationStatus(client: pg.Pool | pg.PoolClient, dir = migrationsDir()): Promise<MigrationStatus> {
  const files = readMigrations(dir);
  const exists = await client.query<{ ok: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS ok`);
  const rows = exists.rows[0].ok
    ? (
        await client.query<{ migration_name: string; checksum: string }>(
          `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        )
      ).rows
    : [];
  const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  return {
    applied: files.filter((f) => done.has(f.name)).map((f) => f.name),
    pending: files.filter((f) => !done.has(f.name)).map((f) => f.name),
    modified: files.filter((f) => done.has(f.name) && done.get(f.name) !== f.checksum).map((f) => f.name),
  };
}

/** Applies every pending migration, each in its own transaction. Returns the names applied. */
export async function migrate(pool: pg.Pool, dir = migrationsDir()): Promise<string[]> {
  await execute(pool, CREATE_TABLE);
  const status = await migrationStatus(pool, dir);
  if (status.modified.length) {
    throw new Error(`Applied migrations were edited afterwards: ${status.modified.join(", ")}`);
  }
  const files = readMigrations(dir).filter((f) => status.pending.includes(f.name));
  for (const file of files) {
    const client = await pool.connect();
    try {
      await execute(client, "BEGIN");
      await execute(client, file.sql);
      await execute(
        client,
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count) VALUES ($1, $2, $3, now(), 1)`,
        [randomUUID(), file.checksum, file.name],
      );
      await execute(client, "COMMIT");
    } catch (err) {
      await execute(client, "ROLLBACK").catch(() => undefined);
      throw new Error(`Migration ${file.name} failed: ${(err as Error).message}`);
    } finally {
      client.release();
    }
  }
  return files.map((f) => f.name);
}

/** migrate() over a connection of its own to `url` (scripts that start a database and migrate it). */
export async function migrateUrl(url: string): Promise<string[]> {
  const p = new pg.Pool({ connectionString: url, max: 1 });
  try {
    return await migrate(p);
  } finally {
    await p.end();
  }
}
