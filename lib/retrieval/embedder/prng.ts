// Seeded pseudo-random numbers, so that a fit is a pure function of (documents, options).
// Uniforms: mulberry32 (T. Ettinger, public domain), a 32-bit generator that is fast and good
// enough for random test matrices. Normals: the Box–Muller transform (Box & Muller 1958).

/** A deterministic source of standard normal numbers. */
export interface NormalSource {
  next(): number;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** z = sqrt(-2 ln u1) cos(2π u2); the sine twin is kept for the next call. */
export function normalSource(seed: number): NormalSource {
  const uniform = mulberry32(seed);
  let spare: number | null = null;
  return {
    next() {
      if (spare !== null) {
        const z = spare;
        spare = null;
        return z;
      }
      // 1 - u keeps the argument of the logarithm in (0, 1].
      const r = Math.sqrt(-2 * Math.log(1 - uniform()));
      const theta = 2 * Math.PI * uniform();
      spare = r * Math.sin(theta);
      return r * Math.cos(theta);
    },
  };
}
