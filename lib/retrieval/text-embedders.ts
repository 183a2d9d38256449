// The text space's embedders in this process: the configured one (MiniLM when EMBEDDER allows and
// its weights load, tried once per process; else the newest fit of the offline fallback, which the
// worker stores in the database), and any stored model by name, so that queries can still be
// embedded by the active model while the worker builds another one beside it.
import { fallbackFitParams, newestFallbackFit } from "@/lib/db/queries/embedder-state";
import { env } from "@/lib/env";
import { deserializeLsa, LSA_VERSION, lsaEmbedder, selectEmbedder, type Embedder, type EmbedderSelection, type LsaModel } from "@/lib/retrieval/embedder";

/** Fits kept in memory: the active one and the one being built. */
const LSA_CACHE_SIZE = 2;

interface Cache {
  minilm?: Promise<{ selection: EmbedderSelection | null; reason: string }>;
  /** Fits by model name (the name is a hash of the parameters, so an entry never goes stale). */
  lsa: Map<string, LsaModel>;
}
const g = globalThis as unknown as { __portalEmbedder?: Cache };
const cache: Cache = (g.__portalEmbedder ??= { lsa: new Map() });

export interface ActiveEmbedder {
  kind: "minilm" | "fallback";
  /** The model name recorded with every vector; null while the fallback has not been fitted yet. */
  name: string | null;
  embedder: Embedder | null;
  reason: string;
}

export const embedderKind = (model: string): ActiveEmbedder["kind"] => (model.startsWith(`${LSA_VERSION}:`) ? "fallback" : "minilm");

/** The stored fallback fit of this name, or null when there is none. */
export async function loadFallbackFit(name: string): Promise<LsaModel | null> {
  const cached = cache.lsa.get(name);
  if (cached) return cached;
  const params = await fallbackFitParams(name);
  if (!params) return null;
  const model = deserializeLsa(params);
  cache.lsa.set(name, model);
  while (cache.lsa.size > LSA_CACHE_SIZE) cache.lsa.delete(cache.lsa.keys().next().value!);
  return model;
}

/** Reads the newest fallback fit's name: the database by default, a remembered read on the request path. */
export type NewestFitReader = typeof newestFallbackFit;

async function newestFit(readNewest: NewestFitReader): Promise<LsaModel | null> {
  const fit = await readNewest();
  return fit ? loadFallbackFit(fit.name) : null;
}

/** MiniLM when configured and loadable, else the newest fitted fallback (the embedder to build with). */
export async function configuredTextEmbedder(readNewest: NewestFitReader = newestFallbackFit): Promise<ActiveEmbedder> {
  const { EMBEDDER, EMBEDDINGS_MODEL_DIR } = env();
  let why = "EMBEDDER=fallback";
  if (EMBEDDER !== "fallback") {
    cache.minilm ??= selectEmbedder({ mode: EMBEDDER, modelDir: EMBEDDINGS_MODEL_DIR, allowRemote: !EMBEDDINGS_MODEL_DIR, lsa: null }).then(
      (s) => ({ selection: s.kind === "minilm" ? s : null, reason: s.reason.replace(/; offline LSA.*$/, "") }),
      (err: Error) => ({ selection: null, reason: err.message }),
    );
    const minilm = await cache.minilm;
    const m = minilm.selection;
    if (m?.embedder) return { kind: "minilm", name: m.embedder.name, embedder: m.embedder, reason: m.reason };
    if (EMBEDDER === "minilm") throw new Error(minilm.reason);
    why = minilm.reason;
  }
  const selection = await selectEmbedder({ mode: "fallback", lsa: () => newestFit(readNewest) });
  return {
    kind: "fallback",
    name: selection.embedder?.name ?? null,
    embedder: selection.embedder,
    reason: selection.embedder ? `${why}: offline LSA fallback ${selection.embedder.name}` : `${why}: offline LSA fallback, not fitted yet (the worker fits it)`,
  };
}

/** The embedder of a stored model, or null when this process cannot load it (e.g. MiniLM's weights are not here). */
export async function textEmbedderFor(model: string): Promise<Embedder | null> {
  if (embedderKind(model) === "fallback") {
    const fit = await loadFallbackFit(model);
    return fit ? lsaEmbedder(fit) : null;
  }
  const configured = await configuredTextEmbedder().catch(() => null);
  return configured?.name === model ? configured.embedder : null;
}
