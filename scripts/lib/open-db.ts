// The database of a command-line script: DATABASE_URL when set; else, while `npm start` runs on
// DATA_DIR, the running portal's database (found through DATA_DIR/portal.json, scripts/lib/discovery.ts);
// else the embedded database in DATA_DIR, started in this process with migrations applied (its
// files belong to one process at a time).
import { closeDb } from "@/lib/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/db/embedded";
import { migrateUrl } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";
import { stopQueue } from "@/lib/queue";
import { acquireDataDirLock } from "./data-dir-lock";
import { readDiscovery } from "./discovery";

export interface ScriptDb {
  url: string;
  /** True when this process started the embedded database (nobody else can be using it). */
  embedded: boolean;
  close(): Promise<void>;
}

export async function openScriptDb(): Promise<ScriptDb> {
  const config = reloadEnv();
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, embedded: false, close: closeAll };
  }
  const running = readDiscovery(config.DATA_DIR);
  if (running) {
    process.env.DATABASE_URL = running.databaseUrl;
    reloadEnv();
    return { url: running.databaseUrl, embedded: false, close: closeAll };
  }
  try {
    acquireDataDirLock(config.DATA_DIR);
  } catch (err) {
    throw new Error(
      `${(err as Error).message}\nWhile the portal runs, run this with DATABASE_URL set to the database URL \`npm start\` printed ("served at postgresql://…").`,
    );
  }
  let db: EmbeddedPostgres | undefined = await startEmbeddedPostgres({ dataDir: config.DATA_DIR });
  process.env.DATABASE_URL = db.url;
  reloadEnv();
  await migrateUrl(db.url);
  return {
    url: db.url,
    embedded: true,
    async close() {
      await closeAll();
      await db?.stop();
      db = undefined;
    },
  };
}

async function closeAll(): Promise<void> {
  await stopQueue().catch(() => undefined);
  await closeDb();
}
