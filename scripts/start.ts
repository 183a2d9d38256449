// `npm start`: the whole portal in one command. Starts the embedded Postgres (unless DATABASE_URL
// names one), applies migrations, loads the demo data into an empty pool through the same importer
// users run, builds the web app when needed, then serves it with the background worker.
// Ctrl-C stops everything cleanly.
import path from "node:path";
import { reloadEnv } from "@/lib/env";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/db/embedded";
import { seed } from "./seed";
import { acquireDataDirLock } from "./lib/data-dir-lock";
import { buildIsStale } from "./lib/build-state";
import { run, startChild, stopChild, tsxArgs, type Child } from "./lib/processes";

const root = process.cwd();
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const log = (msg: string) => console.log(`[start] ${msg}`);

const config = reloadEnv();
const started = Date.now();
let embedded: EmbeddedPostgres | undefined;
const children: Child[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log("stopping…");
    await Promise.all(children.map((c) => stopChild(c)));
    await embedded?.stop();
    log("stopped");
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

async function main() {
  let url = config.DATABASE_URL;
  if (!url) {
    acquireDataDirLock(config.DATA_DIR);
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_DB_PORT });
    url = embedded.url;
    log(`embedded Postgres (PGlite + pgvector) in ${embedded.dataDir}, served at ${url}`);
  } else {
    log("using the Postgres at DATABASE_URL");
  }
  process.env.DATABASE_URL = url;
  const childEnv = { ...process.env };
  reloadEnv();

  // The build does not touch the database, so it runs while the demo data loads.
  const tasks: Promise<void>[] = [seed({ ownsDatabase: embedded !== undefined })];
  const build = buildIsStale(root);
  if (build.stale) {
    log(`building the web app (${build.reason})`);
    tasks.push(run("build", bin("next"), ["build"], childEnv));
  }
  await Promise.all(tasks);

  children.push(startChild("worker", ...tsxArgs("workers/index.ts"), childEnv));
  const web = startChild("web", bin("next"), ["start", "-p", String(config.PORT)], childEnv);
  children.push(web);
  log(`portal on http://localhost:${config.PORT} (ready after ${((Date.now() - started) / 1000).toFixed(1)} s of setup)`);

  for (const child of children) {
    void child.exited.then((code) => {
      if (!stopping) {
        log(`${child.name} exited unexpectedly (code ${code}); stopping the portal`);
        void shutdown(1);
      }
    });
  }
}

main().catch((err) => {
  console.error(`[start] ${(err as Error).message}`);
  void shutdown(1);
});
