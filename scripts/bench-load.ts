// `npm run bench:load -- [--clients 50] [--seconds 30] [--runs 1] [--upload-mb 4] [--timeout 20] [--pool N [--db embedded|native] | --url BASE] [--log FILE] [--lockstep]`:
// the portal under a crowd (issue 17's load target). Starts it exactly as `npm start` does
// (scripts/start.ts: embedded database, migrations, demo data, build when stale, supervised web
// server and worker) on a fresh temporary DATA_DIR and free ports for each run, waits until the
// demo pool is embedded, creates an upload token with the token CLI, then N autocannon clients for S
// seconds cycle through distinct capability queries (API and page, each text used once so no cache
// answers) and page views (/, /samples/ID, /models/NAME, /compare), while one upload of a few MB is
// posted and imported by the worker. Reports requests/s, p50/p95/p99 (answered requests), non-2xx
// by status (503 = deliberate back-pressure, counted apart), errors and timeouts, and the peak RSS
// of the web server, worker and start process (= embedded database) sampled from /proc; with
// --runs N, the medians. With --pool N the pool is generated instead (N samples,
// scripts/lib/synthetic-pool.ts, queries from its vocabulary), imported into one portal and
// embedded once, and the runs follow one another on it; --db native puts that portal on a
// throwaway PostgreSQL + pgvector server. --upload-mb 0 runs the crowd without an upload (issue 16's
// throughput target names none; issue 17's runs with one in flight). Each client starts its cycle of
// kinds at its own place (scripts/lib/load-run.ts says why); --lockstep starts every one at the
// first, as autocannon does by itself. --url BASE measures a portal that is already running (a
// deployment: web × N and worker × M on a database server) instead of starting one: the queries'
// words, sample ids and models are read from its own API (readPortalPool), the upload is posted
// only with a token in BENCH_LOAD_TOKEN (an upload adds its samples to that pool for good; not on a
// command line, where process lists show it), and memory and CPU are not measured (its processes
// may be on other hosts). 2 shared cores: read the figures with the load average printed beside them.
import { execFile, spawn } from "node:child_process";
import { copyFileSync, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./lib/bench-http";
import { percentile } from "./lib/bench-stats";
import { loadRun, summarise, type RunResult, type RunSummary, type UploadTiming } from "./lib/load-run";
import { readDemoPool, readPortalPool, trafficMix, uploadBody, type DemoPool } from "./lib/load-traffic";
import { postmasterPid, rssPeaks, sampleCpu, type Role } from "./lib/proc-rss";
import { startNativePg } from "./lib/bench-db";
import { writeSyntheticPool } from "./lib/synthetic-pool";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number, min0 = false) => {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : fallback;
  if (!Number.isFinite(v) || v < 0 || (v === 0 && !min0)) throw new Error(`--${name} must be a ${min0 ? "non-negative" : "positive"} number`);
  return v;
};
const CLIENTS = arg("clients", 50);
const SECONDS = arg("seconds", 30);
const RUNS = arg("runs", 1);
/** 0: no upload during the runs. */
const UPLOAD_MB = arg("upload-mb", 4, true);
const TIMEOUT_S = arg("timeout", 20);
/** --log FILE: keep the portal's output there (it is removed with the temporary DATA_DIR otherwise). */
const KEEP_LOG = args.includes("--log") ? path.resolve(args[args.indexOf("--log") + 1] ?? "") : null;
/** --pool N: a generated pool of N samples (scripts/lib/synthetic-pool.ts) instead of the demo pool, one portal for all runs. */
const POOL = args.includes("--pool") ? arg("pool", 0) : 0;
/** --lockstep: every client starts at the first kind of request (autocannon's order). */
const LOCKSTEP = args.includes("--lockstep");
const dbArg = args.includes("--db") ? args[args.indexOf("--db") + 1] : "embedded";
if (dbArg !== "embedded" && dbArg !== "native") throw new Error("--db must be embedded or native");
const DB: "embedded" | "native" = dbArg;
if (DB === "native" && POOL === 0) throw new Error("--db native needs --pool N (the demo runs use npm start's embedded database)");
/** --url BASE: a running portal, measured as it is. */
const URL_ARG = args.includes("--url") ? args[args.indexOf("--url") + 1] : null;
if (URL_ARG !== null) {
  if (!/^https?:\/\/[^\s/]+/.test(URL_ARG ?? "")) throw new Error(`--url must be the portal's base URL, e.g. http://localhost:3000 (got ${JSON.stringify(URL_ARG)})`);
  if (POOL > 0 || args.includes("--db")) throw new Error("--url measures a running portal: --pool and --db start one of their own");
}
/** The upload token for --url (an environment variable: a command line shows in process lists). */
const URL_TOKEN = process.env.BENCH_LOAD_TOKEN || null;
/** Whether the runs post an upload: asked for, and (--url) with a token to post it with. */
const UPLOADING = UPLOAD_MB > 0 && (URL_ARG === null || URL_TOKEN !== null);
const uploadWords = UPLOADING ? `${UPLOAD_MB} MB upload in flight` : "no upload";

