// A benchmark's own database: a fresh embedded Postgres in a temp dir, migrated, with this
// process's environment pointed at it (DATABASE_URL, DATA_DIR and `env`), so that the importers it
// calls and the web server it starts (given `env`) all use it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";

export interface BenchDb {
  dir: string;
  db: EmbeddedPostgres;
  /** DATABASE_URL, DATA_DIR and the bench's own variables: what a server it starts needs. */
  env: Record<string, string>;
}

export async function freshBenchDb(prefix: string, env: Record<string, string>): Promise<BenchDb> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const db = await startEmbeddedPostgres({ dataDir: dir });
  const all = { DATABASE_URL: db.url, DATA_DIR: dir, ...env };
  Object.assign(process.env, all);
  reloadEnv();
  const p = new pg.Pool({ connectionString: db.url, max: 1 });
  try {
    await migrate(p);
  } finally {
    await p.end();
  }
  return { dir, db, env: all };
}
