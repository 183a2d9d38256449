// The embedder the portal uses for samples and queries: all-MiniLM-L6-v2 where its weights load,
// else the offline LSA fallback. Every vector is stored with the `name` of the embedder that made
// it; vectors of different names live in different spaces and must never be compared.
import { LsaModel } from "./fallback-lsa";
import { tryLoadMiniLM, type MiniLMOptions } from "./minilm";
import { EMBEDDING_DIMS, type Embedder } from "./types";

export { EMBEDDING_DIMS, type Embedder } from "./types";

export function lsaEmbedder(model: LsaModel): Embedder {
  return { name: model.name, dims: EMBEDDING_DIMS, kind: "fallback", embed: async (texts) => model.embed(texts) };
}

export type EmbedderMode = "auto" | "minilm" | "fallback";

export interface SelectOptions extends Omit<MiniLMOptions, "modelDir"> {
  mode: EmbedderMode;
  modelDir?: string;
  /** The fitted fallback, or a loader called only if the fallback is chosen (e.g. read from the database). */
  lsa?: LsaModel | null | (() => Promise<LsaModel | null>);
}

export interface EmbedderSelection {
  kind: "minilm" | "fallback";
  /** null: the fallback was chosen but no fitted model exists yet (fit one with fitLsa). */
  embedder: Embedder | null;
  /** One sentence for the UI and the health check: which embedder is active, and why. */
  reason: string;
}

/**
 * `minilm`: MiniLM or an error (the operator asked for it); `fallback`: LSA only; `auto`: MiniLM
 * when its weights load, else the fallback, with the reason MiniLM could not be used.
 */
export async function selectEmbedder(opts: SelectOptions): Promise<EmbedderSelection> {
  let why = "EMBEDDER=fallback";
  if (opts.mode !== "fallback") {
    const minilm = await tryLoadMiniLM(opts);
    if (minilm.embedder) return { kind: "minilm", embedder: minilm.embedder, reason: `${minilm.reason} (EMBEDDER=${opts.mode})` };
    if (opts.mode === "minilm") throw new Error(`EMBEDDER=minilm but ${minilm.reason}`);
    why = minilm.reason;
  }
  const lsa = typeof opts.lsa === "function" ? await opts.lsa() : (opts.lsa ?? null);
  if (!lsa) {
    return { kind: "fallback", embedder: null, reason: `${why}; offline LSA fallback selected but not fitted yet` };
  }
  return {
    kind: "fallback",
    embedder: lsaEmbedder(lsa),
    reason: `${why}; using offline LSA fallback ${lsa.name} (fitted on ${lsa.parts.nDocs} samples, ${lsa.parts.k} dims)`,
  };
}

export { fitLsa, fitDocumentIndices, serializeLsa, deserializeLsa, LsaModel, LSA_VERSION, DEFAULT_LSA_OPTIONS } from "./fallback-lsa";
export type { LsaOptions } from "./fallback-lsa";
export { sampleDocument, type SampleFields } from "./sample-document";
export { loadMiniLM, tryLoadMiniLM, MiniLMUnavailableError, MINILM_HUB_ID } from "./minilm";
export type { MiniLMOptions, MiniLMEmbedder } from "./minilm";
