// Exact cosine k-nearest neighbours over a Float32Array matrix, filters applied as a bitmask
// before scoring. The distance is pgvector's `<=>` computed the same way (src/vector.c,
// VectorCosineSimilarity + cosine_distance, pgvector 0.8):
//   sim = (double) Σ_f32 a_i b_i / sqrt((double) Σ_f32 a_i² · (double) Σ_f32 b_i²),
//   d   = 1 − clamp(sim, −1, 1)
// with every product and partial sum rounded to float32 (Math.fround), so that the same rows
// come back in the same order as the SQL exact scan (ORDER BY distance, pk) with equal distances.
// Top-k keeps a max-heap of the k best (distance, pk) pairs: O(n log k).

/** Σ_f32 x_i² over x[from .. from + dim), accumulated in float32 as pgvector does. */
export function squaredNorm(x: Float32Array, from: number, dim: number): number {
  let s = 0;
  for (let i = from; i < from + dim; i++) s = Math.fround(s + Math.fround(x[i] * x[i]));
  return s;
}

export interface KnnInput {
  vectors: Float32Array;
  /** Squared norm of each row (squaredNorm). */
  norms: Float32Array;
  /** Sample pk of each row; −1 for a dead row. */
  pks: Int32Array;
  rows: number;
  dim: number;
  /** Whether row r may be returned (filters, visibility). */
  allowed: (row: number) => boolean;
  query: Float32Array;
  k: number;
}

export interface Neighbour {
  pk: number;
  distance: number;
}

/** pgvector's cosine distance of row r to the query (qNorm: the query's squaredNorm). */
function distance(input: Pick<KnnInput, "vectors" | "norms" | "dim" | "query">, r: number, qNorm: number): number {
  const { vectors, norms, dim, query } = input;
  let dot = 0;
  const base = r * dim;
  for (let i = 0; i < dim; i++) dot = Math.fround(dot + Math.fround(vectors[base + i] * query[i]));
  let sim = dot / Math.sqrt(norms[r] * qNorm);
  if (sim > 1) sim = 1;
  else if (sim < -1) sim = -1;
  return 1 - sim;
}

/** The k rows nearest the query, nearest first, ties by pk. */
export function nearest(input: KnnInput): Neighbour[] {
  const { pks, rows, dim, query, k } = input;
  if (k <= 0) return [];
  const qNorm = squaredNorm(query, 0, dim);
  const heap = new TopK(Math.min(k, rows));
  for (let r = 0; r < rows; r++) {
    const pk = pks[r];
    if (pk < 0 || !input.allowed(r)) continue;
    heap.offer(distance(input, r, qNorm), pk);
  }
  return heap.sorted();
}

/**
 * Every allowed row's distance to the query, unordered: what `nearest` with k = all rows finds,
 * without keeping a heap of the whole pool and sorting it (a hybrid query ranks the rows itself).
 */
export function allDistances(input: Omit<KnnInput, "k">, each: (pk: number, distance: number) => void): void {
  const qNorm = squaredNorm(input.query, 0, input.dim);
  for (let r = 0; r < input.rows; r++) {
    const pk = input.pks[r];
    if (pk >= 0 && input.allowed(r)) each(pk, distance(input, r, qNorm));
  }
}

/** The k smallest (distance, pk) pairs seen: a binary max-heap, worst at the root. */
class TopK {
  private readonly d: Float64Array;
  private readonly p: Int32Array;
  private n = 0;
  constructor(k: number) {
    this.d = new Float64Array(k);
    this.p = new Int32Array(k);
  }

  private worse(i: number, j: number): boolean {
    return this.d[i] > this.d[j] || (this.d[i] === this.d[j] && this.p[i] > this.p[j]);
  }

  private swap(i: number, j: number): void {
    const d = this.d[i];
    this.d[i] = this.d[j];
    this.d[j] = d;
    const p = this.p[i];
    this.p[i] = this.p[j];
    this.p[j] = p;
  }

  offer(distance: number, pk: number): void {
    if (this.n < this.d.length) {
      let i = this.n++;
      this.d[i] = distance;
      this.p[i] = pk;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (distance > this.d[0] || (distance === this.d[0] && pk > this.p[0])) return;
    this.d[0] = distance;
    this.p[0] = pk;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.n && this.worse(l, m)) m = l;
      if (r < this.n && this.worse(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  sorted(): Neighbour[] {
    const out: Neighbour[] = [];
    for (let i = 0; i < this.n; i++) out.push({ pk: this.p[i], distance: this.d[i] });
    return out.sort((a, b) => a.distance - b.distance || a.pk - b.pk);
  }
}
