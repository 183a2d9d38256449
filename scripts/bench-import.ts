// `npm run bench:import [-- --runs N] [--mmlu-runs N] [--page-runs N] [--no-http] [--build]`: the
// targets of results format v1.1 (issue 11), each in a fresh embedded Postgres in a temp dir:
//   1. the 24 AlpacaEval-1 annotation files (../shared/data/raw/alpaca-eval-1, ≈19k comparisons
//      with both outputs) through importFile, format detected: target ≤ 15 s for all 24;
//   2. MMLU-Pro in results format v1 (../shared/data/mmlu-pro.jsonl.gz): no slower than before v1.1;
//   3. a sample page with 60 models' outputs (made-up answers of 0.5–4 KB): in this process the
//      page's data (getSampleDetail) plus React's render of the page to HTML, and, when the web
//      app is built (or --build), GET /samples/<id> from the production server (`next start`,
//      loopback, full HTML read): target ≤ 300 ms server time.
// Prints medians (and all runs) with the load average before and after, since the machine is shared.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import SamplePage from "@/app/samples/[...id]/page";
import { closeDb } from "@/lib/db/client";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";
import { importFile, type UploadReport } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { getSampleDetail } from "@/lib/samples/detail";
import { ensureBuild, startServer } from "./lib/bench-http";
import { latencyRow, latencyTable, percentile } from "./lib/bench-stats";

const root = process.cwd();
const shared = path.join(root, "..", "shared", "data");
const ALPACA_DIR = path.join(shared, "raw", "alpaca-eval-1");
const MMLU = path.join(shared, "mmlu-pro.jsonl.gz");
const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
};
const RUNS = arg("runs", 3);
const MMLU_RUNS = arg("mmlu-runs", 3);
const PAGE_RUNS = arg("page-runs", 30);
const PAGE_MODELS = 60;
const SAMPLE_ID = "bench-outputs/0001";

const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const log = (msg: string) => console.log(`[bench:import] ${msg}`);

interface Db {
  db: EmbeddedPostgres;
  dir: string;
}

/** A fresh embedded database in a temp dir, migrated, as the process's database. */
async function freshDb(): Promise<Db> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-import-"));
  const db = await startEmbeddedPostgres({ dataDir: dir });
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, NO_DEMO: "1" });
  reloadEnv();
  const p = new pg.Pool({ connectionString: db.url, max: 1 });
  await migrate(p);
  await p.end();
  return { db, dir };
}

async function dropDb({ db, dir }: Db): Promise<void> {
  await stopQueue().catch(() => undefined);
  await closeDb();
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}

function ok(r: UploadReport, what: string): UploadReport {
  if (r.status !== "done") throw new Error(`${what}: ${r.status} ${JSON.stringify(r.errors.slice(0, 3))}`);
  return r;
}

/** Wall and CPU seconds of one call. */
async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number }> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await fn();
  const c = process.cpuUsage(cpu0);
  return { value, wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6 };
}

const median = (xs: number[]) => percentile(xs, 50);
const runs = (xs: number[]) => xs.map((x) => x.toFixed(1)).join(", ");

async function alpacaEval(): Promise<string> {
  const files = readdirSync(ALPACA_DIR)
    .filter((f) => f.endsWith(".annotations.json.gz"))
    .sort();
  if (files.length !== 24) throw new Error(`expected 24 annotation files in ${ALPACA_DIR}, found ${files.length}`);
  const walls: number[] = [];
  const cpus_: number[] = [];
  let comparisons = 0;
  for (let run = 0; run < RUNS; run++) {
    const d = await freshDb();
    try {
      const t = await timed(async () => {
        let n = 0;
        for (const f of files) n += ok(await importFile(path.join(ALPACA_DIR, f)), f).counts.measurements_new;
        return n;
      });
      comparisons = t.value;
      walls.push(t.wall);
      cpus_.push(t.cpu);
      log(`AlpacaEval-1 run ${run + 1}: ${t.wall.toFixed(1)} s wall, ${t.cpu.toFixed(1)} s CPU, ${t.value} comparisons (load ${load()})`);
    } finally {
      await dropDb(d);
    }
  }
  const m = median(walls);
  return `AlpacaEval-1, 24 files, ${comparisons} comparisons with outputs: median ${m.toFixed(1)} s wall (runs ${runs(walls)}), CPU median ${median(cpus_).toFixed(1)} s; target ≤ 15 s: ${m <= 15 ? "met" : "NOT met"}`;
}

async function mmluPro(): Promise<string> {
  const walls: number[] = [];
  const cpus_: number[] = [];
  let lines = 0;
  for (let run = 0; run < MMLU_RUNS; run++) {
    const d = await freshDb();
    try {
      const t = await timed(async () => ok(await importFile(MMLU), "mmlu-pro"));
      lines = t.value.lines;
      walls.push(t.wall);
      cpus_.push(t.cpu);
      log(`MMLU-Pro run ${run + 1}: ${t.wall.toFixed(1)} s wall, ${t.cpu.toFixed(1)} s CPU (load ${load()})`);
    } finally {
      await dropDb(d);
    }
  }
  return `MMLU-Pro v1, ${lines} lines: median ${median(walls).toFixed(1)} s wall (runs ${runs(walls)}), CPU median ${median(cpus_).toFixed(1)} s (${Math.round(lines / median(walls))} lines/s)`;
}

