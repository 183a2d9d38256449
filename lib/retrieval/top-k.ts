// The k smallest (distance, pk) pairs of a stream, ties by pk, in O(n log k): a bounded max-heap.
// kNN keeps its nearest rows with it (lib/serving/knn.ts); the hybrid cut selects the k most
// similar rows with it (negated similarity as the distance, the row as the pk) instead of sorting
// the whole pool, and query expansion its feedback seeds (lib/retrieval/feedback.ts).

/** The k smallest (distance, pk) pairs seen: a binary max-heap, worst at the root. */
export class TopK {
  private readonly d: Float64Array;
  private readonly p: Int32Array;
  private n = 0;
  constructor(k: number) {
    this.d = new Float64Array(k);
    this.p = new Int32Array(k);
  }

  get full(): boolean {
    return this.n === this.d.length;
  }

  /** The largest distance kept (the root). */
  get worst(): number {
    return this.d[0];
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

  sorted(): { pk: number; distance: number }[] {
    const out: { pk: number; distance: number }[] = [];
    for (let i = 0; i < this.n; i++) out.push({ pk: this.p[i], distance: this.d[i] });
    return out.sort((a, b) => a.distance - b.distance || a.pk - b.pk);
  }
}
