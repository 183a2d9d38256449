// The HNSW path of retrieval on a benchmark's pool, with the index threshold lowered so the pool
// counts as large: build time, then per query the exact scan against the index (as the planner
// chooses it, and forced), with and without a selective filter: latency and recall of the top k.
import { leaderboardQuerySchema, type Selection } from "@/lib/selection/schema";
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { activeEmbedder } from "@/lib/retrieval/active";
import { ensureVectorIndex } from "@/lib/retrieval/hnsw";
import { parseMetadataFilters, searchSamples, type SearchResult } from "@/lib/retrieval/search";
import { latencyRow, type LatencyRow } from "./bench-stats";

export interface HnswBench {
  lines: string[];
  rows: LatencyRow[];
}

export async function benchHnsw(queries: string[], k: number, filter: Record<string, string>): Promise<HnswBench> {
  const active = await activeEmbedder();
  if (!active.embedder || !active.name) throw new Error(`no embedder: ${active.reason}`);
  const embedder = active.embedder;
  const name = active.name;
  const variants = [
    { label: "no filter", params: {} },
    { label: Object.entries(filter).map(([key, v]) => `${key}=${v}`).join("&"), params: filter },
  ];
  const run = async (q: string, params: Record<string, string>, forceIndex: boolean): Promise<[SearchResult, number]> => {
    const selection: Selection = leaderboardQuerySchema.parse({ q, k: String(k), ...params });
    const [vector] = await embedder.embed([q]);
    const t0 = performance.now();
    const r = await searchSamples({ selection, meta: parseMetadataFilters(selection.meta), queryVector: vector, embedderName: name, k, forceIndex });
    return [r, performance.now() - t0];
  };

  const exact = new Map<string, Set<number>>();
  const rows: LatencyRow[] = [];
  for (const v of variants) {
    const ms: number[] = [];
    for (const q of queries) {
      const [r, t] = await run(q, v.params, false);
      if (r.method !== "exact") throw new Error(`expected the exact scan before the index exists, got ${r.method}`);
      exact.set(`${v.label}\u0000${q}`, new Set(r.samples.map((s) => s.pk)));
      ms.push(t);
    }
    rows.push(latencyRow(`kNN exact, ${v.label}`, ms, `k=${k}, no index`));
  }

  const built = await ensureVectorIndex(await getEmbeddingSpace("text"), name, { minVectors: 1 });
  const lines = [`HNSW index over ${built.vectors} vectors: ${built.action} in ${(built.ms / 1000).toFixed(1)} s (blocks the database meanwhile)`];
  for (const forceIndex of [false, true]) {
    for (const v of variants) {
      const ms: number[] = [];
      const recalls: number[] = [];
      const methods = new Set<string>();
      for (const q of queries) {
        const [r, t] = await run(q, v.params, forceIndex);
        const want = exact.get(`${v.label}\u0000${q}`)!;
        recalls.push(want.size ? r.samples.filter((s) => want.has(s.pk)).length / want.size : 1);
        methods.add(r.method ?? "none");
        ms.push(t);
      }
      const recall = recalls.reduce((a, b) => a + b, 0) / recalls.length;
      rows.push(
        latencyRow(
          `kNN ${forceIndex ? "HNSW forced" : "index exists, planner's choice"}, ${v.label}`,
          ms,
          `recall@${k} ${recall.toFixed(3)} (min ${Math.min(...recalls).toFixed(3)}), ${[...methods].join("/")}`,
        ),
      );
    }
  }
  return { lines, rows };
}
