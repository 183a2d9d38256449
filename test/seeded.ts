// A small seeded generator for tests: uniform in [-1, 1) from a 31-bit linear congruential
// sequence, the same numbers on every machine (tests that compare implementations draw their
// random pools from it).
export function seeded(seed: number): () => number {
  let x = seed;
  return () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
}
