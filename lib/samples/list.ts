// GET /api/samples: the samples a selection retrieves, best first (by similarity to `q`; by
// storage order without a query text), one page at a time. A page that also ranks the selection
// lists the leaderboard computation's own retrieval (samplePage). With exclude_flagged the samples
// the health check flagged are left out before paging, exactly as the leaderboard leaves them out
// (lib/health/selection.ts), and the answer says what was left out.
import { checkSelection, type SelectionHealth } from "@/lib/health/selection";
import type { Why } from "@/lib/retrieval/lexical";
import { retrievalCut, retrieve, type Retrieval, type RetrievalCut } from "@/lib/serving/retrieve";
import { DEFAULT_LIMIT, type Page } from "@/lib/selection/route-schemas";
import type { Selection } from "@/lib/selection/schema";
import { loadSampleSummaries, type SampleSummary } from "./summaries";

/** A sample summary (without its storage key) with its similarity to the query. */
export type ListedSample = Omit<SampleSummary, "pk"> & {
  /** Cosine similarity to `q`; null without a query text. */
  similarity: number | null;
  /** Why it matched (with a query text): similarity per space and concept, matched terms and fields. */
  why: Why | null;
};

export interface SampleList {
  /** Samples the selection retrieves (all pages). */
  n_samples: number;
  offset: number;
  limit: number;
  embedder: string | null;
  notice: string | null;
  retrieval: RetrievalCut;
  samples: ListedSample[];
  /** What the health check flagged among the retrieved samples and, with exclude_flagged, left out; null before any check. */
  health: SelectionHealth | null;
}

export async function listSamples(selection: Selection, page: Page = {}): Promise<SampleList> {
  return samplePage(await retrieve(selection), page, selection.exclude_flagged);
}

export async function samplePage(retrieval: Retrieval, page: Page = {}, excludeFlagged = false): Promise<SampleList> {
  const offset = page.offset ?? 0;
  const limit = page.limit ?? DEFAULT_LIMIT;
  const checked = await checkSelection(
    retrieval.samples.map((s) => s.pk),
    excludeFlagged,
  );
  const kept = new Set(checked.pks);
  const samples = excludeFlagged ? retrieval.samples.filter((s) => kept.has(s.pk)) : retrieval.samples;
  const slice = samples.slice(offset, offset + limit);
  const summaries = await loadSampleSummaries(slice.map((s) => s.pk));
  const byPk = new Map(slice.map((s) => [s.pk, s]));
  return {
    n_samples: samples.length,
    offset,
    limit,
    embedder: retrieval.embedder,
    notice: retrieval.notice ?? null,
    retrieval: retrievalCut(retrieval),
    samples: summaries.map(({ pk, ...s }) => ({ ...s, similarity: byPk.get(pk)?.similarity ?? null, why: byPk.get(pk)?.why ?? null })),
    health: checked.health,
  };
}
