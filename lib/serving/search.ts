// Sample retrieval answered from the read model: the filters as a bitmask over sample rows, then
// either every passing sample by pk (no query text) or the exact cosine k nearest (knn.ts),
// cut by the similarity threshold. Same answer as the SQL exact scan of
// lib/retrieval/search.ts (compared in read-model.int.test.ts).
import type { SampleFilters } from "@/lib/db/queries/embeddings-search";
import type { RetrievedSample } from "@/lib/retrieval/search";
import { int32Scratch } from "@/lib/retrieval/scratch";
import { allDistances, distanceOf, nearest, squaredNorm } from "./knn";
import { vectorsFor, type ReadModel } from "./read-model";
import { DOT_BLOCK } from "./vector-matrix";
import type { VectorStore } from "./vector-store";

export interface ModelSearch {
  filters: SampleFilters;
  k: number;
  threshold?: number;
  /** With a query vector: the space and model compared, and the space's dimension. */
  query?: { vector: Float32Array; space: string; model: string; dim: number };
}

/** pgvector parses the query's text form (lib/db/queries/embeddings.ts vectorLiteral) into float32. */
function asStored(v: Float32Array): Float32Array {
  return Float32Array.from(v, (x) => Math.round(x * 1e7) / 1e7);
}

export async function searchReadModel(model: ReadModel, s: ModelSearch): Promise<RetrievedSample[]> {
  const mask = model.samples.mask(s.filters);
  if (!s.query) {
    const pks: number[] = [];
    for (let r = 0; r < mask.length; r++) if (mask[r]) pks.push(model.samples.pk.data[r]);
    pks.sort((a, b) => a - b);
    return pks.slice(0, s.k).map((pk) => ({ pk, similarity: null }));
  }
  const store = await vectorsFor(model, s.query.space, s.query.model, s.query.dim);
  const neighbours = nearestAllowed(model, store, mask, asStored(s.query.vector), s.k);
  // As in SQL: the threshold cuts the k nearest afterwards, on the distance itself.
  const maxDistance = s.threshold === undefined ? Infinity : 1 - s.threshold;
  return neighbours.filter((n) => n.distance <= maxDistance).map((n) => ({ pk: n.pk, similarity: 1 - n.distance }));
}

/** Whether store row r holds a sample the mask allows (the mask is by read-model row). */
function allowedBy(model: ReadModel, store: VectorStore, mask: Uint8Array): (r: number) => boolean {
  const rowOf = model.samples.rowOf;
  return (r) => {
    const row = rowOf.get(store.pk.data[r]);
    return row >= 0 && mask[row] === 1;
  };
}

const knnInput = (model: ReadModel, store: VectorStore, mask: Uint8Array, query: Float32Array) => ({
  ...store.rows(),
  allowed: allowedBy(model, store, mask),
  query,
});

/** The k nearest of `query` among the store's vectors whose samples the mask allows (by read-model row). */
export function nearestAllowed(model: ReadModel, store: VectorStore, mask: Uint8Array, query: Float32Array, k: number) {
  return nearest({ ...knnInput(model, store, mask, query), k });
}

/** similarityByRow's store row → read-model row map, reused (lib/retrieval/scratch.ts). */
const rowBuffer = int32Scratch();

/**
 * The cosine similarity of `query` to every allowed sample, by read-model row (NaN where none).
 * Most rows allowed (a query without filters): one loop over the wasm kernel's blocks writes each
 * allowed row's similarity where it belongs, as allDistances' wasm path computes it (the same dot
 * products, whatever the blocks' bounds); few allowed: allDistances' JS chains over those alone.
 */
export function similarityByRow(model: ReadModel, store: VectorStore, mask: Uint8Array, query: Float32Array): Float32Array {
  const out = new Float32Array(mask.length).fill(NaN);
  const rowOf = model.samples.rowOf;
  // Each store row's read-model row when the mask allows it, else −1 (dead rows too).
  const n = store.pk.length;
  const rows = rowBuffer.take(n);
  const pks = store.pk.data;
  let allowed = 0;
  for (let r = 0; r < n; r++) {
    const row = pks[r] < 0 ? -1 : rowOf.get(pks[r]);
    rows[r] = row >= 0 && mask[row] === 1 ? row : -1;
    if (rows[r] >= 0) allowed++;
  }
  const input = store.rows();
  const exact = allowed * 4 >= n ? (input.exactScan?.(query) ?? null) : null;
  if (!exact) {
    allDistances({ ...input, allowed: (r) => rows[r] >= 0, query }, (_pk, distance, r) => (out[rows[r]] = 1 - distance));
    return out;
  }
  const { norms, dim } = input;
  const qNorm = squaredNorm(query, 0, dim);
  for (let from = 0; from < n; from += DOT_BLOCK) {
    const count = Math.min(DOT_BLOCK, n - from);
    const dots = exact(from, count);
    for (let i = 0; i < count; i++) {
      const row = rows[from + i];
      if (row >= 0) out[row] = 1 - distanceOf(dots[i], norms[from + i], qNorm);
    }
  }
  return out;
}
