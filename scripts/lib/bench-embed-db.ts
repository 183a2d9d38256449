// `npm run bench:embed -- --db [FILE]`: the embedding job's database path on a benchmark's samples,
// in a fresh embedded Postgres: the first run (fit + embed + write into `embeddings`), exact kNN
// over the text space, then a switch to another fit (its vectors written beside the active
// model's, the flip, the old vectors deleted in batches), kNN while it is under way and after it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { closeDb } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { saveFallbackFit } from "@/lib/db/queries/embedder-state";
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { coveredSamples } from "@/lib/db/queries/embeddings";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { reloadEnv } from "@/lib/env";
import { importFile } from "@/lib/ingest";
import { createOldLayoutTable, dropOldLayoutTable, knnOldLayout } from "@/lib/db/queries/bench-old-layout";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { activeEmbedder } from "@/lib/retrieval/active";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { fitLsa, sampleDocument, serializeLsa } from "@/lib/retrieval/embedder";
import { retrieve } from "@/lib/serving/retrieve";
import { latencyRow, latencyTable, type LatencyRow } from "./bench-stats";

const load = () => loadavg().map((x) => x.toFixed(2)).join(" ");
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const out = await f();
  return [out, performance.now() - t0];
}

/** One retrieval per query (after one warm-up pass), timed: embedding the query + the SQL. */
async function knn(queries: string[], k: number): Promise<number[]> {
  for (const q of queries) await retrieve(leaderboardQuerySchema.parse({ q, k: String(k) }));
  const ms: number[] = [];
  for (const q of queries) ms.push((await timed(() => retrieve(leaderboardQuerySchema.parse({ q, k: String(k) }))))[1]);
  return ms;
}

/**
 * The baseline: the layout before the embedding_spaces migration (each vector inside its sample
 * row, stored MAIN), rebuilt in a scratch table from the same vectors, searched with that layout's
 * query (no join). What the join between embeddings and samples costs is the difference.
 */
async function knnInSampleRows(queries: string[], k: number): Promise<number[]> {
  const model = (await getEmbeddingSpace("text")).activeModel!;
  await createOldLayoutTable(model);
  const embedder = (await activeEmbedder()).embedder!;
  const run = async (q: string) => {
    const [v] = await embedder.embed([q]);
    const t0 = performance.now();
    await knnOldLayout(v, k);
    return performance.now() - t0;
  };
  for (const q of queries) await run(q);
  const ms: number[] = [];
  for (const q of queries) ms.push(await run(q));
  await dropOldLayoutTable();
  return ms;
}

export async function benchEmbedDb(file: string, queries: string[]): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-embed-db-"));
  const db = await startEmbeddedPostgres({ dataDir: dir });
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, EMBEDDER: "fallback", NO_DEMO: "1" });
  reloadEnv();
  try {
    const p = new pg.Pool({ connectionString: db.url, max: 1 });
    await migrate(p);
    await p.end();
    // Samples only: the embedding job never reads measurements.
    const text = file.endsWith(".gz") ? gunzipSync(readFileSync(file)).toString("utf8") : readFileSync(file, "utf8");
    const samplesFile = path.join(dir, "samples.jsonl");
    writeFileSync(samplesFile, text.split("\n").filter((l) => /^\{"type": ?"sample"/.test(l)).join("\n") + "\n");
    const report = await importFile(samplesFile);
    console.log(`\n[db] ${report.counts.samples_new} samples imported; load average ${load()}`);

    const v0 = await dataVersion();
    const [first, firstMs] = await timed(() => embedPendingSamples());
    console.log(`[db] first run: fit + embed + write ${first.embedded} vectors in ${secs(firstMs)}; data version ${v0} → ${await dataVersion()}`);
    const rows: LatencyRow[] = [];
    rows.push(latencyRow("kNN exact, k=50", await knn(queries, 50), first.embedder!));
    rows.push(latencyRow("kNN exact, k=1000", await knn(queries, 1000), first.embedder!));
    rows.push(latencyRow("  the same SQL before the spaces migration", await knnInSampleRows(queries, 50), "vectors inside the sample rows, k=50"));

    // A switch: another fit (another seed) becomes the newest, so the next run builds it beside.
    const docs = (await coveredSamples({ space: "text", modality: "text" })).map(sampleDocument);
    const other = fitLsa(docs, { seed: 2 });
    await saveFallbackFit(other.name, docs.length, serializeLsa(other));
    const v1 = await dataVersion();
    let during: number[] = [];
    const [second, secondMs] = await timed(() =>
      embedPendingSamples(async ({ embedded }) => {
        if (during.length === 0 && embedded > 0) during = await knn(queries, 50);
      }),
    );
    rows.push(latencyRow("kNN exact, k=50, during the switch", during, `${first.embedder} answers; both models' vectors stored`));
    rows.push(latencyRow("kNN exact, k=50, after the flip", await knn(queries, 50), second.embedder!));
    console.log(
      `[db] switch to ${second.embedder}: ${second.embedded} vectors written beside ${first.embedder}, flip, ` +
        `${second.removed} old vectors deleted, in ${secs(secondMs)} (the kNN timings during it included); data version ${v1} → ${await dataVersion()}`,
    );
    console.log(`\n${latencyTable(rows)}\nload average after: ${load()}`);
  } finally {
    await closeDb();
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
