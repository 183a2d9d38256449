// Fitting the offline fallback embedder (LSA over the pool's own text) and deciding when to fit it
// again: when it has no fit yet, or the pool has grown enough that its vocabulary and topics are
// stale. Each fit is stored under its own model name; the embed job then builds its vectors
// beside the active fit's and flips (embed-pool.ts).
import { countAllSamples, newestFallbackFit, saveFallbackFit } from "@/lib/db/queries/embedder-state";
import { coveredSamples } from "@/lib/db/queries/embeddings";
import { fitLsa, sampleDocument, serializeLsa } from "@/lib/retrieval/embedder";

/** Refit the fallback when the pool has grown by this factor since the last fit. */
export const REFIT_GROWTH = 1.25;

export async function fallbackRefitDue(): Promise<boolean> {
  const [fit, n] = await Promise.all([newestFallbackFit(), countAllSamples()]);
  return n > 0 && (fit === null || n >= fit.nDocs * REFIT_GROWTH);
}

/** Fits the fallback on every sample of the pool and stores it; returns its model name. */
export async function fitFallback(): Promise<string> {
  const rows = await coveredSamples({ space: "text", modality: "text" });
  const model = fitLsa(rows.map(sampleDocument));
  await saveFallbackFit(model.name, rows.length, serializeLsa(model));
  return model.name;
}
