// Exact cosine k-nearest neighbours over a Float32Array matrix, filters applied as a bitmask
// before scoring. The distance is pgvector's `<=>` computed the same way (src/vector.c,
// VectorCosineSimilarity + cosine_distance, pgvector 0.8):
//   sim = (double) Σ_f32 a_i b_i / sqrt((double) Σ_f32 a_i² · (double) Σ_f32 b_i²),
//   d   = 1 − clamp(sim, −1, 1)
// with every product and partial sum rounded to float32 (Math.fround), so that the same rows
// come back in the same order as the SQL exact scan (ORDER BY distance, pk) with equal distances.
// Top-k keeps a max-heap of the k best (distance, pk) pairs: O(n log k).
//
// Two passes, because the float32 rounding of every step in pgvector's order costs about four times
// a plain dot product: the first pass scores every row approximately and finds the k-th best
// approximate distance A_k; the second computes pgvector's distance for the rows within A_k + 2ε
// only. The first pass is the WebAssembly SIMD kernel (dot-kernel.ts: float32, sixteen partial
// sums) where the store's rows live in its memory (vector-matrix.ts), else a float64 JS loop. With
// unit roundoff u = 2^-24, a float32 sum of d products in any order in which each term meets at most
// d + 1 roundings errs by at most γ_{d+1}·Σ|aᵢbᵢ| ≈ (d + 1)·u·Σ|aᵢbᵢ|, and Σ|aᵢbᵢ| ≤ |a||b|
// (Cauchy–Schwarz); pgvector's sequential sum and the kernel's both qualify (the float64 loop errs
// far less), so a row's two distances differ by at most ε = (d + 2)·2^-23 (the second-order terms
// fit in the slack while d ≤ 2048, past which the float64 loop is used). Every row of the exact top
// k has exact distance ≤ E_k ≤ A_k + ε, hence approximate distance ≤ A_k + 2ε: the second pass sees
// all of them.
import { int32Scratch } from "@/lib/retrieval/scratch";
import { HALF_TO_FLOAT } from "@/lib/db/half-precision";
import { TopK } from "@/lib/retrieval/top-k";
import { DOT_BLOCK, type DotScan } from "./vector-matrix";

/** Largest dimension the float32 first pass is used for (see the bound above). */
const MAX_SIMD_DIM = 2048;

/** Σ_f32 x_i² over x[from .. from + dim), accumulated in float32 as pgvector does. */
export function squaredNorm(x: Float32Array, from: number, dim: number): number {
  let s = 0;
  for (let i = from; i < from + dim; i++) s = Math.fround(s + Math.fround(x[i] * x[i]));
  return s;
}

export interface KnnInput {
  /** The rows as float32, or null when they are halves (`halves`). */
  vectors: Float32Array | null;
  /** The rows as half-precision bit patterns (lib/db/half-precision.ts), when `vectors` is null. */
  halves?: Uint16Array | null;
  /** Squared norm of each row (squaredNorm). */
  norms: Float32Array;
  /** Sample pk of each row; −1 for a dead row. */
  pks: Int32Array;
  rows: number;
  dim: number;
  /** Whether row r may be returned (filters, visibility). */
  allowed: (row: number) => boolean;
  /** The SIMD first pass over these rows (VectorMatrix.scan), when they are in wasm memory. */
  scan?: (query: Float32Array) => DotScan | null;
  /** pgvector's float32 dot products of blocks of these rows in wasm (VectorMatrix.exactScan): exactDistance's, bit for bit. */
  exactScan?: (query: Float32Array) => DotScan | null;
  /** The same dot products of listed rows (VectorMatrix.exactRows); false when it cannot (rows not in wasm). */
  exactRows?: (query: Float32Array, rows: ArrayLike<number>, n: number, each: (i: number, dot: number) => void) => boolean;
  query: Float32Array;
  k: number;
}

