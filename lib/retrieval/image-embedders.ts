// The image space's embedder in this process: SigLIP when IMAGE_EMBEDDER allows and its weights
// load (tried once per process), else the explicit fallback — no image vectors at all, and image
// samples are found by their text (question, caption, tags: the text space's sample document),
// which /api/health and the query page say. No stand-in vectors are invented for the image space:
// a search there would then rank by something that is not the image.
import { loadImageData } from "@/lib/db/queries/images";
import type { EmbeddableSampleRow } from "@/lib/db/queries/embeddings";
import { env } from "@/lib/env";
import { loadSiglip, type SiglipEmbedder } from "@/lib/retrieval/embedder/siglip";

export interface ImageEmbedderState {
  kind: "siglip" | "text-fallback";
  /** The model recorded with image vectors; null in the fallback. */
  name: string | null;
  embedder: SiglipEmbedder | null;
  reason: string;
}

const g = globalThis as unknown as { __portalImageEmbedder?: Promise<ImageEmbedderState> };

const FALLBACK = "image samples are found by their text (question, caption, tags) in the text space";

async function load(): Promise<ImageEmbedderState> {
  const { IMAGE_EMBEDDER, IMAGE_EMBEDDINGS_MODEL_DIR } = env();
  if (IMAGE_EMBEDDER === "fallback") return { kind: "text-fallback", name: null, embedder: null, reason: `IMAGE_EMBEDDER=fallback: ${FALLBACK}` };
  try {
    const e = await loadSiglip({ modelDir: IMAGE_EMBEDDINGS_MODEL_DIR, allowRemote: !IMAGE_EMBEDDINGS_MODEL_DIR });
    return { kind: "siglip", name: e.name, embedder: e, reason: `SigLIP loaded from ${e.source}` };
  } catch (err) {
    if (IMAGE_EMBEDDER === "siglip") throw err;
    return { kind: "text-fallback", name: null, embedder: null, reason: `SigLIP unavailable (${(err as Error).message}): ${FALLBACK}` };
  }
}

export function configuredImageEmbedder(): Promise<ImageEmbedderState> {
  g.__portalImageEmbedder ??= load();
  return g.__portalImageEmbedder;
}

/** Lets the next call load again (tests that change IMAGE_EMBEDDER). */
export function forgetImageEmbedder(): void {
  g.__portalImageEmbedder = undefined;
}

/** The stored images of these samples, in order (every row the image space covers has one). */
export async function sampleImages(rows: EmbeddableSampleRow[]): Promise<Buffer[]> {
  const data = await loadImageData(rows.map((r) => r.imageSha256!).filter(Boolean));
  return rows.map((r) => {
    const bytes = r.imageSha256 ? data.get(r.imageSha256) : undefined;
    if (!bytes) throw new Error(`sample ${r.pk} has no stored image to embed`);
    return bytes;
  });
}
