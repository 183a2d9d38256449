// The precision sample vectors are stored at: each float32 component rounded to the nearest
// IEEE 754 half-precision (binary16) value, ties to even, when the vector is written
// (queries/embeddings.ts insertEmbeddings). The rounded value is still a float32 — pgvector stores
// and compares it as it did — but it fits in 16 bits exactly, so the serving read model can hold
// the rows at half the memory and read half the bytes per query (lib/serving/vector-matrix.ts)
// while computing pgvector's float32 similarities bit for bit: widening a half to float32 is exact.
// A half keeps 11 significant bits: a unit vector's cosine with a query moves by ~1e-4 at most,
// far below what separates retrieved samples. A component past the half range (|x| > 65504) is
// stored as it is; the read model then keeps that space in float32.

/** The float32 value of each of the 65,536 half-precision bit patterns. */
export const HALF_TO_FLOAT: Float32Array = (() => {
  const t = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const e = (h >>> 10) & 0x1f;
    const m = h & 0x3ff;
    t[h] = e === 0 ? sign * m * 2 ** -24 : e === 31 ? (m ? NaN : sign * Infinity) : sign * (1 + m / 1024) * 2 ** (e - 15);
  }
  return t;
})();

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The half-precision bit pattern nearest float32(x), ties to even (0x7c00 | sign: past the half range). */
export function halfBits(x: number): number {
  f32[0] = x;
  const b = u32[0];
  const sign = (b >>> 16) & 0x8000;
  const exp = (b >>> 23) & 0xff;
  let mant = b & 0x7fffff;
  if (exp === 0xff) return sign | 0x7c00 | (mant ? 0x200 : 0);
  const e = exp - 112; // the half's biased exponent (127 − 15)
  if (e >= 31) return sign | 0x7c00;
  if (e <= 0) {
    // A half subnormal (or zero): the float's 24 significant bits (implicit one included) shifted
    // down to multiples of 2^-24; below 2^-25 everything rounds to zero.
    if (e < -10) return sign;
    mant |= 0x800000;
    const shift = 14 - e;
    let h = mant >>> shift;
    const rem = mant & ((1 << shift) - 1);
    const half = 1 << (shift - 1);
    if (rem > half || (rem === half && h & 1)) h++;
    return sign | h;
  }
  let h = (e << 10) | (mant >>> 13);
  const rem = mant & 0x1fff;
  if (rem > 0x1000 || (rem === 0x1000 && h & 1)) h++; // a carry moves to the next exponent, up to infinity: still right
  return sign | h;
}

/** Whether a half bit pattern is finite (not past the half range). */
export const finiteHalf = (h: number): boolean => (h & 0x7c00) !== 0x7c00;

/** The vector with every component rounded to half precision (a component past the half range is kept as it is). */
export function toHalfPrecision(v: ArrayLike<number>): Float32Array {
  const out = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) {
    const h = halfBits(v[i]);
    out[i] = finiteHalf(h) ? HALF_TO_FLOAT[h] : v[i];
  }
  return out;
}
