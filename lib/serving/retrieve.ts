// A selection (query text + filters) → sample primary keys with similarities, using the active
// embedder and the process's read model. Shared by the live leaderboard, GET /api/samples and
// snapshot refreshes.
import { ApiError } from "@/lib/api/errors";
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { activeEmbedder } from "@/lib/retrieval/active";
import { parseMetadataFilters, type RetrievedSample } from "@/lib/retrieval/search";
import { TEXT_SPACE } from "@/lib/retrieval/spaces";
import { DEFAULT_K } from "@/lib/selection/defaults";
import type { Selection } from "@/lib/selection/schema";
import { servingModel } from "./current";
import type { ReadModel } from "./read-model";
import { searchReadModel } from "./search";

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

/** With `model`, that read model answers (a computation reads one version throughout). */
export async function retrieve(selection: Selection, model?: ReadModel): Promise<Retrieval> {
  const filters = { benchmark: selection.benchmark, task: selection.task, tag: selection.tag, meta: parseMetadataFilters(selection.meta) };
  if (!selection.q) {
    const samples = await searchReadModel(model ?? (await servingModel()), { filters, k: selection.k ?? ALL_SAMPLES });
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
  const [space, readModel] = await Promise.all([getEmbeddingSpace(TEXT_SPACE), model ?? servingModel()]);
  const query = { vector: Float32Array.from(queryVector), space: space.space, model: active.name, dim: space.dim };
  const samples = await searchReadModel(readModel, { filters, k, threshold: selection.threshold, query });
  return { samples, embedder: active.name, embedderReason: active.reason, k };
}
