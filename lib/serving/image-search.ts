// The image space's part of a capability query: SigLIP's text tower embeds the query's concepts,
// the read model's vectors of the image space (same filter mask as the text space) give the
// nearest images, and the background cut (lib/retrieval/background-cut.ts) keeps those that stand
// out (the background: the query's similarity to the store's oldest vectors, in memory). Null
// when the space cannot answer (no SigLIP in this process, or the space's active vectors are of
// another model): image samples are then found by their text alone.
import type { SampleFilters } from "@/lib/db/queries/embeddings-search";
import { servedSpace } from "@/lib/retrieval/active";
import { backgroundCut } from "@/lib/retrieval/background-cut";
import { reciprocalRankFusion } from "@/lib/retrieval/fuse";
import { configuredImageEmbedder } from "@/lib/retrieval/image-embedders";
import type { RetrievedSample } from "@/lib/retrieval/search";
import { IMAGE_SPACE } from "@/lib/retrieval/spaces";
import { nearest } from "./knn";
import { vectorsFor, type ReadModel } from "./read-model";
import { searchReadModel } from "./search";
import type { VectorStore } from "./vector-store";

/** Vectors the background is measured on (the first by sample pk: the same slice on every request). */
const BACKGROUND_SIZE = 2000;
/** Nearest images considered before the cut when the request sets no k. */
const IMAGE_K = 1000;

export interface ImageSearch {
  model: string;
  samples: RetrievedSample[];
  /** The similarity a hit had to reach. */
  cut: number;
}

export async function searchImageSpace(model: ReadModel, text: string, filters: SampleFilters, k: number | undefined): Promise<ImageSearch | null> {
  // Without SigLIP in this process (the usual case) a text query costs nothing more here.
  const configured = await configuredImageEmbedder();
  if (!configured.embedder) return null;
  const space = await servedSpace(IMAGE_SPACE);
  const active = space.activeModel;
  if (!active || active !== configured.name) return null;
  const [vector] = await configured.embedder.embedTexts([text]);
  const query = { vector: Float32Array.from(vector), space: IMAGE_SPACE, model: active, dim: space.dim };
  const hits = await searchReadModel(model, { filters, k: k ?? IMAGE_K, query });
  const background = backgroundSimilarities(await vectorsFor(model, IMAGE_SPACE, active, space.dim), query.vector, BACKGROUND_SIZE);
  const cut = backgroundCut(background, hits[0]?.similarity ?? -Infinity);
  return { model: active, cut, samples: hits.filter((s) => (s.similarity ?? -Infinity) >= cut) };
}

/** The query's cosine similarity to the first `n` live vectors of the store (its oldest). */
function backgroundSimilarities(store: VectorStore, query: Float32Array, n: number): number[] {
  let end = 0;
  for (let live = 0; end < store.pk.length && live < n; end++) if (store.pk.data[end] >= 0) live++;
  const found = nearest({ ...store.rows(end), allowed: () => true, query, k: n });
  return found.map((f) => 1 - f.distance);
}

/** The text and image lists fused by reciprocal rank (lib/retrieval/fuse.ts); the first k when k is set. */
export function fuseSpaces(text: RetrievedSample[], image: RetrievedSample[], k: number | undefined): RetrievedSample[] {
  const ranked = (list: RetrievedSample[]) => list.map((s) => ({ pk: s.pk, similarity: s.similarity ?? 0 }));
  const why = new Map(text.map((s) => [s.pk, s.why]));
  const fused = reciprocalRankFusion({ text: ranked(text), image: ranked(image) });
  return fused.slice(0, k ?? fused.length).map((h) => {
    const out: RetrievedSample = { pk: h.pk, similarity: h.similarities.text ?? h.similarities.image ?? null, similarities: h.similarities };
    const w = why.get(h.pk);
    if (w) out.why = w;
    return out;
  });
}
