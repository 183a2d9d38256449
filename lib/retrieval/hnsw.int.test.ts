// The HNSW path of retrieval on the demo data, with the index threshold lowered so that its few
// hundred samples count as a large pool: the embedding job builds the index, filtered kNN through
// it finds the same top k as the exact scan (the index walk is forced: on so few vectors the
// planner rightly prefers the exact scan), and the default threshold drops it again.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { leaderboardQuerySchema, type Selection } from "@/lib/selection/schema";
import { demoSummary } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { importDemo } from "@/test/demo";
import { activeEmbedder, pendingEmbeddings } from "./active";
import { embedPendingSamples } from "./embed-pool";
import { ensureVectorIndex, hnswIndexName, vectorIndexExists } from "./hnsw";
import { parseMetadataFilters, searchSamples, type SearchResult } from "./search";

const K = 20;

interface Case {
  name: string;
  params: Record<string, string | string[]>;
}

const CASES: Case[] = [
  { name: "no filter", params: { q: "antibodies" } },
  { name: "no filter", params: { q: "python code" } },
  { name: "no filter", params: { q: "macroeconomics inflation" } },
  { name: "benchmark", params: { q: "contract law", benchmark: "demo-law-mc" } },
  { name: "benchmark", params: { q: "protein", benchmark: "demo-bio-qa" } },
  { name: "two benchmarks", params: { q: "interest rates", benchmark: ["demo-econ-qa", "demo-math-word"] } },
  { name: "tag", params: { q: "sorting a list", tag: "python" } },
  { name: "metadata", params: { q: "capital city", meta: "difficulty:hard" } },
  { name: "threshold", params: { q: "antibodies", threshold: "0.2" } },
];

let embedder = "";
const TEXT = { space: "text", dim: 384 };
const indexExists = () => vectorIndexExists("text", embedder);
const exact = new Map<number, SearchResult>();

async function search(c: Case, k = K, forceIndex = false): Promise<SearchResult> {
  const selection: Selection = leaderboardQuerySchema.parse({ k: String(k), ...c.params });
  const active = await activeEmbedder();
  const [queryVector] = await active.embedder!.embed([selection.q!]);
  return searchSamples({ selection, meta: parseMetadataFilters(selection.meta), queryVector, embedderName: active.name!, k, forceIndex });
}

/** Index scans of the HNSW index so far, as the statistics show them now. */
async function hnswScans(): Promise<number> {
  await pool().query(`SELECT pg_stat_force_next_flush()`);
  const r = await pool().query<{ n: number }>(`SELECT coalesce(sum(idx_scan), 0)::int AS n FROM pg_stat_user_indexes WHERE indexrelname = $1`, [hnswIndexName("text", embedder)]);
  return r.rows[0].n;
}

/** Waits until the index scans reach `want`: on a server with several connections each backend
 * flushes its statistics on its own schedule (at most every 10 s when idle), so a count read at
 * once can miss the scans of the other pooled connections. */
async function hnswScansReach(want: number, timeoutMs = 15_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await hnswScans();
    if (n >= want || Date.now() > deadline) return n;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  await resetDatabase();
  await importDemo();
  const run = await embedPendingSamples();
  embedder = run.embedder!;
});
afterAll(async () => {
  await pool().query(`DROP INDEX IF EXISTS ${hnswIndexName("text", embedder)}`);
  await closeDb();
});

