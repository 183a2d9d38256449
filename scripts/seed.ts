// Prepares a database for serving: applies migrations and, when the pool is empty, imports the
// demo data set through the same importer users run (`npm run import`). Used by `npm start` and by
// docker-compose's setup job.
import path from "node:path";
import { existsSync } from "node:fs";
import pg from "pg";
import { reloadEnv, databaseUrl } from "@/lib/env";
import { migrate } from "@/lib/db/migrate";
import { closeDb } from "@/lib/db/client";
import { poolIsEmpty } from "@/lib/db/queries/samples";
import { ensureDefaultLeaderboards } from "@/lib/leaderboard/defaults";
import { recoverInterruptedUploads } from "@/lib/ingest";
import { run, tsxArgs } from "./lib/processes";

const DEMO_FILE = path.join(process.cwd(), "data", "demo", "demo.jsonl.gz");
const VISION_FILE = path.join(process.cwd(), "data", "demo", "vision.tar.gz");
const log = (msg: string) => console.log(`[seed] ${msg}`);

/**
 * `ownsDatabase`: this process started the embedded database, so no other process can be writing
 * and any upload still marked running was cut off by a crash: clean it up at once.
 */
export async function seed(opts: { ownsDatabase?: boolean } = {}): Promise<void> {
  const config = reloadEnv();
  const url = databaseUrl();
  const db = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const applied = await migrate(db);
    log(applied.length ? `migrations applied: ${applied.join(", ")}` : "migrations are current");
    if ((await poolIsEmpty(db)) && !config.NO_DEMO) {
      if (!existsSync(DEMO_FILE)) throw new Error(`demo data missing: ${DEMO_FILE}`);
      log("empty pool: importing the demo data set");
      await run("import", ...tsxArgs("scripts/import.ts", DEMO_FILE), process.env);
      // The vision-language demo: an upload bundle of results and images, through the same importer.
      if (existsSync(VISION_FILE)) await run("import", ...tsxArgs("scripts/import.ts", VISION_FILE), process.env);
    }
  } finally {
    await db.end();
  }
  try {
    const recovered = await recoverInterruptedUploads({ staleAfterSeconds: opts.ownsDatabase ? 0 : undefined });
    if (recovered.failed.length) log(`cleaned up interrupted uploads: ${recovered.failed.join(", ")}`);
    const added = await ensureDefaultLeaderboards();
    if (added.length) log(`saved leaderboards added: ${added.join(", ")}`);
  } finally {
    await closeDb();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  seed().catch((err) => {
    console.error(`[seed] ${(err as Error).message}`);
    process.exit(1);
  });
}
