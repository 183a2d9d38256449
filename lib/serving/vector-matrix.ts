// The rows of a vector store (n × dim, row-major) held in a WebAssembly memory of their own, so
// that the SIMD kernel (dot-kernel.ts) reads them where they are: no second copy. The memory starts
// with a header (the query, then the dot products of one block of rows, then the list of rows
// exactRows scores) and grows in place
// (Memory.grow keeps the contents; only the view is renewed), so appending never holds the old and
// the new matrix at once.
//
// Two layouts. Stored vectors are rounded to half precision when written (lib/db/half-precision.ts),
// so the rows are normally held as 16-bit halves: half the memory, and half the bytes a query's pass
// reads, which is what bounded the float32 pass (bench:knn: 12.5 against 21.0 ms over 100k × 384). The kernel widens each half to float32 exactly and computes
// pgvector's float32 chain on it (dot-kernel.ts `exact8h`), so the similarities are the same bit for
// bit as pgvector's over the stored values. A row that is not exactly a half (a vector written
// before the rounding, or a component past the half range) moves the whole matrix to float32 rows,
// once. Past wasm32's 4 GiB, or without wasm SIMD, the rows move to a plain Float32Array and the
// scan is the JS one (knn.ts).
import { finiteHalf, halfBits, HALF_TO_FLOAT } from "@/lib/db/half-precision";
import { APPROX_HALF_DIM, dotKernels, HALF_GROUP_ROWS, HALF_QUERY_SCALE, scalesExactly, type DotsFn, type ListedDotsFn } from "./dot-kernel";

/** Rows whose dot products one kernel call writes (a multiple of 16: the half kernel's groups). */
export const DOT_BLOCK = 4096;
const PAGE = 65536;
const MAX_BYTES = 65536 * PAGE;
/** Rows past the capacity that a half memory keeps: the half kernel reads whole groups of sixteen. */
const PAD_ROWS = HALF_GROUP_ROWS;

/** Dot products of the query with rows [from, from + count), count ≤ DOT_BLOCK: a view that the next call overwrites. */
export type DotScan = (from: number, count: number) => Float32Array;

export interface MatrixOptions {
  /** Largest wasm memory, in bytes (wasm32: 4 GiB); the rows move to a plain array past it. */
  maxBytes?: number;
  /** false: a plain Float32Array and the JS scan from the start. */
  simd?: boolean;
  /** false: float32 rows from the start (default: half rows while every row is exactly a half). */
  half?: boolean;
}

type Layout = { kind: "half"; halves: Uint16Array } | { kind: "float"; floats: Float32Array };

export class VectorMatrix {
  /** Rows held. */
  rows = 0;
  private layout: Layout;
  private memory: WebAssembly.Memory | null = null;
  private kernel: DotsFn | null = null;
  private exactKernel: DotsFn | null = null;
  /** Half rows: the kernels for a query scaled by HALF_QUERY_SCALE (dot-kernel.ts exact8hs, dotshs), a step shorter (the exact one the same bits). */
  private scaledKernel: DotsFn | null = null;
  private scaledExactKernel: DotsFn | null = null;
  private readonly header: number;
  private readonly maxBytes: number;
  private readonly outAt: number;
  /** Where exactRows writes the list of rows it scores (DOT_BLOCK + PAD_ROWS i32 indices). */
  private readonly listAt: number;
  /** Half rows: the exact kernels over listed rows (plain, and for a query scaled by HALF_QUERY_SCALE). */
  private listedKernel: ListedDotsFn | null = null;
  private scaledListedKernel: ListedDotsFn | null = null;
  /** A half row widened (row()'s answer when the caller gives no array). */
  private readonly rowBuffer: Float32Array;

  constructor(
    readonly dim: number,
    capacityRows = 1024,
    options: MatrixOptions = {},
  ) {
    // Query at 0, the block's dot products after it, then exactRows' list, rows from a 64-byte boundary.
    this.outAt = Math.ceil((dim * 4) / 64) * 64;
    this.listAt = this.outAt + DOT_BLOCK * 4;
    this.header = this.listAt + Math.ceil(((DOT_BLOCK + PAD_ROWS) * 4) / 64) * 64;
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
    this.rowBuffer = new Float32Array(dim);
    const wantHalf = options.half !== false && dim % 4 === 0;
    if (options.simd !== false) {
      const bytes = this.header + (wantHalf ? (capacityRows + PAD_ROWS) * dim * 2 : capacityRows * dim * 4);
      if (bytes <= this.maxBytes) this.attach(bytes, wantHalf);
    }
    this.layout = this.memory ? this.view(wantHalf) : { kind: "float", floats: new Float32Array(capacityRows * dim) };
  }