export interface Neighbour {
  pk: number;
  distance: number;
}

/** pgvector's cosine distance of row r: float32 products and sums (see above). */
function exactDistance(vectors: Float32Array, base: number, query: Float32Array, dim: number, rowNorm: number, qNorm: number): number {
  let dot = 0;
  for (let i = 0; i < dim; i++) dot = Math.fround(dot + Math.fround(vectors[base + i] * query[i]));
  return 1 - clamp(dot / Math.sqrt(rowNorm * qNorm));
}

/** Rows as float32 for the JS passes: the matrix itself, or half rows widened into a buffer (slots of dim floats). */
interface RowReader {
  /** Where row r's floats are after `load(r, slot)`: the array and the offset. */
  v: Float32Array;
  load: (r: number, slot: number) => number;
}

const widened = { buffer: new Float32Array(0) };

function rowReader(input: Pick<KnnInput, "vectors" | "halves" | "dim">): RowReader {
  const { vectors, halves, dim } = input;
  if (vectors) return { v: vectors, load: (r) => r * dim };
  if (!halves) throw new Error("a knn input without rows");
  if (widened.buffer.length < 4 * dim) widened.buffer = new Float32Array(4 * dim);
  const v = widened.buffer;
  return {
    v,
    load: (r, slot) => {
      const at = slot * dim;
      for (let i = 0, h = r * dim; i < dim; i++) v[at + i] = HALF_TO_FLOAT[halves[h + i]];
      return at;
    },
  };
}

/**
 * exactDistance of each of rows[0 .. n), four rows at a time: four independent float32 chains the
 * CPU overlaps (one chain waits on each rounding), each summed in pgvector's order, so every value
 * is bit for bit exactDistance's.
 */
function exactDistances(input: Pick<KnnInput, "vectors" | "halves" | "norms" | "dim" | "query">, qNorm: number, rows: Int32Array, n: number, each: (row: number, distance: number) => void): void {
  const { norms, dim, query: q } = input;
  const { v, load } = rowReader(input);
  const f = Math.fround;
  let j = 0;
  for (; j + 3 < n; j += 4) {
    const r0 = rows[j];
    const r1 = rows[j + 1];
    const r2 = rows[j + 2];
    const r3 = rows[j + 3];
    const b0 = load(r0, 0);
    const b1 = load(r1, 1);
    const b2 = load(r2, 2);
    const b3 = load(r3, 3);
    let d0 = 0;
    let d1 = 0;
    let d2 = 0;
    let d3 = 0;
    for (let i = 0; i < dim; i++) {
      const x = q[i];
      d0 = f(d0 + f(v[b0 + i] * x));
      d1 = f(d1 + f(v[b1 + i] * x));
      d2 = f(d2 + f(v[b2 + i] * x));
      d3 = f(d3 + f(v[b3 + i] * x));
    }
    each(r0, 1 - clamp(d0 / Math.sqrt(norms[r0] * qNorm)));
    each(r1, 1 - clamp(d1 / Math.sqrt(norms[r1] * qNorm)));
    each(r2, 1 - clamp(d2 / Math.sqrt(norms[r2] * qNorm)));
    each(r3, 1 - clamp(d3 / Math.sqrt(norms[r3] * qNorm)));
  }
  for (; j < n; j++) each(rows[j], exactDistance(v, load(rows[j], 0), q, dim, norms[rows[j]], qNorm));
}

/** The same distance with the dot product summed in float64 (four running sums: dim is any size). */
function approximateDistance(vectors: Float32Array, base: number, query: Float32Array, dim: number, rowNorm: number, qNorm: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let i = 0;
  for (; i + 3 < dim; i += 4) {
    a += vectors[base + i] * query[i];
    b += vectors[base + i + 1] * query[i + 1];
    c += vectors[base + i + 2] * query[i + 2];
    d += vectors[base + i + 3] * query[i + 3];
  }
  for (; i < dim; i++) a += vectors[base + i] * query[i];
  return 1 - clamp((a + b + c + d) / Math.sqrt(rowNorm * qNorm));
}

