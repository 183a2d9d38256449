// `npm run bench:scale -- --samples N --db embedded|native [--runs R] [--queries Q] [--skip-embed] [--skip-index] [--pool DIR] [--saved] [--profile FILE]`: the serving
// path (lib/serving) on a generated pool, the figures of issue 16's target table. In a fresh
// database (embedded Postgres in a temp dir, or a throwaway native PostgreSQL 15 + pgvector from
// scripts/native-pg.sh) it writes a synthetic results file (N samples over 40 benchmarks, 60
// models, ~10 measurements a sample: 9 scores and one pairwise line, texts drawn from
// per-benchmark topic vocabularies so that queries find something), imports it, embeds it with
// the offline fallback, then measures in this process, as a web process would answer:
//   read-model load      the first request's full load (samples, measurements, then vectors)
//   capability query     computeLeaderboard uncached, distinct queries: the default (adaptive) cut,
//                        k = 1,000 (version 1's default, which the issue's targets were set with)
//                        and k = 10,000
//   first computation    the whole-pool leaderboard, a model profile and compare computed once,
//                        cold, as a web process's warm-up does at its start
//   after a change       then each of R runs first publishes a one-line upload (data version + 1),
//                        then times the first whole-pool leaderboard, model profile and compare
//                        (incremental read-model update + gather + fits, no cache)
//   web warm-up          after an upload of one sample, then after its embedding run: what a web
//                        process recomputes in the background per new version (lib/web/warm.ts)
//   --saved              saved leaderboards after an upload of 1,000 samples: which are refitted, which
//                        kept, and when the touched ones are current (scripts/lib/bench-saved-refresh.ts)
// and the process's peak RSS. --skip-embed leaves the pool unembedded and times only the read-model
// load and the requests after a change (no capability queries: they need vectors), for iterating on fits;
// it waits a minute after the import instead, as the embedding would have. Prints the load average with the figures (2 shared cores: compare
// medians of several runs only at similar load).
// --pool DIR keeps the generated, imported (and embedded) pool in DIR and reuses it on the next run
// with the same DIR (same --samples; embedded database only): generating and importing 100k takes
// minutes of both cores. A run on a kept pool works on a copy of it (1.1 GB at 100k, seconds), so
// every run meets the same pool and its changes bring models the pool has not seen; the run that
// builds the kept pool stops after the import and the embedding.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import inspector from "node:inspector";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { closeDb } from "@/lib/db/client";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { compareModels } from "@/lib/compare/compare";
import { modelProfile } from "@/lib/models/profile";
import { migrate } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";
import { importFile, ingestStream } from "@/lib/ingest";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { stopQueue } from "@/lib/queue";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { fitFallback } from "@/lib/retrieval/fallback-fit";
import { leaderboardQuerySchema, selectionSchema } from "@/lib/selection/schema";
import { servingModel } from "@/lib/serving/current";
import { warmServing } from "@/lib/web/warm";
import { latencyRow, latencyTable, type LatencyRow } from "./lib/bench-stats";
import { savedRefreshPhase } from "./lib/bench-saved-refresh";
import { startNativePg } from "./lib/bench-db";
import { BENCHMARKS, MODELS, modelNames, syntheticVocabulary, writeSyntheticPool } from "./lib/synthetic-pool";
import { mulberry32 } from "@/lib/retrieval/embedder/prng";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SAMPLES = arg("samples", 20_000);
const QUERIES = arg("queries", 30);
const RUNS = arg("runs", 3);
const dbArg = args.includes("--db") ? args[args.indexOf("--db") + 1] : "embedded";
if (dbArg !== "embedded" && dbArg !== "native") throw new Error(`--db must be embedded or native, not ${dbArg}`);
const DB: "embedded" | "native" = dbArg;
const SKIP_EMBED = args.includes("--skip-embed");
/** --skip-index: the embedding leaves out pgvector's HNSW index, which the serving path does not read (at 1M on a native server it builds for ~40 min on 2 busy cores, in the background in a portal). */
const SKIP_INDEX = args.includes("--skip-index");
/** Every embedding run of the bench (the pool's, and the web warm-up's after an upload) builds no HNSW index under --skip-index. */
const embedOptions = SKIP_INDEX ? { hnswMinVectors: Infinity } : {};
const POOL_DIR = args.includes("--pool") ? path.resolve(args[args.indexOf("--pool") + 1]) : null;
if (POOL_DIR && DB !== "embedded") throw new Error("--pool keeps an embedded database only");
const SAVED = args.includes("--saved");
/** --profile FILE: a CPU profile (.cpuprofile, for Chrome's DevTools) of the requests after a change, and only of them. */
const PROFILE = args.includes("--profile") ? path.resolve(args[args.indexOf("--profile") + 1]) : null;