/** Made-up but varied answers: 0.5–4 KB of text per model, some with code, half right. */
function samplePageFile(file: string): void {
  const lines: object[] = [
    { type: "sample", id: SAMPLE_ID, benchmark: "bench-outputs", input: "Explain why the sky is blue, then give the wavelength of blue light in nm.", reference: "Rayleigh scattering; about 450–495 nm." },
  ];
  for (let m = 0; m < PAGE_MODELS; m++) {
    const para = `Model ${m} answers: sunlight scatters off molecules of the air, and shorter wavelengths scatter more (Rayleigh, ∝ 1/λ⁴). `;
    const output = para.repeat(4 + (m % 30)) + (m % 5 === 0 ? "\n```python\nprint(450)\n```\n" : "") + `Blue light is about ${m % 2 ? 470 : 600} nm.`;
    lines.push({ type: "score", sample: SAMPLE_ID, model: `model-${String(m).padStart(2, "0")}`, metric: "exact_match", value: m % 2, output });
    lines.push({ type: "score", sample: SAMPLE_ID, model: `model-${String(m).padStart(2, "0")}`, metric: "judge_grade", value: (m * 7) % 10, judge: "grader-x", output });
  }
  writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
}

async function renderPage(): Promise<number> {
  const element = await SamplePage({ params: Promise.resolve({ id: SAMPLE_ID.split("/") }) });
  return renderToString(createElement(() => element)).length;
}

async function samplePage(build: boolean, http: boolean): Promise<string[]> {
  const d = await freshDb();
  const out: string[] = [];
  try {
    const file = path.join(d.dir, "outputs.jsonl");
    samplePageFile(file);
    ok(await importFile(file), "sample page data");
    const detail = await getSampleDetail(SAMPLE_ID);
    const chars = detail!.measurements.reduce((n, m) => n + ("output" in m && m.output ? m.output.length : 0), 0);
    out.push(`sample page: ${PAGE_MODELS} models × 2 metrics with outputs (${(chars / 1024).toFixed(0)} KiB of outputs)`);
    const data: number[] = [];
    const page: number[] = [];
    const cpu: number[] = [];
    let html = 0;
    for (let i = 0; i < PAGE_RUNS + 3; i++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await getSampleDetail(SAMPLE_ID);
      const t1 = performance.now();
      html = await renderPage();
      const t2 = performance.now();
      const c = process.cpuUsage(c0);
      if (i < 3) continue; // warm-up: module loading and the first queries
      data.push(t1 - t0);
      page.push(t2 - t0);
      cpu.push((c.user + c.system) / 1000);
    }
    // This process runs React's development build (NODE_ENV is not production) and the embedded
    // database: its CPU time is an upper bound of the page's own work; HTTP below is the real server.
    const rows = [
      latencyRow("in process: getSampleDetail", data),
      latencyRow("in process: page data + render to HTML", page, `${(html / 1024).toFixed(0)} KiB HTML, React development build`),
      latencyRow("in process: the same, CPU ms (incl. the database)", cpu),
    ];
    if (http) {
      await ensureBuild(root, build, log);
      const server = await startServer(root, { ...process.env });
      try {
        const url = `${server.base}/samples/${SAMPLE_ID}`;
        const ms: number[] = [];
        let bytes = 0;
        for (let i = 0; i < PAGE_RUNS + 3; i++) {
          const t0 = performance.now();
          const res = await fetch(url);
          const text = await res.text();
          if (res.status !== 200 || !text.includes("What the models answered")) throw new Error(`GET ${url}: ${res.status}`);
          bytes = text.length;
          if (i >= 3) ms.push(performance.now() - t0);
        }
        rows.push(latencyRow("HTTP GET /samples/<id> (next start)", ms, `${(bytes / 1024).toFixed(0)} KiB HTML + flight data`));
      } finally {
        await server.stop();
      }
    }
    out.push(latencyTable(rows));
    const server = rows.at(-1)!;
    out.push(`target ≤ 300 ms server time (${server.label}): median ${server.median.toFixed(0)} ms, p95 ${server.p95.toFixed(0)} ms: ${server.median <= 300 ? "met" : "NOT met"}`);
  } finally {
    await dropDb(d);
  }
  return out;
}

async function main() {
  const start = load();
  log(`${cpus().length} cores, load average ${start} (1, 5, 15 min)`);
  const lines: string[] = [];
  if (RUNS > 0) lines.push(await alpacaEval());
  if (MMLU_RUNS > 0) lines.push(await mmluPro());
  if (PAGE_RUNS > 0) lines.push(...(await samplePage(process.argv.includes("--build"), !process.argv.includes("--no-http"))));
  console.log(`\n${lines.join("\n")}\nload average at start ${start}, at end ${load()} (1, 5, 15 min; ${cpus().length} cores)`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
