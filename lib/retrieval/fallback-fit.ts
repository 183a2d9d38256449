// Fitting the offline fallback embedder (LSA over the pool's own text) and deciding when to fit it
// again: when it has no fit yet, or the pool has grown enough that its vocabulary and topics are
// stale. Each fit is stored under its own model name; the embed job then builds its vectors
// beside the active fit's and flips (embed-pool.ts).
import { countAllSamples, newestFallbackFit, saveFallbackFit } from "@/lib/db/queries/embedder-state";
import { coveredSamplePks, samplesByPk } from "@/lib/db/queries/embeddings";
import { fitDocumentIndices, fitLsa, sampleDocument, serializeLsa, type LsaOptions } from "@/lib/retrieval/embedder";

/** Refit the fallback when the pool has grown by this factor since the last fit. */
export const REFIT_GROWTH = 1.25;

export async function fallbackRefitDue(): Promise<boolean> {
  const [fit, n] = await Promise.all([newestFallbackFit(), countAllSamples()]);
  return n > 0 && (fit === null || n >= fit.nDocs * REFIT_GROWTH);
}

/** Samples read per statement while gathering the fit's documents. */
const READ_CHUNK = 2000;

/**
 * Fits the fallback on the pool and stores it; returns its model name. A pool larger than the
 * fit's `maxFitDocs` is fitted on a seeded sample of them (fitLsa); only those samples are read,
 * in short chunks, so neither the fit nor its reads grow with the pool.
 */
export async function fitFallback(options: Partial<LsaOptions> = {}): Promise<string> {
  const pks = await coveredSamplePks({ space: "text", modality: "text" });
  const chosen = fitDocumentIndices(pks.length, options);
  const wanted = chosen ? chosen.map((i) => pks[i]) : pks;
  const docs: string[] = [];
  for (let i = 0; i < wanted.length; i += READ_CHUNK) {
    for (const row of await samplesByPk(wanted.slice(i, i + READ_CHUNK))) docs.push(sampleDocument(row));
  }
  // A sample deleted between the two reads leaves fewer documents: the fit is then of those.
  const model = fitLsa(docs, options);
  await saveFallbackFit(model.name, pks.length, serializeLsa(model));
  return model.name;
}
