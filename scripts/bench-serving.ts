// `npm run bench:serving [-- --samples N]`: the serving read model (lib/serving) on a generated pool.
// In a fresh embedded Postgres in a temp dir: writes a synthetic results file (N samples over 40
// benchmarks, 60 models, ~10 measurements a sample: 9 scores and one pairwise line, texts drawn
// from per-benchmark topic vocabularies so that queries find something), imports it, embeds it
// with the offline fallback, then measures in this process:
//   read-model load      the first request's full load (samples, measurements, then vectors)
//   capability query     computeLeaderboard uncached, distinct queries, default k
//   k = 10,000           the same with k = 10,000
//   whole pool           the whole-pool leaderboard on the first request after an upload
//                        (incremental update of the read model + gather + fit)
// and the process's RSS. Prints the load average with the figures.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import { closeDb } from "@/lib/db/client";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";
import { importFile, ingestStream } from "@/lib/ingest";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { stopQueue } from "@/lib/queue";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { fitFallback } from "@/lib/retrieval/fallback-fit";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { servingModel } from "@/lib/serving/current";
import { latencyRow, latencyTable, type LatencyRow } from "./lib/bench-stats";

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SAMPLES = arg("samples", 20_000);
const QUERIES = arg("queries", 30);
const BENCHMARKS = 40;
const MODELS = 60;
const SCORES_PER_SAMPLE = 9;

const log = (msg: string) => console.log(`[bench:serving] ${msg}`);
const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await f();
  return [out, performance.now() - t0];
}

/** A small deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qui", "dro", "fen", "gar", "hol", "jun", "bex", "cyr", "wan", "yel"];

/** 2,000 pseudo-words; benchmark b's topic words are the 50 from index 50·b. */
function vocabulary(rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < 2000) {
    const n = 2 + Math.floor(rand() * 2);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join(""));
  }
  return [...words];
}

function generate(file: string): string[] {
  const rand = prng(7);
  const words = vocabulary(rand);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const models = Array.from({ length: MODELS }, (_, m) => `model-${String(m).padStart(2, "0")}`);
  const skill = models.map(() => rand() * 2 - 1);
  const lines: string[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const b = i % BENCHMARKS;
    const topic = words.slice(50 * b, 50 * b + 50);
    const text = Array.from({ length: 12 + Math.floor(rand() * 12) }, () => (rand() < 0.7 ? pick(topic) : pick(words))).join(" ");
    const id = `bench-${b}/${i}`;
    const sample = { type: "sample", id, benchmark: `bench-${b}`, input: text, task: b % 3 ? "qa" : "generation", tags: [`topic-${b % 8}`], metadata: { difficulty: pick(["easy", "medium", "hard"]) } };
    lines.push(JSON.stringify(sample));
    const chosen = new Set<number>();
    while (chosen.size < SCORES_PER_SAMPLE + 2) chosen.add(Math.floor(rand() * MODELS));
    const [a, bModel, ...scored] = [...chosen];
    for (const m of scored) lines.push(JSON.stringify({ type: "score", sample: id, model: models[m], metric: "accuracy", value: rand() < 0.5 + skill[m] / 3 ? 1 : 0 }));
    lines.push(JSON.stringify({ type: "pairwise", sample: id, model_a: models[a], model_b: models[bModel], winner: skill[a] + rand() - 0.5 > skill[bModel] ? "a" : "b" }));
  }
  writeFileSync(file, lines.join("\n") + "\n");
  return words;
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-serving-"));
  const db = await startEmbeddedPostgres({ dataDir: dir });
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, EMBEDDER: "fallback", NO_DEMO: "1" });
  reloadEnv();
  const rows: LatencyRow[] = [];
  const summary: string[] = [];
  try {
    const p = new pg.Pool({ connectionString: db.url, max: 1 });
    await migrate(p);
    await p.end();
    const file = path.join(dir, "pool.jsonl");
    const words = generate(file);
    const [report, importMs] = await timed(() => importFile(file));
    if (report.status !== "done") throw new Error(`import ${report.status}: ${JSON.stringify(report.errors.slice(0, 3))}`);
    summary.push(`import: ${report.counts.samples_new} samples, ${report.counts.measurements_new} measurements in ${(importMs / 1000).toFixed(1)} s`);
    log(summary.at(-1)!);
    const [, embedMs] = await timed(async () => (await fitFallback(), await embedPendingSamples()));
    summary.push(`embedding (offline fallback): ${(embedMs / 1000).toFixed(1)} s`);
    log(summary.at(-1)!);

    const [model, loadMs] = await timed(() => servingModel());
    const [, vectorMs] = await timed(() => computeLeaderboard(leaderboardQuerySchema.parse({ q: `${words[0]} ${words[1]}` }), { useCache: false }));
    summary.push(
      `read model: ${model.samples.size} samples, ${model.measurements.rows} measurements loaded in ${(loadMs / 1000).toFixed(1)} s; ` +
        `first query with the vector load ${(vectorMs / 1000).toFixed(1)} s; RSS ${mb(process.memoryUsage().rss)}`,
    );
    log(summary.at(-1)!);

    const rand = prng(11);
    const query = () => `${words[Math.floor(rand() * words.length)]} ${words[Math.floor(rand() * words.length)]}`;
    for (const [label, k] of [["capability query, default k", undefined], ["capability query, k = 10,000", "10000"]] as const) {
      const ms: number[] = [];
      for (let i = 0; i < QUERIES; i++) {
        const q = leaderboardQuerySchema.parse(k ? { q: query(), k } : { q: query() });
        ms.push((await timed(() => computeLeaderboard(q, { useCache: false })))[1]);
      }
      rows.push(latencyRow(label, ms, "computeLeaderboard, uncached, distinct queries"));
      log(`${label} done`);
    }
    const whole: number[] = [];
    for (let i = 0; i < 3; i++) {
      const line = { type: "score", sample: `bench-0/0`, model: `model-new-${i}`, metric: "accuracy", value: 1 };
      const upload = await ingestStream(Readable.from([Buffer.from(JSON.stringify(line) + "\n")]), { fileName: "change.jsonl" });
      if (upload.status !== "done") throw new Error(`change upload ${upload.status}`);
      whole.push((await timed(() => computeLeaderboard(leaderboardQuerySchema.parse({}))))[1]);
    }
    rows.push(latencyRow("whole-pool leaderboard after a change", whole, "first request after an upload: incremental update + gather + fit"));
    summary.push(`RSS after the runs: ${mb(process.memoryUsage().rss)}; load average ${loadavg().map((x) => x.toFixed(2)).join(" ")}`);
    console.log(`\n${SAMPLES} samples, ${BENCHMARKS} benchmarks, ${MODELS} models\n${summary.join("\n")}\n${latencyTable(rows)}`);
  } finally {
    await stopQueue().catch(() => undefined);
    await closeDb();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
