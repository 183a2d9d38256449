// A selection (query text + filters) → sample primary keys with similarities, using the active
// embedder. Shared by the live leaderboard, GET /api/samples and snapshot refreshes.
import { ApiError } from "@/lib/api/errors";
import { DEFAULT_K } from "@/lib/selection/defaults";
import type { Selection } from "@/lib/selection/schema";
import { activeEmbedder } from "./active";
import { parseMetadataFilters, retrieveSamples, type RetrievedSample } from "./search";

/** Without a query text every matching sample is used; this only bounds runaway selections. */
const ALL_SAMPLES = 10_000_000;

export interface Retrieval {
  samples: RetrievedSample[];
  /** Name of the embedder whose vectors were searched; null without a query text. */
  embedder: string | null;
  embedderReason: string | null;
  k: number | null;
  /** Why nothing could be retrieved, when that is the case. */
  notice?: string;
}

export async function retrieve(selection: Selection): Promise<Retrieval> {
  const meta = parseMetadataFilters(selection.meta);
  if (!selection.q) {
    const samples = await retrieveSamples({ selection, meta, k: selection.k ?? ALL_SAMPLES });
    return { samples, embedder: null, embedderReason: null, k: selection.k ?? null };
  }
  const active = await activeEmbedder();
  if (!active.embedder || !active.name) {
    throw new ApiError("unavailable", `Semantic search is not ready: ${active.reason}. Try again shortly, or filter without "q".`);
  }
  const [queryVector] = await active.embedder.embed([selection.q]);
  const k = selection.k ?? DEFAULT_K;
  if (!queryVector.some((x) => x !== 0)) {
    const notice = `None of the words of "${selection.q}" occur in the pool the ${active.kind === "fallback" ? "offline fallback embedder was fitted on" : "embedder knows"}`;
    return { samples: [], embedder: active.name, embedderReason: active.reason, k, notice };
  }
  const samples = await retrieveSamples({ selection, meta, queryVector, embedderName: active.name, k });
  return { samples, embedder: active.name, embedderReason: active.reason, k };
}