const log = (msg: string) => console.log(`[bench:scale] ${msg}`);
const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/** The V8 sampling profiler of this process (node:inspector), started now. */
async function startProfile(): Promise<{ stop(): Promise<object> }> {
  const session = new inspector.Session();
  session.connect();
  const post = <T,>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res as T))));
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: 1000 });
  await post("Profiler.start");
  return {
    stop: async () => {
      const { profile } = await post<{ profile: object }>("Profiler.stop");
      session.disconnect();
      return profile;
    },
  };
}

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await f();
  return [out, performance.now() - t0];
}

/** Wall time and the process's CPU time (all its threads, the embedded database's included), in ms. */
async function timedCpu(f: () => Promise<unknown>): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const [, ms] = await timed(f);
  const used = process.cpuUsage(cpu);
  return [ms, (used.user + used.system) / 1000];
}


/** A fresh database: embedded in `dir`, or a throwaway native server (stopped by the returned function). */
async function startDatabase(dir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  if (DB === "embedded") {
    const db = await startEmbeddedPostgres({ dataDir: dir });
    return { url: db.url, stop: () => db.stop() };
  }
  return startNativePg();
}

/** Publishes a one-line upload: the data version moves, so the next request meets a change. */
async function change(i: number): Promise<void> {
  const line = { type: "score", sample: `bench-0/0`, model: `model-change-${i}`, metric: "accuracy", value: 1 };
  const upload = await ingestStream(Readable.from([Buffer.from(JSON.stringify(line) + "\n")]), { fileName: "change.jsonl" });
  if (upload.status !== "done") throw new Error(`change upload ${upload.status}`);
}