  /** A new wasm memory of `bytes` and its kernels; leaves memory null when there is no wasm SIMD or no room. */
  private attach(bytes: number, half: boolean): void {
    try {
      const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE) });
      const kernels = dotKernels(memory);
      if (!kernels) return;
      this.memory = memory;
      // Half rows: the unordered half kernel is the first pass where dim allows it (sixteen halves a
      // step; ~3.6x the exact one over 100k × 384), else the exact one is the first pass too.
      const approxHalf = half && this.dim % APPROX_HALF_DIM === 0;
      this.kernel = half ? (approxHalf ? kernels.dotsHalf : kernels.exactHalf) : kernels.dots;
      this.exactKernel = half ? kernels.exactHalf : kernels.exact;
      this.scaledKernel = half ? (approxHalf ? kernels.dotsHalfScaled : kernels.exactHalfScaled) : null;
      this.scaledExactKernel = half ? kernels.exactHalfScaled : null;
      this.listedKernel = half ? kernels.exactHalfListed : null;
      this.scaledListedKernel = half ? kernels.exactHalfListedScaled : null;
    } catch {
      // No address space for another wasm memory (ulimit -v): the plain array.
    }
  }

  private view(half: boolean): Layout {
    const buffer = this.memory!.buffer;
    const room = buffer.byteLength - this.header;
    return half
      ? { kind: "half", halves: new Uint16Array(buffer, this.header, Math.floor(room / 2) - PAD_ROWS * this.dim) }
      : { kind: "float", floats: new Float32Array(buffer, this.header, Math.floor(room / 4)) };
  }

  /** Whether the rows are scanned by the SIMD kernel. */
  get simd(): boolean {
    return this.kernel !== null;
  }

  /** Whether the rows are held as halves. */
  get half(): boolean {
    return this.layout.kind === "half";
  }

  /** The float32 rows (null while they are halves: read them with row()). */
  get floats(): Float32Array | null {
    return this.layout.kind === "float" ? this.layout.floats : null;
  }

  /** The half rows (null once they are float32). */
  get halves(): Uint16Array | null {
    return this.layout.kind === "half" ? this.layout.halves : null;
  }

  /** Bytes the rows take. */
  get bytes(): number {
    return this.rows * this.dim * (this.half ? 2 : 4);
  }

  private get capacityRows(): number {
    const l = this.layout;
    return Math.floor((l.kind === "half" ? l.halves.length : l.floats.length) / this.dim);
  }

  /** Appends a row (dim values). */
  append(vector: ArrayLike<number>): void {
    const d = this.dim;
    if (vector.length !== d) throw new Error(`a row of ${vector.length} values in a matrix of ${d}`);
    this.reserve(1);
    let l = this.layout;
    if (l.kind === "half") {
      const at = this.rows * d;
      for (let i = 0; i < d; i++) {
        const h = halfBits(vector[i]);
        if (!finiteHalf(h) || HALF_TO_FLOAT[h] !== Math.fround(vector[i])) {
          this.toFloat();
          l = this.layout;
          break;
        }
        l.halves[at + i] = h;
      }
    }
    if (l.kind === "float") l.floats.set(vector, this.rows * d);
    this.rows++;
  }

  /** Row r as float32: a view of the matrix (float rows) or `out` (default: a buffer the next call overwrites) holding the widened halves. */
  row(r: number, out: Float32Array = this.rowBuffer): Float32Array {
    const d = this.dim;
    const l = this.layout;
    if (l.kind === "float") return l.floats.subarray(r * d, (r + 1) * d);
    for (let i = 0, at = r * d; i < d; i++) out[i] = HALF_TO_FLOAT[l.halves[at + i]];
    return out;
  }

  /** Copies row `from` over row `to` (compaction). */
  moveRow(to: number, from: number): void {
    const d = this.dim;
    const l = this.layout;
    if (l.kind === "half") l.halves.copyWithin(to * d, from * d, (from + 1) * d);
    else l.floats.copyWithin(to * d, from * d, (from + 1) * d);
  }

  /** Room for `extra` more rows (capacity doubles: amortised O(1) appends). */
  reserve(extra: number): void {
    const need = this.rows + extra;
    const capacity = this.capacityRows;
    if (need <= capacity) return;
    const want = Math.max(capacity * 2, need);
    if (this.memory) {
      const rowBytes = this.dim * (this.half ? 2 : 4);
      const pad = this.half ? PAD_ROWS * rowBytes : 0;
      const bytes = Math.min(this.header + want * rowBytes + pad, this.maxBytes);
      if (this.header + need * rowBytes + pad <= bytes && this.grow(bytes)) {
        this.layout = this.view(this.half);
        return;
      }
    }
    // Past the memory limit (or already a plain array): float32 rows in a plain array, no SIMD scan.
    this.memory = null;
    this.kernel = null;
    this.exactKernel = null;
    this.scaledKernel = null;
    this.scaledExactKernel = null;
    this.listedKernel = null;
    this.scaledListedKernel = null;
    this.layout = { kind: "float", floats: this.floatRows(new Float32Array(want * this.dim)) };
  }

  /** Every row as float32 (half rows widened) written into `into`, which is returned. */
  private floatRows(into: Float32Array): Float32Array {
    const l = this.layout;
    if (l.kind === "float") into.set(l.floats.subarray(0, this.rows * this.dim));
    else for (let i = 0; i < this.rows * this.dim; i++) into[i] = HALF_TO_FLOAT[l.halves[i]];
    return into;
  }

  /** Half rows to float32 rows (a row that is not a half arrived): a new memory, the rows widened into it. */
  private toFloat(): void {
    if (this.layout.kind !== "half") return;
    const capacity = this.capacityRows;
    this.memory = null;
    this.kernel = null;
    this.exactKernel = null;
    this.scaledKernel = null;
    this.scaledExactKernel = null;
    this.listedKernel = null;
    this.scaledListedKernel = null;
    const bytes = this.header + capacity * this.dim * 4;
    if (bytes <= this.maxBytes) this.attach(bytes, false);
    const floats = this.memory ? (this.view(false) as Extract<Layout, { kind: "float" }>).floats : new Float32Array(capacity * this.dim);
    this.layout = { kind: "float", floats: this.floatRows(floats) };
  }

  /** Grows the memory to `bytes`; false when the system refuses. */
  private grow(bytes: number): boolean {
    try {
      this.memory!.grow(Math.ceil(bytes / PAGE) - this.memory!.buffer.byteLength / PAGE);
      return true;
    } catch {
      return false;
    }
  }

  /** The SIMD first pass for `query` (dim floats); null when the rows are in a plain array. */
  scan(query: Float32Array): DotScan | null {
    return this.bind(this.kernel, this.scaledKernel, query);
  }

  /**
   * The dot products of `query` in pgvector's order (dot-kernel.ts `exact`, `exact8h` for half
   * rows: bit for bit knn.ts's float32 chain); null when the rows are in a plain array.
   */
  exactScan(query: Float32Array): DotScan | null {
    return this.bind(this.exactKernel, this.scaledExactKernel, query);
  }

  /**
   * pgvector's float32 dot products of `query` with the rows `rows[0 .. n)` (any order, repeats
   * allowed), given to `each(i, dot)` in that order: exactScan's values bit for bit, for rows
   * scattered over the matrix (the rows the adaptive cut needs exactly: a few thousand of 100k),
   * by the exact half kernel over a list of rows (dot-kernel.ts exact8hl). False (nothing computed)
   * unless the rows are halves in wasm.
   */
  exactRows(query: Float32Array, rows: ArrayLike<number>, n: number, each: (i: number, dot: number) => void): boolean {
    if (!this.listedKernel || !this.memory) return false;
    const buffer = this.memory.buffer;
    const scaled = this.scaledListedKernel;
    const kernel = this.placeQuery(query, scaled !== null) && scaled ? scaled : this.listedKernel;
    const list = new Int32Array(buffer, this.listAt, DOT_BLOCK + PAD_ROWS);
    const out = new Float32Array(buffer, this.outAt, DOT_BLOCK);
    for (let at = 0; at < n; at += DOT_BLOCK) {
      const count = Math.min(DOT_BLOCK, n - at);
      for (let j = 0; j < count; j++) {
        const r = rows[at + j];
        if (!(r >= 0 && r < this.rows)) throw new RangeError(`row ${r} of ${this.rows}`);
        list[j] = r;
      }
      // The kernel scores whole groups of sixteen: the list's tail repeats its last row.
      list.fill(list[count - 1], count, count + PAD_ROWS);
      kernel(0, this.header, count, this.dim, this.outAt, this.listAt);
      for (let j = 0; j < count; j++) each(at + j, out[j]);
    }
    return true;
  }

  /**
   * Writes the query where the kernels read it (offset 0 of the memory), multiplied by
   * HALF_QUERY_SCALE when `scale` is asked and every value scales exactly; returns whether it was.
   */
  private placeQuery(query: Float32Array, scale: boolean): boolean {
    const q = new Float32Array(this.memory!.buffer, 0, this.dim);
    q.set(query.subarray(0, this.dim));
    if (!scale || !scalesExactly(q)) return false;
    for (let i = 0; i < q.length; i++) q[i] *= HALF_QUERY_SCALE;
    return true;
  }

  private bind(kernel: DotsFn | null, scaled: DotsFn | null, query: Float32Array): DotScan | null {
    if (!kernel || !this.memory) return null;
    const buffer = this.memory.buffer;
    // Half rows: with the query scaled, the kernel a step shorter (the exact one: same bits).
    if (this.placeQuery(query, scaled !== null) && scaled) kernel = scaled;
    const out = new Float32Array(buffer, this.outAt, DOT_BLOCK);
    const rowBytes = this.dim * (this.half ? 2 : 4);
    return (from, count) => {
      if (count > DOT_BLOCK || from < 0 || from + count > this.rows) throw new RangeError(`rows ${from}..${from + count} of ${this.rows}`);
      kernel(0, this.header + from * rowBytes, count, this.dim, this.outAt);
      return out;
    };
  }
}
