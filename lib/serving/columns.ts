// Growable typed columns and a string interner: the storage of the read model. Appends double the
// capacity (amortised O(1)); views are subarrays, so readers never copy.

type Typed = Int32Array | Float64Array | Float32Array | Uint8Array;

export class Column<T extends Typed> {
  data: T;
  length = 0;
  constructor(
    private readonly make: (n: number) => T,
    capacity = 1024,
  ) {
    this.data = make(capacity);
  }
  reserve(extra: number): void {
    if (this.length + extra <= this.data.length) return;
    const bigger = this.make(Math.max(this.data.length * 2, this.length + extra));
    bigger.set(this.data as ArrayLike<number>);
    this.data = bigger;
  }
  push(v: number): void {
    if (this.length === this.data.length) this.reserve(1);
    this.data[this.length++] = v;
  }
}

export const i32 = (capacity?: number) => new Column((n) => new Int32Array(n), capacity);
export const f64 = (capacity?: number) => new Column((n) => new Float64Array(n), capacity);
export const f32 = (capacity?: number) => new Column((n) => new Float32Array(n), capacity);
export const u8 = (capacity?: number) => new Column((n) => new Uint8Array(n), capacity);

/** Strings ↔ dense codes. */
export class Interner {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  code(name: string): number {
    let i = this.index.get(name);
    if (i === undefined) {
      i = this.names.length;
      this.names.push(name);
      this.index.set(name, i);
    }
    return i;
  }
  /** The code of a known string, or -1. */
  find(name: string): number {
    return this.index.get(name) ?? -1;
  }
}

/** Sample pk → row index, a dense array (pks are a serial: dense enough). -1 when absent. */
export class PkIndex {
  private rows = new Int32Array(1024).fill(-1);
  get(pk: number): number {
    return pk < this.rows.length ? this.rows[pk] : -1;
  }
  set(pk: number, row: number): void {
    if (pk >= this.rows.length) {
      const bigger = new Int32Array(Math.max(this.rows.length * 2, pk + 1)).fill(-1);
      bigger.set(this.rows);
      this.rows = bigger;
    }
    this.rows[pk] = row;
  }
}

/**
 * A short list of codes per row, packed: each row's codes lie in one shared Int32 pool at
 * `start[row]` for `count[row]`. Replacing a row's list appends it anew; the pool is compacted when
 * its dead entries outnumber the live ones. At 100k samples, an Int32Array per row and list (tags
 * and metadata) was 200k typed arrays: ~35 MB of heap objects for a few hundred KB of codes.
 */
export class ListColumn {
  private readonly start = i32();
  private readonly count = i32();
  private pool = i32();
  private live = 0;

  get length(): number {
    return this.start.length;
  }

  /** Sets row `row`'s list (rows are added in order: `row` ≤ length). */
  set(row: number, codes: ArrayLike<number>): void {
    if (row > this.start.length) throw new Error(`ListColumn: row ${row} after ${this.start.length}`);
    if (row === this.start.length) {
      this.start.push(0);
      this.count.push(0);
    } else this.live -= this.count.data[row];
    this.start.data[row] = this.pool.length;
    this.count.data[row] = codes.length;
    this.pool.reserve(codes.length);
    for (let i = 0; i < codes.length; i++) this.pool.data[this.pool.length++] = codes[i];
    this.live += codes.length;
    if (this.pool.length > 1024 && this.pool.length > 2 * this.live) this.compact();
  }

  /** Row `row`'s codes (a view into the pool: read it before the next `set`). */
  get(row: number): Int32Array {
    const at = this.start.data[row];
    return this.pool.data.subarray(at, at + this.count.data[row]);
  }

  /** Whether row `row`'s list is exactly `codes`. */
  equals(row: number, codes: ArrayLike<number>): boolean {
    if (this.count.data[row] !== codes.length) return false;
    const at = this.start.data[row];
    for (let i = 0; i < codes.length; i++) if (this.pool.data[at + i] !== codes[i]) return false;
    return true;
  }

  /** Whether row `row`'s list holds a code of `allowed`. */
  hasAny(row: number, allowed: Set<number>): boolean {
    const at = this.start.data[row];
    const end = at + this.count.data[row];
    for (let j = at; j < end; j++) if (allowed.has(this.pool.data[j])) return true;
    return false;
  }

  private compact(): void {
    const pool = i32(Math.max(1024, this.live));
    for (let r = 0; r < this.start.length; r++) {
      const at = this.start.data[r];
      const n = this.count.data[r];
      this.start.data[r] = pool.length;
      pool.data.set(this.pool.data.subarray(at, at + n), pool.length);
      pool.length += n;
    }
    this.pool = pool;
  }
}
