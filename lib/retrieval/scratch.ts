// Typed buffers reused from one call to the next by the synchronous passes over the pool (the
// similarity pass, the hybrid cut): a capability query at 100k samples otherwise allocates a few
// megabytes of pool-sized arrays that never outlive the call, and their collection showed as ~7%
// of a query's CPU. A buffer is owned by one function, which neither awaits nor calls itself while
// holding it, and none of it escapes (what a caller keeps is copied out).

type Typed = Int32Array | Float64Array;

export class Scratch<T extends Typed> {
  private buffer: T;

  constructor(private readonly make: (n: number) => T) {
    this.buffer = make(0);
  }

  /** `n` elements, their contents left from the previous use. */
  take(n: number): T {
    if (this.buffer.length < n) this.buffer = this.make(Math.max(n, Math.ceil(this.buffer.length * 1.5)));
    return this.buffer.subarray(0, n) as T;
  }

  /** `n` elements set to 0. */
  zeroed(n: number): T {
    const out = this.take(n);
    out.fill(0);
    return out;
  }
}

export const int32Scratch = () => new Scratch((n) => new Int32Array(n));
export const float64Scratch = () => new Scratch((n) => new Float64Array(n));
