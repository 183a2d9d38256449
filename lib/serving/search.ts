// Sample retrieval answered from the read model: the filters as a bitmask over sample rows, then
// either every passing sample by pk (no query text) or the exact cosine k nearest (knn.ts),
// cut by the similarity threshold. Same answer as the SQL exact scan of
// lib/retrieval/search.ts (compared in read-model.int.test.ts).
import type { SampleFilters } from "@/lib/db/queries/embeddings-search";
import type { RetrievedSample } from "@/lib/retrieval/search";
import { markApproximate } from "@/lib/retrieval/approximate";
import { int32Scratch } from "@/lib/retrieval/scratch";
import { allDistances, distanceOf, nearest, squaredNorm } from "./knn";
import { vectorsFor, type ReadModel } from "./read-model";
import { APPROX_HALF_DIM } from "./dot-kernel";
import { DOT_BLOCK, type DotScan } from "./vector-matrix";
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
  const rows = rowBuffer.take(store.pk.length);
  exactSimilarities(store, rows, allowedStoreRows(model, store, mask, rows), query, out);
  return out;
}

/**
 * Writes into `rows` each store row's read-model row when the mask allows it, else −1 (dead rows
 * too), and into `storeRow` (when given) each allowed read-model row's store row; returns how many
 * rows are allowed.
 */
function allowedStoreRows(model: ReadModel, store: VectorStore, mask: Uint8Array, rows: Int32Array, storeRow?: Int32Array): number {
  const rowOf = model.samples.rowOf;
  const pks = store.pk.data;
  let allowed = 0;
  for (let r = 0; r < rows.length; r++) {
    const row = pks[r] < 0 ? -1 : rowOf.get(pks[r]);
    rows[r] = row >= 0 && mask[row] === 1 ? row : -1;
    if (rows[r] < 0) continue;
    if (storeRow) storeRow[row] = r;
    allowed++;
  }
  return allowed;
}

/** similarityByRow's exact values into `out`, given allowedStoreRows' map `rows` and count. */
function exactSimilarities(store: VectorStore, rows: Int32Array, allowed: number, query: Float32Array, out: Float32Array): void {
  const input = store.rows();
  const exact = allowed * 4 >= rows.length ? (input.exactScan?.(query) ?? null) : null;
  if (!exact) {
    allDistances({ ...input, allowed: (r) => rows[r] >= 0, query }, (_pk, distance, r) => (out[rows[r]] = 1 - distance));
    return;
  }
  similaritiesByBlock(exact, rows, rows.length, input.norms, squaredNorm(query, 0, input.dim), out);
}

/**
 * out[rows[r]] = the similarity of store row r, for every store row r < n whose read-model row
 * rows[r] is ≥ 0, from a scan's dot products block by block (exact or unordered: the same loop).
 */
function similaritiesByBlock(scan: DotScan, rows: Int32Array, n: number, norms: Float32Array, qNorm: number, out: Float32Array): void {
  for (let from = 0; from < n; from += DOT_BLOCK) {
    const count = Math.min(DOT_BLOCK, n - from);
    const dots = scan(from, count);
    for (let i = 0; i < count; i++) {
      const row = rows[from + i];
      if (row >= 0) out[row] = 1 - distanceOf(dots[i], norms[from + i], qNorm);
    }
  }
}

/**
 * similarityByRow's values as the unordered first pass computes them (VectorMatrix.scan: within
 * `slack` of pgvector's exact similarity, ~3.6x faster over half rows), marked approximate
 * (lib/retrieval/approximate.ts): a row is made exact, bit for bit similarityByRow's, when the
 * adaptive cut or the answer asks for it, and every row when more than a quarter of the allowed
 * ones are asked for. Falls back to similarityByRow itself (exact) where there is no first pass in
 * wasm or few rows are allowed.
 */
export function approximateSimilarityByRow(model: ReadModel, store: VectorStore, mask: Uint8Array, query: Float32Array): Float32Array {
  const input = store.rows();
  const n = store.pk.length;
  const { exactRows, dim } = input;
  // Half rows in wasm with the unordered half kernel (dim a multiple of 16: MiniLM's 384, SigLIP's
  // 768); any other layout is scanned exactly.
  const scan = input.halves && dim % APPROX_HALF_DIM === 0 && exactRows ? (input.scan?.(query) ?? null) : null;
  if (!scan || !exactRows) return similarityByRow(model, store, mask, query);
  // By store row: its read-model row where the mask allows it, else −1; by read-model row: its
  // store row, −1 where the mask does not allow it, it has no vector, or it is exact already.
  const rows = approximateRowBuffer.take(n);
  const storeRow = new Int32Array(mask.length).fill(-1);
  const allowed = allowedStoreRows(model, store, mask, rows, storeRow);
  const out = new Float32Array(mask.length).fill(NaN);
  if (allowed * 4 < n) {
    exactSimilarities(store, rows, allowed, query, out);
    return out;
  }
  const { norms } = input;
  const qNorm = squaredNorm(query, 0, dim);
  similaritiesByBlock(scan, rows, n, norms, qNorm, out);
  // Past a quarter of the allowed rows refined, the exact pass over all.
  let refined = 0;
  let whole = false;
  const refineAll = () => {
    if (whole) return;
    whole = true;
    out.set(similarityByRow(model, store, mask, query));
  };
  return markApproximate(out, {
    // |approximate − exact| ≤ (dim + 2)·2^-23 (knn.ts: both dot products within (dim + 1)·2^-24·|a||b|
    // of the true one, plus each similarity's float32 rounding); one ulp of 2^-23 more as margin.
    slack: (dim + 3) * 2 ** -23,
    refine(asked, count) {
      if (whole) return;
      const todo = new Int32Array(count);
      const at = new Int32Array(count);
      let m = 0;
      for (let i = 0; i < count; i++) {
        const row = asked[i];
        if (storeRow[row] < 0) continue;
        todo[m] = row;
        at[m++] = storeRow[row];
        storeRow[row] = -1; // exact from here on
      }
      if (m === 0) return;
      refined += m;
      if (refined * 4 > allowed) return refineAll();
      const done = exactRows(query, at, m, (i, dot) => {
        out[todo[i]] = 1 - distanceOf(dot, norms[at[i]], qNorm);
      });
      if (!done) refineAll(); // the rows left wasm since the pass (cannot happen within a request)
    },
    refineAll,
  });
}

/** approximateSimilarityByRow's store row → read-model row map (not the one similarityByRow reuses: refineAll calls it). */
const approximateRowBuffer = int32Scratch();
