// A benchmark's own database: a fresh embedded Postgres in a temp dir, migrated, with this
// process's environment pointed at it (DATABASE_URL, DATA_DIR and `env`), so that the importers it
// calls and the web server it starts (given `env`) all use it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/db/embedded";
import { closeDb } from "@/lib/db/client";
import { migrateUrl } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";
import { stopQueue } from "@/lib/queue";

export interface BenchDb {
  dir: string;
  db: EmbeddedPostgres;
  /** DATABASE_URL, DATA_DIR and the bench's own variables: what a server it starts needs. */
  env: Record<string, string>;
  /** Stops the queue, the pool and the database, and deletes the directory. */
  close(): Promise<void>;
}

export async function freshBenchDb(prefix: string, env: Record<string, string>): Promise<BenchDb> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const db = await startEmbeddedPostgres({ dataDir: dir });
  const all = { DATABASE_URL: db.url, DATA_DIR: dir, ...env };
  Object.assign(process.env, all);
  reloadEnv();
  await migrateUrl(db.url);
  const close = async () => {
    await stopQueue().catch(() => undefined);
    await closeDb();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, db, env: all, close };
}

/**
 * A throwaway native PostgreSQL 15 + pgvector server in a directory of its own under the system's
 * temp directory (scripts/native-pg.sh: built from ../shared/vendor when missing and it can be;
 * the server runs as user postgres, which must reach its directory, so it cannot sit inside a
 * root-only temp directory); its URL, and how to stop it and remove the directory.
 */
export function startNativePg(): { url: string; dataDir: string; stop: () => Promise<void> } {
  const script = path.resolve("scripts/native-pg.sh");
  execFileSync("bash", [script, "ensure"], { stdio: ["ignore", "ignore", "inherit"] });
  const pgDir = mkdtempSync(path.join(tmpdir(), "bench-native-pg-"));
  const url = execFileSync("bash", [script, "start", pgDir], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
  return {
    url,
    dataDir: path.join(pgDir, "data"),
    stop: async () => {
      execFileSync("bash", [script, "stop", pgDir], { stdio: ["ignore", "ignore", "inherit"] });
      rmSync(pgDir, { recursive: true, force: true });
    },
  };
}
