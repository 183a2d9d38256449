// The image space's part of a capability query: SigLIP's text tower embeds the query, the image
// space's kNN (./search.ts, same filters) finds the nearest images, and the background cut
// (./background-cut.ts) keeps those that stand out. Null when the space cannot answer (no SigLIP in
// this process, or its vectors are of another model): image samples are then found by their text.
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { backgroundSimilarities } from "@/lib/db/queries/embeddings-background";
import type { Selection } from "@/lib/selection/schema";
import { backgroundCut } from "./background-cut";
import { configuredImageEmbedder } from "./image-embedders";
import { searchSamples, type MetadataFilter, type RetrievedSample } from "./search";
import { IMAGE_SPACE } from "./spaces";

/** Vectors the background is measured on. */
const BACKGROUND_SIZE = 2000;

export interface ImageSearch {
  model: string;
  samples: RetrievedSample[];
  /** The similarity a hit had to reach. */
  cut: number;
}

export async function searchImageSpace(selection: Selection, meta: MetadataFilter[], k: number): Promise<ImageSearch | null> {
  if (!selection.q) return null;
  const [space, configured] = await Promise.all([getEmbeddingSpace(IMAGE_SPACE), configuredImageEmbedder()]);
  const model = space.activeModel;
  if (!configured.embedder || !model || model !== configured.name) return null;
  const [queryVector] = await configured.embedder.embedTexts([selection.q]);
  const [nearest, background] = await Promise.all([
    searchSamples({ selection: { ...selection, threshold: undefined }, meta, queryVector, embedderName: model, space: IMAGE_SPACE, k }),
    backgroundSimilarities(space, model, queryVector, BACKGROUND_SIZE),
  ]);
  const cut = backgroundCut(background, nearest.samples[0]?.similarity ?? -Infinity);
  return { model, cut, samples: nearest.samples.filter((s) => (s.similarity ?? -Infinity) >= cut) };
}
