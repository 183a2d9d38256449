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
