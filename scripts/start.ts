// `npm start`: the whole portal in one command, as one supervised group. Starts the embedded
// Postgres (unless DATABASE_URL names one), applies migrations, loads the demo data into an empty
// pool through the same importer users run, builds the web app when needed, then serves it with the
// background worker. A child that crashes is restarted with back-off while the others keep serving
// (scripts/lib/supervisor.ts); children die with this process however it ends
// (scripts/lib/exit-with-parent.mjs); Ctrl-C / SIGTERM stops everything cleanly — the web server
// finishes its requests, the worker hands its uploads back (lib/ingest: released leases).
import { reloadEnv } from "@/lib/env";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/db/embedded";
import { seed } from "./seed";
import { acquireDataDirLock } from "./lib/data-dir-lock";
import { buildIsStale } from "./lib/build-state";
import { writeDiscovery } from "./lib/discovery";
import { ensurePortFree } from "./lib/port-check";
import { nextArgs, run, tsxArgs, webArgs, webProcesses } from "./lib/processes";
import { supervise, type Supervised } from "./lib/supervisor";

const root = process.cwd();
const log = (msg: string) => console.log(`[start] ${msg}`);

const config = reloadEnv();
const started = Date.now();
let embedded: EmbeddedPostgres | undefined;
const children: Supervised[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log("stopping…");
    await Promise.all(children.map((c) => c.stop()));
    // The children are gone; a database that fails to close is reported, not thrown: an unhandled
    // rejection here used to turn a clean Ctrl-C into exit code 1 (Postgres recovers from its log
    // at the next start either way).
    try {
      await embedded?.stop();
    } catch (err) {
      log(`the embedded database did not close cleanly: ${(err as Error).message}`);
    }
    log("stopped");
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
// Whatever ends this process, its children are told (a SIGKILL is covered by their stdin pipe).
process.on("exit", () => {
  for (const c of children) c.current().proc.kill("SIGTERM");
});

async function main() {
  await ensurePortFree(config.PORT);
  let url = config.DATABASE_URL;
  if (!url) {
    acquireDataDirLock(config.DATA_DIR);
    embedded = await startEmbeddedPostgres({ dataDir: config.DATA_DIR, port: config.EMBEDDED_DB_PORT, backgroundShare: config.EMBEDDED_DB_BACKGROUND_SHARE, slowMs: config.EMBEDDED_DB_SLOW_MS });
    url = embedded.url;
    writeDiscovery(config.DATA_DIR, { databaseUrl: url, port: config.PORT });
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
    tasks.push(run("build", ...nextArgs(root, "build"), childEnv));
  }
  await Promise.all(tasks);
  if (stopping) return;

  // Each names itself to the database (application_name): the embedded one lets the web servers'
  // statements go ahead of the worker's (lib/db/embedded-queue.ts); a native server shows them in
  // pg_stat_activity.
  children.push(supervise("worker", ...tsxArgs("workers/index.ts"), { ...childEnv, PGAPPNAME: "onebench-worker" }, log));
  children.push(supervise("web", ...webArgs(root, config), webEnv({ ...childEnv, PGAPPNAME: "onebench-web" }, config), log));
  const n = webProcesses(config);
  log(`portal on http://localhost:${config.PORT}, ${n} web server${n === 1 ? "" : "s"} (ready after ${((Date.now() - started) / 1000).toFixed(1)} s of setup)`);
}

/** The web server's environment: the young generation it is given (WEB_SEMI_SPACE_MB), on top of any NODE_OPTIONS. */
function webEnv(base: NodeJS.ProcessEnv, c: { WEB_SEMI_SPACE_MB: number }): NodeJS.ProcessEnv {
  if (c.WEB_SEMI_SPACE_MB === 0) return base;
  return { ...base, NODE_OPTIONS: [base.NODE_OPTIONS, `--max-semi-space-size=${c.WEB_SEMI_SPACE_MB}`].filter(Boolean).join(" ") };
}

main().catch((err) => {
  console.error(`[start] ${(err as Error).message}`);
  void shutdown(1);
});