describe("HNSW only where the pool is large", () => {
  it("below the threshold the job builds no index and search scans exactly", async () => {
    expect(await indexExists()).toBe(false);
    expect(await ensureVectorIndex(TEXT, embedder, { minVectors: 1000 })).toMatchObject({ vectors: demoSummary().samples, action: "none" });
    for (const [i, c] of CASES.entries()) {
      const r = await search(c);
      expect(r.method).toBe("exact");
      exact.set(i, r);
    }
  });

  it("the job moves the data version before it builds the index: a failed build holds back no reader", async () => {
    // Five samples lose their vector, so the job has a catch-up to publish; a table squatting on
    // the index's name makes the build fail at its first statement.
    await pool().query(`DELETE FROM embeddings WHERE space = 'text' AND model = $1 AND sample_pk IN (SELECT pk FROM samples ORDER BY pk LIMIT 5)`, [embedder]);
    const squatter = pg.escapeIdentifier(hnswIndexName("text", embedder));
    await pool().query(`CREATE TABLE ${squatter} (x int)`);
    try {
      const before = await dataVersion();
      await expect(embedPendingSamples(undefined, { hnswMinVectors: 100 })).rejects.toThrow(/is not an index/);
      expect(await dataVersion()).toBe(before + 1);
      expect(await pendingEmbeddings()).toBe(0);
    } finally {
      await pool().query(`DROP TABLE ${squatter}`);
    }
  });

  it("above the threshold the embedding job creates the index, and no pooled session keeps the build's setting", async () => {
    const boot = await pool().query<{ v: string }>(`SELECT reset_val AS v FROM pg_settings WHERE name = 'max_parallel_maintenance_workers'`);
    const t0 = performance.now();
    await embedPendingSamples(undefined, { hnswMinVectors: 100 });
    console.log(`HNSW index over ${demoSummary().samples} vectors built in ${(performance.now() - t0).toFixed(0)} ms`);
    expect(await indexExists()).toBe(true);
    expect(await ensureVectorIndex(TEXT, embedder, { minVectors: 100 })).toMatchObject({ action: "kept" });
    // Every connection the pool holds (the embedded database's one session among them).
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool().connect()));
    try {
      for (const c of clients) expect((await c.query<{ v: string }>(`SELECT current_setting('max_parallel_maintenance_workers') AS v`)).rows[0].v).toBe(boot.rows[0].v);
    } finally {
      for (const c of clients) c.release();
    }
  });

  it("the planner may still scan exactly where that is cheaper (the demo's few hundred vectors), with the same answer", async () => {
    for (const [i, c] of CASES.entries()) {
      const r = await search(c);
      expect(r.method).toBe("hnsw");
      expect(r.samples).toEqual(exact.get(i)!.samples);
    }
  });

  it("filtered kNN through the index finds the exact top k (recall ≥ 0.95) and keeps the filters", async () => {
    const scansBefore = await hnswScans();
    const recalls: number[] = [];
    for (const [i, c] of CASES.entries()) {
      const r = await search(c, K, true);
      const want = exact.get(i)!;
      expect(r.method, c.name).toBe("hnsw");
      expect(r.samples.length, `${c.name} "${c.params.q}"`).toBe(want.samples.length);
      const wanted = new Set(want.samples.map((s) => s.pk));
      const recall = want.samples.length ? r.samples.filter((s) => wanted.has(s.pk)).length / want.samples.length : 1;
      recalls.push(recall);
      // Re-sorted by exact distance: best first, like the exact scan.
      const sims = r.samples.map((s) => s.similarity!);
      expect([...sims].sort((a, b) => b - a)).toEqual(sims);
      if (c.params.threshold) expect(Math.min(...sims)).toBeGreaterThanOrEqual(Number(c.params.threshold) - 1e-9);
      const got = await pool().query<{ benchmark: string; python: boolean; difficulty: string | null }>(
        `SELECT benchmark, 'python' = ANY(tags) AS python, metadata->>'difficulty' AS difficulty FROM samples WHERE pk = ANY($1::int[])`,
        [r.samples.map((s) => s.pk)],
      );
      for (const row of got.rows) {
        if (c.params.benchmark) expect([c.params.benchmark].flat()).toContain(row.benchmark);
        if (c.params.tag) expect(row.python).toBe(true);
        if (c.params.meta) expect(row.difficulty).toBe("hard");
      }
    }
    const mean = recalls.reduce((a, b) => a + b, 0) / recalls.length;
    console.log(`HNSW recall@${K} vs exact: ${recalls.map((r) => r.toFixed(2)).join(" ")}; mean ${mean.toFixed(3)}`);
    expect(mean).toBeGreaterThanOrEqual(0.95);
    expect(Math.min(...recalls)).toBeGreaterThanOrEqual(0.85);
    // The planner really used the index (not a sequential scan that would trivially agree).
    expect(await hnswScansReach(scansBefore + CASES.length)).toBeGreaterThanOrEqual(scansBefore + CASES.length);
  });

  it("a filter that matches fewer than k samples falls back to the exact scan", async () => {
    const c: Case = { name: "small benchmark", params: { q: "essay", benchmark: "demo-law-essay" } };
    const r = await search(c, 50, true);
    expect(r.method).toBe("hnsw+exact");
    const n = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples WHERE benchmark = 'demo-law-essay'`);
    expect(r.samples).toHaveLength(n.rows[0].n);
  });

  it("back under the default threshold the job drops the index", async () => {
    expect(await embedPendingSamples()).toMatchObject({ embedded: 0 });
    expect(await indexExists()).toBe(false);
    expect((await search(CASES[0])).method).toBe("exact");
  });
});
