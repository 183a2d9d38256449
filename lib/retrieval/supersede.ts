// Removing superseded models once a space no longer needs them: a model that is neither active
// nor being built (the one a flip replaced, or a build that was rolled back). Its HNSW index goes
// first, then its vectors in small batches (each its own short statement, so searches and writes
// interleave), then fallback fits no space uses.
import { deleteFallbackFitsExcept } from "@/lib/db/queries/embedder-state";
import { modelsInUse } from "@/lib/db/queries/embedding-spaces";
import { dropHnswIndex, hnswIndexName, listHnswIndexes } from "@/lib/db/queries/embeddings-hnsw";
import { deleteModelVectorsBatch, modelsWithVectors } from "@/lib/db/queries/embeddings";

/** Vectors deleted per statement (≈ 3 MB of 384-d rows). */
export const SUPERSEDED_BATCH = 2000;

export interface SupersededRemoval {
  models: string[];
  vectors: number;
}

export async function deleteSupersededVectors(space: string, batch = SUPERSEDED_BATCH): Promise<SupersededRemoval> {
  const keep = await modelsInUse();
  const models = (await modelsWithVectors(space)).filter((m) => !keep.includes(m));
  const keptIndexes = new Set(keep.map((m) => hnswIndexName(space, m)));
  for (const name of await listHnswIndexes(space)) if (!keptIndexes.has(name)) await dropHnswIndex(name);
  let vectors = 0;
  for (const model of models) {
    for (;;) {
      const n = await deleteModelVectorsBatch(space, model, batch);
      vectors += n;
      if (n < batch) break;
    }
  }
  await deleteFallbackFitsExcept(keep);
  return { models, vectors };
}
