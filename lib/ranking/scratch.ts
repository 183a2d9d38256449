/**
 * Per-process scratch typed arrays for the arrays of one synchronous computation that do not
 * escape it (a capability fit's row orders, counts, event columns: a few 0.1-0.6 MB arrays per
 * query otherwise, for the collector). Each owner makes its own pool and numbers its slots; a
 * slot's buffer grows by doubling up to `max` elements, and a request beyond `max` (a whole
 * pool's) gets an array of its own, so nothing large is kept. The contents are stale on return:
 * a caller clears what it needs cleared, and must be done with a slot before asking for it again.
 */
export interface ScratchPool {
  i32(slot: number, length: number): Int32Array;
  f64(slot: number, length: number): Float64Array;
}

export function scratchPool(max: number): ScratchPool {
  const i32: Int32Array[] = [];
  const f64: Float64Array[] = [];
  const grown = (had: number | undefined, length: number) => Math.min(max, Math.max(length, 2 * (had ?? 0)));
  return {
    i32(slot, length) {
      if (length > max) return new Int32Array(length);
      if (!(i32[slot]?.length >= length)) i32[slot] = new Int32Array(grown(i32[slot]?.length, length));
      return i32[slot].subarray(0, length);
    },
    f64(slot, length) {
      if (length > max) return new Float64Array(length);
      if (!(f64[slot]?.length >= length)) f64[slot] = new Float64Array(grown(f64[slot]?.length, length));
      return f64[slot].subarray(0, length);
    },
  };
}