const log = (msg: string) => console.log(`[bench:load] ${msg}`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const median = (xs: number[]) => percentile(xs, 50);

interface Portal {
  /** The start process, whose processes' memory and CPU are sampled; null for a portal on --url. */
  pid: number | null;
  base: string;
  dataDir: string;
  /** The database it serves when not its embedded one (--db native). */
  databaseUrl?: string;
  /** That database's postmaster (--db native): its processes' CPU is the run's `db` share. */
  dbPid?: number;
  /** An upload token, or null: the runs post no upload. */
  token(): Promise<string | null>;
  /** Resolves once the pool is embedded again (after an import). */
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/** Portals this bench started: stopped if the bench itself is interrupted, instead of living on as orphans. */
const started = new Set<ReturnType<typeof spawn>>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const proc of started) proc.kill("SIGINT");
    setTimeout(() => process.exit(130), 5000).unref();
  });
}

async function startPortal(dataDir: string, extra: Record<string, string> = {}): Promise<Portal> {
  const [port, dbPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_DB_PORT: String(dbPort), NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  Object.assign(env, extra);
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  const logFile = path.join(dataDir, "..", `${path.basename(dataDir)}.log`);
  const out = createWriteStream(logFile);
  proc.stdout.pipe(out);
  proc.stderr.pipe(out);
  proc.stdout.on("data", (d: Buffer) => {
    // The database URL holds the embedded database's password: not for the terminal.
    for (const line of d.toString().split("\n")) if (line.startsWith("[start]")) log(line.replace(/\/\/[^@\s]+@/, "//…@"));
  });
  started.add(proc);
  const exited = new Promise<void>((resolve) => proc.on("exit", () => (started.delete(proc), resolve())));
  const base = `http://127.0.0.1:${port}`;
  // An empty pool (--pool, before its import) has nothing to embed, nor an embedder fitted yet.
  await embedded(base, () => proc.exitCode, logFile, extra.NO_DEMO !== "1");
  return {
    pid: proc.pid!,
    base,
    dataDir,
    databaseUrl: extra.DATABASE_URL,
    token: () => createToken(dataDir, extra.DATABASE_URL),
    ready: () => embedded(base, () => proc.exitCode, logFile),
    async stop() {
      proc.kill("SIGINT");
      await exited;
      if (KEEP_LOG) {
        copyFileSync(logFile, KEEP_LOG);
        log(`the portal's output (its JSON log lines: slow database exchanges, jobs, requests) is in ${KEEP_LOG}`);
      }
      rmSync(logFile, { force: true });
    },
  };
}

/** Waits until the portal serves and its pool is embedded (the worker idle), so that runs measure serving. */
async function embedded(base: string, exitCode: () => number | null, logFile: string, needEmbedder = true): Promise<void> {
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    if (exitCode() !== null) throw new Error(`npm start exited early (code ${exitCode()}); its output: ${logFile}`);
    const health = await fetch(`${base}/api/health`).then((r) => (r.ok ? r.json() : null), () => null);
    if (health && health.pending_embeddings === 0 && (health.embedder?.name || !needEmbedder)) return;
    if (Date.now() > deadline) throw new Error(`the portal was not ready within 20 min; its output: ${logFile}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A token from the token CLI, as an operator makes one: it finds the embedded database by the discovery file in DATA_DIR, or is given the server's URL. */
async function createToken(dataDir: string, databaseUrl?: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/token.ts", "create", "bench-load"], { env });
  return stdout.trim().split("\n").at(-1)!;
}

/** Posts the results file and follows the upload until the worker is done with it (bounded). */
async function upload(base: string, token: string, body: Buffer): Promise<UploadTiming> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/uploads`, { method: "POST", body: new Uint8Array(body), headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" } });
  const acceptedMs = performance.now() - t0;
  const report = (await res.json()) as { id?: string; status?: string; error?: { message: string } };
  // A refused token is the bench's fault, not the portal's answer to load: the run would measure no upload.
  if (res.status === 401 || res.status === 403) throw new Error(`the bench's upload token was refused (HTTP ${res.status}: ${report.error?.message ?? ""})`);
  if (!report.id) return { status: `HTTP ${res.status}: ${report.error?.message ?? "no id"}`, acceptedMs, doneMs: NaN };
  for (let status = report.status ?? ""; ; ) {
    if (status === "done" || status === "failed") return { status, acceptedMs, doneMs: performance.now() - t0 };
    if (performance.now() - t0 > 10 * 60_000) return { status: `${status} after 10 min`, acceptedMs, doneMs: NaN };
    await new Promise((r) => setTimeout(r, 1000));
    status = ((await (await fetch(`${base}/api/uploads/${report.id}`)).json()) as { status: string }).status;
  }
}

/** The portal's share of the machine's CPU during a run, in % (the rest went to other processes, or idled). */
const cpuPercent = (cpu: Record<Role, number>, seconds: number) => Math.round((100 * (cpu.web + cpu.worker + cpu.db)) / (availableParallelism() * seconds));

/** The portal's CPU seconds during a run, per role, and its share of the machine. */
function cpuShare(cpu: Record<Role, number>, seconds: number): string {
  const total = cpu.web + cpu.worker + cpu.db;
  return `portal CPU ${total.toFixed(1)} s of the machine's ${(availableParallelism() * seconds).toFixed(0)} (${cpuPercent(cpu, seconds)} %: web ${cpu.web.toFixed(1)}, worker ${cpu.worker.toFixed(1)}, db ${cpu.db.toFixed(1)})`;
}

function printRun(i: number, r: RunResult, peaks: Record<Role, number> | null, loadAt: string, cpu: Record<Role, number> | null): void {
  const s = summarise(r);
  const n2 = Object.entries(s.non2xx).map(([k, v]) => `${k}×${v}`).join(" ") || "none";
  log(
    `run ${i}: ${s.n} answers in ${r.seconds.toFixed(1)} s = ${s.rps.toFixed(1)} req/s; p50 ${s.p50.toFixed(0)} ms, p95 ${s.p95.toFixed(0)} ms, ` +
      `p99 ${s.p99.toFixed(0)} ms; non-2xx (other than 503): ${n2}; 503: ${s.deliberate503}; errors ${s.errors}, timeouts ${s.timeouts}; ` +
      (r.upload.status === "none" ? "no upload; " : `upload ${r.upload.status}: accepted in ${r.upload.acceptedMs.toFixed(0)} ms, done after ${(r.upload.doneMs / 1000).toFixed(1)} s; `) +
      (peaks && cpu ? `peak RSS web ${mb(peaks.web)}, worker ${mb(peaks.worker)}, db ${mb(peaks.db)}; ${cpuShare(cpu, r.seconds)}; ` : "") +
      `load average ${loadAt}`,
  );
  if (s.gated) log(`run ${i}: ${gatedWords(s.gated)}`);
}

const splitWords = (x: { p50: number; p95: number }) => `${x.p50.toFixed(0)} / ${x.p95.toFixed(0)} ms`;

/** What a run's gated answers were made of: the wait for a turn that the servers told (Server-Timing), and the rest. */
function gatedWords(g: NonNullable<RunSummary["gated"]>): string {
  return `${g.n} answers took a turn in a web server's request gate: p50 / p95 of that wait ${splitWords(g.wait)}, of the rest of their latency (their own time, the transfer, the client) ${splitWords(g.rest)}`;
}

function byKind(runs: RunResult[]): string {
  const kinds = [...new Set(runs.flatMap((r) => r.answers.map((a) => a.kind)))];
  const rows = kinds.map((k) => {
    const a = runs.flatMap((r) => r.answers.filter((x) => x.kind === k));
    const ms = a.map((x) => x.ms);
    const bad = a.filter((x) => x.status < 200 || x.status > 299).length;
    const cached = a.filter((x) => x.cached).length;
    return `| ${k} | ${a.length} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 95).toFixed(0)} | ${percentile(ms, 99).toFixed(0)} | ${bad} | ${cached} |`;
  });
  return ["| request | n | p50 ms | p95 ms | p99 ms | non-2xx | from the page cache |", "|---|---|---|---|---|---|---|", ...rows].join("\n");
}

/**
 * One run on its own fresh portal: each run's upload grows the pool by a few thousand samples, so
 * runs on one portal would not measure the same thing (the demo pool is ~540 samples).
 */
async function oneRun(i: number, pool: DemoPool, parent: string): Promise<MeasuredRun> {
  const portal = await startPortal(path.join(parent, `data-${i}`));
  try {
    return await measure(portal, i, pool);
  } finally {
    await portal.stop();
  }
}

/** peaks and cpu: null for a portal on --url (its processes are not this machine's to read). */
type MeasuredRun = { result: RunResult; peaks: Record<Role, number> | null; load: string; cpu: Record<Role, number> | null };

/** One run of the crowd against a running portal, with its upload in flight. */
async function measure(portal: Portal, i: number, pool: DemoPool): Promise<MeasuredRun> {
  const rss = portal.pid === null ? null : rssPeaks(portal.pid);
  const cpuNow = () => (portal.pid === null ? null : sampleCpu(portal.pid, portal.dbPid));
  try {
    const token = UPLOADING ? await portal.token() : null;
    // One request of each kind first: the web process loads its read model on the first query, a
    // one-off that the runs should not count (it is reported here instead).
    const t0 = performance.now();
    for (const m of trafficMix(pool, 0)) await fetch(portal.base + m.path()).then((r) => r.arrayBuffer());
    log(`warm-up, one request of each kind in turn: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    log(`portal ready at ${portal.base}; ${CLIENTS} clients × ${SECONDS} s${LOCKSTEP ? " in lockstep" : ""}, ${uploadWords} (run ${i} of ${RUNS})`);
    const body = token ? uploadBody(pool, UPLOAD_MB, i) : null;
    rss?.reset();
    const cpu0 = cpuNow();
    // CPU over the traffic's seconds only: the run then waits for the upload, which can take
    // longer (counting that too had put the share over 100 %).
    let cpu1 = cpu0;
    const result = await loadRun({
      base: portal.base,
      clients: CLIENTS,
      seconds: SECONDS,
      timeoutS: TIMEOUT_S,
      mix: trafficMix(pool, i),
      lockstep: LOCKSTEP,
      upload: async () => (body && token ? upload(portal.base, token, body) : { status: "none", acceptedMs: 0, doneMs: 0 }),
      trafficEnded: () => (cpu1 = cpuNow()),
    });
    const cpu = cpu0 && cpu1 ? { db: cpu1.db - cpu0.db, web: cpu1.web - cpu0.web, worker: cpu1.worker - cpu0.worker } : null;
    const run = { result, peaks: rss ? { ...rss.peaks } : null, load: load(), cpu };
    printRun(i, result, run.peaks, run.load, cpu);
    return run;
  } finally {
    rss?.stop();
  }
}

/** --url: the runs against a running portal, one after another (an upload, with a token, grows its pool for good). */
async function urlRuns(base: string): Promise<MeasuredRun[]> {
  const pool = await readPortalPool(base);
  log(`${base}: ${pool.sampleIds.length} sample ids, ${pool.words.length} words and ${pool.models.length} models read from its API for the queries`);
  if (UPLOAD_MB > 0 && !URL_TOKEN) log("no upload: set BENCH_LOAD_TOKEN to an upload token of that portal to post one during each run (--upload-mb 0 says so without a token)");
  const portal: Portal = { pid: null, base, dataDir: "", token: async () => URL_TOKEN, ready: async () => {}, stop: async () => {} };
  const runs: MeasuredRun[] = [];
  for (let i = 1; i <= RUNS; i++) runs.push(await measure(portal, i, pool));
  return runs;
}

/**
 * --pool N: one portal (embedded, or on a throwaway native server with --db native) with no demo
 * data; a generated pool of N samples imported with the import CLI (as an operator would) and
 * embedded by the worker; then the runs, one after another on that portal (each run's upload grows
 * the pool by a few thousand samples).
 */
async function poolRuns(parent: string): Promise<{ pool: DemoPool; runs: MeasuredRun[] }> {
  const native = DB === "native" ? startNativePg() : null;
  try {
    const dataDir = path.join(parent, "data");
    const portal = await startPortal(dataDir, { NO_DEMO: "1", ...(native ? { DATABASE_URL: native.url } : {}) });
    if (native) portal.dbPid = postmasterPid(native.dataDir) ?? undefined;
    try {
      const file = path.join(parent, "pool.jsonl");
      const synthetic = writeSyntheticPool(file, POOL);
      const t0 = performance.now();
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...(native ? { DATABASE_URL: native.url } : {}) };
      if (!native) delete env.DATABASE_URL;
      await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/import.ts", file], { env, maxBuffer: 64 * 2 ** 20 });
      log(`pool of ${POOL} samples imported in ${((performance.now() - t0) / 1000).toFixed(0)} s (load ${load()})`);
      await portal.ready();
      log(`embedded ${((performance.now() - t0) / 1000).toFixed(0)} s after the import started (load ${load()})`);
      const ids = Array.from({ length: Math.min(POOL, 5000) }, (_, j) => synthetic.sampleId(Math.floor((j * POOL) / Math.min(POOL, 5000))));
      const pool: DemoPool = { words: synthetic.words, sampleIds: ids, models: synthetic.models };
      const runs: MeasuredRun[] = [];
      for (let i = 1; i <= RUNS; i++) runs.push(await measure(portal, i, pool));
      return { pool, runs };
    } finally {
      await portal.stop();
    }
  } finally {
    await native?.stop();
  }
}

async function main() {
  const parent = mkdtempSync(path.join(tmpdir(), "bench-load-"));
  log(`load average before start: ${load()}`);
  try {
    let runs: MeasuredRun[] = [];
    if (URL_ARG) runs = await urlRuns(URL_ARG.replace(/\/+$/, ""));
    else if (POOL > 0) runs = (await poolRuns(parent)).runs;
    else {
      const pool: DemoPool = readDemoPool(path.join(process.cwd(), "data", "demo", "demo.jsonl.gz"));
      for (let i = 1; i <= RUNS; i++) runs.push(await oneRun(i, pool, parent));
    }
    const s = runs.map((r) => summarise(r.result));
    const m = (f: (x: (typeof s)[number]) => number) => median(s.map(f));
    const total = (f: (x: (typeof s)[number]) => number) => s.reduce((a, x) => a + f(x), 0);
    const other = total((x) => Object.values(x.non2xx).reduce((a, b) => a + b, 0));
    const all = total((x) => x.n);
    const measured = runs.every((r) => r.peaks && r.cpu);
    const peak = (role: Role) => median(runs.map((r) => r.peaks?.[role] ?? NaN));
    const web = `${process.env.WEB_PROCESSES ?? "npm start's default number of"} web process(es), young generation ${process.env.WEB_SEMI_SPACE_MB ?? "32"} MB, single-threaded GC ${process.env.WEB_SINGLE_THREADED_GC ?? "auto"}, ${process.env.WEB_ACTIVE_REQUESTS ?? "2"} requests at once per server (WEB_PROCESSES, WEB_SEMI_SPACE_MB, WEB_SINGLE_THREADED_GC, WEB_ACTIVE_REQUESTS)`;
    const poolName = URL_ARG ? `the portal at ${URL_ARG} (its own pool and configuration)` : POOL > 0 ? `generated pool of ${POOL} samples, ${DB} database` : `demo pool, ${DB} database`;
    console.log(`\n${CLIENTS} clients × ${SECONDS} s${LOCKSTEP ? " in lockstep" : ", each starting its cycle at its own kind"}, ${poolName}, ${uploadWords}; ${URL_ARG ? "" : `${web}; `}${RUNS === 1 ? "1 run" : `median of ${RUNS} runs`}`);
    console.log("| figure | value | target |\n|---|---|---|");
    console.log(`| requests/s (each run) | ${s.map((x) => x.rps.toFixed(1)).join(" / ")} | ≥ 30 |`);
    console.log(`| p50 / p95 / p99 latency | ${m((x) => x.p50).toFixed(0)} / ${m((x) => x.p95).toFixed(0)} / ${m((x) => x.p99).toFixed(0)} ms | p95 ≤ 2000, p99 ≤ 5000 |`);
    console.log(`| answered from the page cache (each run) / p95 of the others | ${s.map((x) => `${((100 * x.cached) / Math.max(1, x.n)).toFixed(0)} %`).join(" / ")} / ${m((x) => x.p95Uncached).toFixed(0)} ms | – |`);
    console.log(`| non-2xx other than 503 (all runs) | ${other} of ${all} | 0 |`);
    console.log(`| 503 + Retry-After (all runs) | ${total((x) => x.deliberate503)} (${((100 * total((x) => x.deliberate503)) / Math.max(1, all)).toFixed(2)} %) | ≤ 1 % |`);
    console.log(`| connection errors / timeouts (> ${TIMEOUT_S} s) | ${total((x) => x.errors)} / ${total((x) => x.timeouts)} | 0 / 0 |`);
    if (UPLOADING) console.log(`| upload accepted / done | ${median(runs.map((r) => r.result.upload.acceptedMs)).toFixed(0)} ms / ${(median(runs.map((r) => r.result.upload.doneMs)) / 1000).toFixed(1)} s | – |`);
    if (measured) {
      console.log(`| peak RSS web (all its processes) / worker / db | ${mb(peak("web"))} / ${mb(peak("worker"))} / ${mb(peak("db"))} | web ≤ 1536 MB |`);
      console.log(`| the portal's share of the machine's CPU (each run) | ${runs.map((r) => `${cpuPercent(r.cpu!, r.result.seconds)} %`).join(" / ")} | – |`);
      // What bounds the throughput on a busy machine: the web servers' CPU time per answer (all their threads).
      console.log(`| web servers' CPU per answer (each run) | ${runs.map((r, j) => `${((1000 * r.cpu!.web) / Math.max(1, s[j].n)).toFixed(0)} ms`).join(" / ")} | – |`);
    } else console.log("| memory and CPU | not measured: the portal on --url is not this bench's to read | – |");
    // From the servers' Server-Timing: under a closed crowd the wait for a turn is most of the latency.
    if (s.every((x) => x.gated)) {
      const g = (f: (x: NonNullable<RunSummary["gated"]>) => number) => m((x) => f(x.gated!)).toFixed(0);
      console.log(`| answers that took a turn: p50 / p95 of the wait for it; of the rest of their latency (median of runs) | ${g((x) => x.wait.p50)} / ${g((x) => x.wait.p95)}; ${g((x) => x.rest.p50)} / ${g((x) => x.rest.p95)} ms | – |`);
    }
    console.log(`| load average at the end (1/5/15 min) | ${load()} | – |`);
    console.log(`\nBy kind of request (all runs):\n${byKind(runs.map((r) => r.result))}`);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`[bench:load] ${(err as Error).message}`);
  process.exit(1);
});
