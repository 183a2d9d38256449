// The rows of a vector store (n × dim float32, row-major) held in a WebAssembly memory of their own,
// so that the SIMD kernel (dot-kernel.ts) reads them where they are: no second copy. The memory
// starts with a header (the query, then the dot products of one block of rows) and grows in place
// (Memory.grow keeps the contents; only the view is renewed), so appending never holds the old and
// the new matrix at once. Past wasm32's 4 GiB, or without wasm SIMD, the rows move to a plain
// Float32Array and the scan is the JS one (knn.ts).
import { dotKernels, type DotsFn } from "./dot-kernel";

/** Rows whose dot products one kernel call writes. */
export const DOT_BLOCK = 4096;
const PAGE = 65536;
const MAX_BYTES = 65536 * PAGE;

/** Dot products of the query with rows [from, from + count), count ≤ DOT_BLOCK: a view that the next call overwrites. */
export type DotScan = (from: number, count: number) => Float32Array;

export interface MatrixOptions {
  /** Largest wasm memory, in bytes (wasm32: 4 GiB); the rows move to a plain array past it. */
  maxBytes?: number;
  /** false: a plain Float32Array and the JS scan from the start. */
  simd?: boolean;
}

export class VectorMatrix {
  /** The rows, `length` floats of it in use. */
  data: Float32Array;
  length = 0;
  private memory: WebAssembly.Memory | null = null;
  private kernel: DotsFn | null = null;
  private exactKernel: DotsFn | null = null;
  private readonly header: number;
  private readonly maxBytes: number;

  constructor(
    readonly dim: number,
    capacityRows = 1024,
    options: MatrixOptions = {},
  ) {
    // Query at 0, the block's dot products after it, rows from a 64-byte boundary.
    this.header = Math.ceil((dim * 4) / 64) * 64 + DOT_BLOCK * 4;
    this.maxBytes = options.maxBytes ?? MAX_BYTES;
    const capacity = capacityRows * dim;
    if (options.simd !== false && this.header + capacity * 4 <= this.maxBytes) {
      try {
        this.memory = new WebAssembly.Memory({ initial: Math.ceil((this.header + capacity * 4) / PAGE) });
        const kernels = dotKernels(this.memory);
        this.kernel = kernels?.dots ?? null;
        this.exactKernel = kernels?.exact ?? null;
      } catch {
        // No address space for another wasm memory (ulimit -v): the plain array below.
      }
    }
    if (!this.kernel) this.memory = null;
    this.data = this.memory ? this.view() : new Float32Array(capacity);
  }

  /** Whether the rows are scanned by the SIMD kernel. */
  get simd(): boolean {
    return this.kernel !== null;
  }

  private view(): Float32Array {
    const buffer = this.memory!.buffer;
    return new Float32Array(buffer, this.header, Math.floor((buffer.byteLength - this.header) / 4));
  }

  /** Room for `extra` more floats (capacity doubles: amortised O(1) appends). */
  reserve(extra: number): void {
    const need = this.length + extra;
    if (need <= this.data.length) return;
    const want = Math.max(this.data.length * 2, need);
    if (this.memory) {
      const bytes = Math.min(this.header + want * 4, this.maxBytes);
      if (this.header + need * 4 <= bytes && this.grow(bytes)) {
        this.data = this.view();
        return;
      }
      this.memory = null;
      this.kernel = null;
      this.exactKernel = null;
    }
    const bigger = new Float32Array(want);
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
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
    return this.bind(this.kernel, query);
  }

  /**
   * The dot products of `query` in pgvector's order (dot-kernel.ts `exact`: bit for bit knn.ts's
   * float32 chain); null when the rows are in a plain array.
   */
  exactScan(query: Float32Array): DotScan | null {
    return this.bind(this.exactKernel, query);
  }

  private bind(kernel: DotsFn | null, query: Float32Array): DotScan | null {
    if (!kernel || !this.memory) return null;
    const buffer = this.memory.buffer;
    new Float32Array(buffer, 0, this.dim).set(query.subarray(0, this.dim));
    const outAt = Math.ceil((this.dim * 4) / 64) * 64;
    const out = new Float32Array(buffer, outAt, DOT_BLOCK);
    const rowBytes = this.dim * 4;
    return (from, count) => {
      if (count > DOT_BLOCK || from < 0 || (from + count) * this.dim > this.length) throw new RangeError(`rows ${from}..${from + count} of ${this.length / this.dim}`);
      kernel(0, this.header + from * rowBytes, count, this.dim, outAt);
      return out;
    };
  }
}
