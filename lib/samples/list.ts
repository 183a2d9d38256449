// GET /api/samples: the samples a selection retrieves, best first (by similarity to `q`; by
// storage order without a query text), one page at a time. A page that also ranks the selection
// lists the leaderboard computation's own retrieval (samplePage).
import { retrieve, type Retrieval } from "@/lib/serving/retrieve";
import { DEFAULT_LIMIT, type Page } from "@/lib/selection/route-schemas";
import type { Selection } from "@/lib/selection/schema";
import { loadSampleSummaries, type SampleSummary } from "./summaries";

/** A sample summary (without its storage key) with its similarity to the query. */
export type ListedSample = Omit<SampleSummary, "pk"> & {
  /** Cosine similarity to `q`; null without a query text. */
  similarity: number | null;
};

export interface SampleList {
  /** Samples the selection retrieves (all pages). */
  n_samples: number;
  offset: number;
  limit: number;
  embedder: string | null;
  notice: string | null;
  samples: ListedSample[];
}

export async function listSamples(selection: Selection, page: Page = {}): Promise<SampleList> {
  return samplePage(await retrieve(selection), page);
}

export async function samplePage(retrieval: Retrieval, page: Page = {}): Promise<SampleList> {
  const offset = page.offset ?? 0;
  const limit = page.limit ?? DEFAULT_LIMIT;
  const slice = retrieval.samples.slice(offset, offset + limit);
  const summaries = await loadSampleSummaries(slice.map((s) => s.pk));
  const similarity = new Map(slice.map((s) => [s.pk, s.similarity]));
  return {
    n_samples: retrieval.samples.length,
    offset,
    limit,
    embedder: retrieval.embedder,
    notice: retrieval.notice ?? null,
    samples: summaries.map(({ pk, ...s }) => ({ ...s, similarity: similarity.get(pk) ?? null })),
  };
}
