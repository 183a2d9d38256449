// Sample retrieval in SQL: cosine kNN in pgvector over one space's active-model vectors, combined
// with metadata filters (OR within one key, AND across keys), `k` and a similarity cut-off. Without
// a query text, every visible sample matching the filters is selected. Small spaces are scanned
// exactly; large ones through their model's HNSW index (hnsw.ts) when it exists. Requests are
// answered from the read model instead (lib/serving/retrieve.ts); this path is the reference the
// read model is tested against and what the HNSW tests and benchmarks measure.
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { filterSamples, nearestSamples, type KnnMethod, type MetadataFilter, type SampleFilters } from "@/lib/db/queries/embeddings-search";
import type { Selection } from "@/lib/selection/schema";
import type { Why } from "./lexical";
import { TEXT_SPACE } from "./spaces";

export type { KnnMethod, MetadataFilter } from "@/lib/db/queries/embeddings-search";

export interface RetrievedSample {
  pk: number;
  /** Cosine similarity to the query; null when no query text was given. */
  similarity: number | null;
  /** Why it matched (lib/serving/query-search.ts), when a query text was searched. */
  why?: Why;
  /** After fusing spaces: the similarity in each space that found the sample. */
  similarities?: Record<string, number>;
}

/** Parses `key:value` strings of the `meta` parameter into per-key filters. */
export function parseMetadataFilters(raw: string[]): MetadataFilter[] {
  const byKey = new Map<string, string[]>();
  for (const item of raw) {
    const i = item.indexOf(":");
    if (i <= 0) continue;
    const key = item.slice(0, i);
    byKey.set(key, [...(byKey.get(key) ?? []), item.slice(i + 1)]);
  }
  return [...byKey].map(([key, values]) => ({ key, values }));
}

export interface SearchInput {
  selection: Selection;
  meta?: MetadataFilter[];
  /** Query embedding from the space's active model (required when selection.q is set). */
  queryVector?: Float32Array;
  /** The model whose vectors are compared with the query vector. */
  embedderName?: string;
  /** The embedding space searched (default: text). */
  space?: string;
  k: number;
  /**
   * Walk the HNSW index (when it exists) even where the planner would scan exactly: tests and
   * benchmarks compare the two on pools too small for the planner to choose the index.
   */
  forceIndex?: boolean;
}

export interface SearchResult {
  samples: RetrievedSample[];
  /** null without a query text. */
  method: KnnMethod | null;
}

/**
 * The candidate list of each HNSW search round: pgvector's maximum (its default, 40, is far too few
 * with filters). On MMLU-Pro (12k vectors, a tag filter passing 9%) 400 instead finds 0.90–0.94 of
 * the exact top 20–50, 1000 finds 0.98, for a few ms more (npm run bench:query -- --hnsw).
 */
const EF_SEARCH = 1000;
/** An iterative scan visits at most max(20,000, this × k) tuples (pgvector's default cap: 20,000). */
const SCAN_TUPLES_PER_K = 20;

export async function searchSamples(input: SearchInput): Promise<SearchResult> {
  const { selection, queryVector, embedderName, k } = input;
  const filters: SampleFilters = { benchmark: selection.benchmark, task: selection.task, tag: selection.tag, meta: input.meta ?? [], modality: selection.modality };
  if (!selection.q || !queryVector) {
    const pks = await filterSamples(filters, k);
    return { samples: pks.map((pk) => ({ pk, similarity: null })), method: null };
  }
  if (!embedderName) throw new Error("a semantic search needs the model whose vectors it compares");
  const space = await getEmbeddingSpace(input.space ?? TEXT_SPACE);
  const { rows, method } = await nearestSamples(
    { space, model: embedderName, vector: queryVector, filters, k },
    { efSearch: EF_SEARCH, maxScanTuples: Math.max(20_000, SCAN_TUPLES_PER_K * k), forceIndex: input.forceIndex ?? false },
  );
  // The threshold is applied to the k nearest rows afterwards: the same set as filtering first
  // (it cuts on the distance itself), and it lets the HNSW path tell "fewer than k matched" from
  // "cut by the threshold".
  const maxDistance = selection.threshold === undefined ? Infinity : 1 - selection.threshold;
  return {
    samples: rows.filter((row) => Number(row.distance) <= maxDistance).map((row) => ({ pk: row.pk, similarity: 1 - Number(row.distance) })),
    method,
  };
}