async function main() {
  if (POOL_DIR) mkdirSync(POOL_DIR, { recursive: true });
  // A kept pool says what it holds once built; a run on it works on a copy beside it.
  const marker = POOL_DIR && path.join(POOL_DIR, "bench-pool.json");
  const kept = marker && existsSync(marker) ? (JSON.parse(readFileSync(marker, "utf8")) as { samples: number; embedded: boolean }) : null;
  if (kept && kept.samples !== SAMPLES) throw new Error(`--pool ${POOL_DIR} holds ${kept.samples} samples, not ${SAMPLES}`);
  if (kept && !kept.embedded && !SKIP_EMBED) throw new Error(`--pool ${POOL_DIR} was kept without embeddings: add --skip-embed`);
  const dir = POOL_DIR && !kept ? POOL_DIR : mkdtempSync(path.join(POOL_DIR ? path.dirname(POOL_DIR) : tmpdir(), "bench-scale-"));
  if (kept) cpSync(POOL_DIR!, dir, { recursive: true });
  const db = await startDatabase(dir);
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, EMBEDDER: "fallback", NO_DEMO: "1" });
  reloadEnv();
  const rows: LatencyRow[] = [];
  const summary: string[] = [`load average at the start: ${load()}`];
  let peakRss = 0;
  const sampleRss = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    const p = new pg.Pool({ connectionString: db.url, max: 1 });
    await migrate(p);
    await p.end();
    let words: string[];
    if (kept) {
      words = syntheticVocabulary(); // the generator's first draws
      summary.push(`a copy of the kept pool ${POOL_DIR}`);
      log(summary.at(-1)!);
    } else {
      const file = path.join(dir, "pool.jsonl");
      words = writeSyntheticPool(file, SAMPLES).words;
      const [report, importMs] = await timed(() => importFile(file));
      if (report.status !== "done") throw new Error(`import ${report.status}: ${JSON.stringify(report.errors.slice(0, 3))}`);
      if (POOL_DIR) rmSync(file);
      summary.push(`import: ${report.counts.samples_new} samples, ${report.counts.measurements_new} measurements in ${(importMs / 1000).toFixed(1)} s`);
      log(summary.at(-1)!);
      if (!SKIP_EMBED) {
        const [, embedMs] = await timed(async () => (await fitFallback(), await embedPendingSamples(undefined, embedOptions)));
        summary.push(`embedding (offline fallback${SKIP_INDEX ? ", no HNSW index: --skip-index" : ", with the HNSW index"}): ${(embedMs / 1000).toFixed(1)} s`);
        log(summary.at(-1)!);
      }
      if (POOL_DIR) {
        // The kept pool stays as imported: the runs measure on copies of it.
        writeFileSync(marker!, JSON.stringify({ samples: SAMPLES, embedded: !SKIP_EMBED }));
        console.log(`\n${summary.join("\n")}\nkept pool built in ${POOL_DIR}: run again with the same --pool to measure on a copy of it`);
        return;
      }
    }

    // Without the embedding's minutes, wait out the read model's update margin (samples updated
    // within a minute before a read are read again at the next update: lib/serving/read-model.ts),
    // so that the runs below see what they would after the embedding.
    if (SKIP_EMBED && !kept) await new Promise((resolve) => setTimeout(resolve, 61_000));

    // Serving from here on: the peak counts the read model and the fits (the import and embedding
    // ran in this process too, so it is an upper bound for a web process's).
    peakRss = 0;
    const [model, loadMs] = await timed(() => servingModel());
    const [, vectorMs] = SKIP_EMBED ? [null, NaN] : await timed(() => computeLeaderboard(leaderboardQuerySchema.parse({ q: `${words[0]} ${words[1]}` }), { useCache: false }));
    summary.push(
      `read model: ${model.samples.size} samples, ${model.measurements.rows} measurements loaded in ${(loadMs / 1000).toFixed(1)} s; ` +
        (SKIP_EMBED ? "not embedded (--skip-embed); " : `first query with the vector load ${(vectorMs / 1000).toFixed(1)} s; `) +
        `RSS ${mb(process.memoryUsage().rss)}`,
    );
    log(summary.at(-1)!);

    const rand = mulberry32(11);
    const query = () => `${words[Math.floor(rand() * words.length)]} ${words[Math.floor(rand() * words.length)]}`;
    const capabilityQueries = SKIP_EMBED ? [] : ([["capability query, default k", undefined], ["capability query, k = 1,000", "1000"], ["capability query, k = 10,000", "10000"]] as const);
    for (const [label, k] of capabilityQueries) {
      const ms: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const q = leaderboardQuerySchema.parse(k ? { q: query(), k } : { q: query() });
        const [wall, used] = await timedCpu(() => computeLeaderboard(q, { useCache: false }));
        ms.push(wall);
        cpu.push(used);
      }
      rows.push(latencyRow(label, ms, "computeLeaderboard, uncached, distinct queries"));
      rows.push(latencyRow(`  the same, process CPU time`, cpu, "user + system of every thread of this process"));
      log(`${label} done (load ${load()})`);
    }
    if (SAVED && !SKIP_EMBED) {
      const saved = await savedRefreshPhase({ words, models: modelNames(), rand: mulberry32(13), log });
      rows.push(...saved.rows);
      summary.push(...saved.summary);
      log(`${saved.summary.join("; ")} (load ${load()})`);
    }
    // Wall time and CPU time of each: on a shared machine the CPU time is what compares across loads.
    const after = { whole: [] as [number, number][], profile: [] as [number, number][], compare: [] as [number, number][] };
    const all = selectionSchema.parse({});
    // Each first computed once, as a web process's warm-up does when it starts (lib/web/warm.ts):
    // a change then meets what an earlier version computed, as it does in a running portal. The
    // first computations are timed on their own (cold: nothing to start from).
    const cold = [
      await timedCpu(() => computeLeaderboard(leaderboardQuerySchema.parse({}))),
      await timedCpu(() => modelProfile("model-00")),
      await timedCpu(() => compareModels({ models: [], selection: all })),
    ];
    log(`first computations done (load ${load()})`);
    const profiler = PROFILE ? await startProfile() : null;
    for (let i = 0; i < RUNS; i++) {
      await change(3 * i);
      after.whole.push(await timedCpu(() => computeLeaderboard(leaderboardQuerySchema.parse({}))));
      await change(3 * i + 1);
      after.profile.push(await timedCpu(() => modelProfile("model-00")));
      await change(3 * i + 2);
      after.compare.push(await timedCpu(() => compareModels({ models: [], selection: all })));
      log(`run ${i + 1} of ${RUNS} after a change done (load ${load()})`);
    }
    if (profiler && PROFILE) {
      writeFileSync(PROFILE, JSON.stringify(await profiler.stop()));
      log(`CPU profile of the requests after a change: ${PROFILE}`);
    }
    const note = "first request after an upload: incremental update + gather + fits";
    for (const [j, [label, runs]] of ([["whole-pool leaderboard", after.whole], ["model profile", after.profile], ["compare (default models)", after.compare]] as const).entries()) {
      rows.push(latencyRow(`${label}, first computation`, [cold[j][0]], "cold, after the read-model load: what a web process's warm-up does once at its start"));
      rows.push(latencyRow(`  the same, process CPU time`, [cold[j][1]], "user + system of every thread of this process"));
      rows.push(latencyRow(`${label} after a change`, runs.map(([ms]) => ms), note));
      rows.push(latencyRow(`  the same, process CPU time`, runs.map(([, cpu]) => cpu), "user + system of every thread of this process"));
    }
    if (!SKIP_EMBED) {
      // What a web process does in the background after each new version (lib/web/warm.ts): after
      // an upload of one new sample, then after the embedding run that gives it a vector (no
      // measurement moved: the whole pool's computations are kept).
      const rewarm = { upload: [] as [number, number][], embed: [] as [number, number][] };
      await warmServing();
      for (let i = 0; i < RUNS; i++) {
        const line = { type: "sample", id: `rewarm/${i}`, benchmark: "rewarm", input: `${words[i % words.length]} ${words[(7 * i + 3) % words.length]} rewarm` };
        const upload = await ingestStream(Readable.from([Buffer.from(JSON.stringify(line) + "\n")]), { fileName: "rewarm.jsonl" });
        if (upload.status !== "done") throw new Error(`rewarm upload ${upload.status}`);
        rewarm.upload.push(await timedCpu(() => warmServing()));
        await embedPendingSamples(undefined, embedOptions);
        rewarm.embed.push(await timedCpu(() => warmServing()));
      }
      log(`web warm-ups after new versions done (load ${load()})`);
      for (const [label, runs] of [["web warm-up after an upload (one sample)", rewarm.upload], ["web warm-up after its embedding run", rewarm.embed]] as const) {
        rows.push(latencyRow(label, runs.map(([ms]) => ms), "read model, keyword index, vectors, overall leaderboard, compare, pool fits (lib/web/warm.ts)"));
        rows.push(latencyRow(`  the same, process CPU time`, runs.map(([, cpu]) => cpu), "user + system of every thread of this process"));
      }
    }
    summary.push(`peak RSS while serving: ${mb(peakRss)}; load average at the end: ${load()}`);
    console.log(`\n${SAMPLES} samples, ${BENCHMARKS} benchmarks, ${MODELS} models, ${DB} database\n${summary.join("\n")}\n${latencyTable(rows)}`);
  } finally {
    clearInterval(sampleRss);
    await stopQueue().catch(() => undefined);
    await closeDb();
    await db.stop();
    if (dir !== POOL_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
