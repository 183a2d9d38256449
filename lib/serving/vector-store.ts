// One (space, model)'s vectors as one matrix (n × dim, row-major, as stored: L2-normalised, rounded
// to half precision and held as halves, in a WebAssembly memory the SIMD passes of knn.ts read:
// vector-matrix.ts) with each row's
// sample pk and squared norm. Rows are appended; a removed row is marked dead
// (pk −1) and skipped by the scan, and the matrix is compacted when dead rows pass a quarter.
import { f32, i32, PkIndex } from "./columns";
import { squaredNorm, type KnnInput } from "./knn";
import { VectorMatrix, type MatrixOptions } from "./vector-matrix";

export class VectorStore {
  readonly pk = i32();
  readonly norm = f32();
  readonly vectors;
  private readonly rowOf = new PkIndex();
  private dead = 0;

  constructor(
    readonly dim: number,
    options?: MatrixOptions,
  ) {
    this.vectors = new VectorMatrix(dim, 1024, options);
  }

  /** The first `rows` rows (default all) as knn.ts takes them. */
  rows(rows = this.pk.length): Omit<KnnInput, "allowed" | "query" | "k"> {
    const m = this.vectors;
    return {
      vectors: m.floats,
      halves: m.halves,
      norms: this.norm.data,
      pks: this.pk.data,
      rows,
      dim: this.dim,
      scan: (q) => m.scan(q),
      exactScan: (q) => m.exactScan(q),
      exactRows: (q, list, n, each) => m.exactRows(q, list, n, each),
    };
  }

  get size(): number {
    return this.pk.length - this.dead;
  }

  has(pk: number): boolean {
    return this.rowOf.get(pk) >= 0;
  }

  /** The stored vector of sample `pk` as float32 (a view, or a buffer the next call overwrites: copy it to keep it); null when it has none. */
  vectorOf(pk: number): Float32Array | null {
    const row = this.rowOf.get(pk);
    return row < 0 ? null : this.vectors.row(row);
  }

  /** Adds or replaces the vector of sample `pk`. */
  put(pk: number, vector: ArrayLike<number>): void {
    if (vector.length !== this.dim) throw new Error(`a vector of ${vector.length} dimensions in a space of ${this.dim}`);
    this.remove(pk);
    this.rowOf.set(pk, this.pk.length);
    this.pk.push(pk);
    this.vectors.append(vector);
    this.norm.push(squaredNorm(this.vectors.row(this.vectors.rows - 1), 0, this.dim));
  }

  remove(pk: number): void {
    const row = this.rowOf.get(pk);
    if (row < 0) return;
    this.pk.data[row] = -1;
    this.rowOf.set(pk, -1);
    if (++this.dead > 1024 && this.dead * 4 > this.pk.length) this.compact();
  }

  /** Pks of the live rows. */
  livePks(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.pk.length; r++) if (this.pk.data[r] >= 0) out.push(this.pk.data[r]);
    return out;
  }

  private compact(): void {
    let to = 0;
    for (let r = 0; r < this.pk.length; r++) {
      const pk = this.pk.data[r];
      if (pk < 0) continue;
      if (to !== r) {
        this.pk.data[to] = pk;
        this.norm.data[to] = this.norm.data[r];
        this.vectors.moveRow(to, r);
      }
      this.rowOf.set(pk, to++);
    }
    this.pk.length = to;
    this.norm.length = to;
    this.vectors.rows = to;
    this.dead = 0;
  }
}