const clamp = (sim: number) => (sim > 1 ? 1 : sim < -1 ? -1 : sim);

/** pgvector's cosine distance from a row's float32 dot product with the query and both squared norms. */
export const distanceOf = (dot: number, rowNorm: number, qNorm: number) => 1 - clamp(dot / Math.sqrt(rowNorm * qNorm));

/** The k rows nearest the query, nearest first, ties by pk. */
export function nearest(input: KnnInput): Neighbour[] {
  const { norms, pks, rows, dim, query, k } = input;
  if (k <= 0) return [];
  const reader = rowReader(input);
  const qNorm = squaredNorm(query, 0, dim);
  const approx = new Float64Array(rows).fill(NaN); // NaN: not allowed (never ≤ the bound)
  const first = new TopK(Math.min(k, rows));
  const scan = dim <= MAX_SIMD_DIM ? (input.scan?.(query) ?? null) : null;
  for (let from = 0; from < rows; from += DOT_BLOCK) {
    const count = Math.min(DOT_BLOCK, rows - from);
    const dots = scan?.(from, count);
    for (let r = from; r < from + count; r++) {
      const pk = pks[r];
      if (pk < 0 || !input.allowed(r)) continue;
      approx[r] = dots ? 1 - clamp(dots[r - from] / Math.sqrt(norms[r] * qNorm)) : approximateDistance(reader.v, reader.load(r, 0), query, dim, norms[r], qNorm);
      first.offer(approx[r], pk);
    }
  }
  // Fewer allowed rows than k: every one of them is in the answer.
  const bound = first.full ? first.worst + 2 * (dim + 2) * 2 ** -23 : Infinity;
  const near = new Int32Array(rows);
  let n = 0;
  for (let r = 0; r < rows; r++) if (approx[r] <= bound) near[n++] = r;
  const heap = new TopK(Math.min(k, rows));
  exactDistances(input, qNorm, near, n, (r, distance) => heap.offer(distance, pks[r]));
  return heap.sorted();
}

/** allDistances' list of allowed rows, reused (lib/retrieval/scratch.ts). */
const allowedBuffer = int32Scratch();

/**
 * Every allowed row's distance to the query, unordered: what `nearest` with k = all rows finds,
 * without keeping a heap of the whole pool and sorting it (a hybrid query ranks the rows itself).
 * `each` gets the row too (its index in `input`).
 */
export function allDistances(input: Omit<KnnInput, "k">, each: (pk: number, distance: number, row: number) => void): void {
  const { pks, norms, dim, query } = input;
  const qNorm = squaredNorm(query, 0, dim);
  // A reused buffer: `each` must not call allDistances itself (its callers' callbacks store a result).
  const rows = allowedBuffer.take(input.rows);
  let n = 0;
  for (let r = 0; r < input.rows; r++) if (pks[r] >= 0 && input.allowed(r)) rows[n++] = r;
  // Most rows allowed (a query without filters): the wasm kernel computes the same float32 chains
  // over whole blocks of rows, ~3x faster than the JS one; the rows a block does not allow are
  // computed and dropped. Few rows allowed: only those, in JS.
  const exact = n * 4 >= input.rows ? (input.exactScan?.(query) ?? null) : null;
  if (!exact) {
    exactDistances(input, qNorm, rows, n, (r, distance) => each(pks[r], distance, r));
    return;
  }
  for (let j = 0; j < n; ) {
    const from = rows[j];
    const count = Math.min(DOT_BLOCK, input.rows - from);
    const dots = exact(from, count);
    for (; j < n && rows[j] < from + count; j++) {
      const r = rows[j];
      each(pks[r], distanceOf(dots[r - from], norms[r], qNorm), r);
    }
  }
}
