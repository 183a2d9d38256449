// Integration tests run against a real embedded Postgres (PGlite + pgvector) served on a loopback
// port, with the project's migrations applied: the same code path as `npm start`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";

let db: EmbeddedPostgres | undefined;
let dir: string | undefined;

export async function setup() {
  if (process.env.TEST_DATABASE_URL) {
    process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  } else {
    dir = mkdtempSync(path.join(tmpdir(), "portal-it-"));
    db = await startEmbeddedPostgres({ dataDir: dir });
    process.env.DATABASE_URL = db.url;
  }
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  await migrate(pool);
  await pool.end();
}

export async function teardown() {
  await db?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
