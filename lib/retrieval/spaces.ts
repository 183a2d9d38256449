// Who embeds samples into each embedding space (the spaces themselves are rows of the
// embedding_spaces table). A space without an embedder (the image space when SigLIP cannot load)
// is never embedded, and nothing waits for it: searches and refreshes of text queries look at the
// text space only.
import type { EmbeddableSampleRow } from "@/lib/db/queries/embeddings";
import { sampleDocument } from "@/lib/retrieval/embedder";
import { fallbackRefitDue, fitFallback } from "./fallback-fit";
import { configuredImageEmbedder, sampleImages } from "./image-embedders";
import { configuredTextEmbedder } from "./text-embedders";

export const TEXT_SPACE = "text";
export const IMAGE_SPACE = "image";

/** Turns samples into vectors of one space. */
export interface SpaceEmbedder {
  /** The model name recorded with every vector. */
  readonly name: string;
  readonly dims: number;
  embedSamples(rows: EmbeddableSampleRow[]): Promise<Float32Array[]>;
}

export interface BuildTarget {
  /** The embedder the space should be built with now; null when none is available (see reason). */
  embedder: SpaceEmbedder | null;
  reason: string;
  /** A new fit was made for this run. */
  fitted: boolean;
  /** A new fit is due (the run would make one). */
  refitDue: boolean;
}

export interface SpaceProvider {
  /** The embedder to build with; `fit` lets it fit a new one first where that is due. */
  target(opts: { fit: boolean }): Promise<BuildTarget>;
}

const text: SpaceProvider = {
  async target({ fit }) {
    let configured = await configuredTextEmbedder();
    let fitted = false;
    let refitDue = configured.kind === "fallback" && (await fallbackRefitDue());
    if (refitDue && fit) {
      await fitFallback();
      configured = await configuredTextEmbedder();
      fitted = true;
      refitDue = false;
    }
    const e = configured.embedder;
    const embedder: SpaceEmbedder | null = e && { name: e.name, dims: e.dims, embedSamples: (rows) => e.embed(rows.map(sampleDocument)) };
    return { embedder, reason: configured.reason, fitted, refitDue };
  },
};

const image: SpaceProvider = {
  async target() {
    const configured = await configuredImageEmbedder();
    const e = configured.embedder;
    const embedder: SpaceEmbedder | null = e && { name: e.name, dims: e.dims, embedSamples: async (rows) => e.embedImages(await sampleImages(rows)) };
    return { embedder, reason: configured.reason, fitted: false, refitDue: false };
  },
};

const PROVIDERS: Record<string, SpaceProvider> = { [TEXT_SPACE]: text, [IMAGE_SPACE]: image };

/** The space's provider, or null when no embedder exists for it yet. */
export function spaceProvider(space: string): SpaceProvider | null {
  return PROVIDERS[space] ?? null;
}
