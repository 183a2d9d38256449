// A selection (query text + filters) → sample primary keys with similarities, using the active
// embedder of the text space and, where SigLIP is active, the image space too (fused by rank). Shared by the live leaderboard, GET /api/samples and snapshot refreshes.
import { ApiError } from "@/lib/api/errors";
import { DEFAULT_K } from "@/lib/selection/defaults";
import type { Selection } from "@/lib/selection/schema";
import { activeEmbedder } from "./active";
import { reciprocalRankFusion } from "./fuse";
import { searchImageSpace } from "./image-search";
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
  /** The image space's part (SigLIP text→image), fused with the text space's; null when it did not answer. */
  image?: { model: string; cut: number; n: number } | null;
}

/** The text and image lists fused by reciprocal rank (./fuse.ts), the first k. */
function fuseSpaces(text: RetrievedSample[], image: RetrievedSample[], k: number): RetrievedSample[] {
  const ranked = (list: RetrievedSample[]) => list.map((s) => ({ pk: s.pk, similarity: s.similarity ?? 0 }));
  return reciprocalRankFusion({ text: ranked(text), image: ranked(image) })
    .slice(0, k)
    .map((h) => ({ pk: h.pk, similarity: h.similarities.text ?? h.similarities.image ?? null, similarities: h.similarities }));
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
  const known = queryVector.some((x) => x !== 0);
  const text = known ? await retrieveSamples({ selection, meta, queryVector, embedderName: active.name, k }) : [];
  const image = selection.modality === "text" ? null : await searchImageSpace(selection, meta, k);
  const base = { embedder: active.name, embedderReason: active.reason, k };
  if (image && image.samples.length > 0) {
    return { ...base, samples: fuseSpaces(text, image.samples, k), image: { model: image.model, cut: image.cut, n: image.samples.length } };
  }
  if (!known) {
    const notice = `None of the words of "${selection.q}" occur in the pool the ${active.kind === "fallback" ? "offline fallback embedder was fitted on" : "embedder knows"}`;
    return { ...base, samples: [], notice };
  }
  return { ...base, samples: text };
}
