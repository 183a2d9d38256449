// The image space's calibrated cut-off, per query: where the query's similarity to the space's
// background (a fixed slice of its vectors) lies, robustly (median m, scaled median absolute
// deviation s = 1.4826 · MAD, which a minority of true matches in the slice does not move), and how
// far the best hit stands out from it:
//   nothing is kept unless  best − m ≥ Z · s          (a query no image matches retrieves none)
//   else a hit is kept when  sim ≥ m + F · (best − m)  (the top part of the gap above background)
// Shift- and scale-free, so it needs no knowledge of the model's similarity scale: SigLIP's
// text–image cosines are small (~0.05–0.2 for a match) and move from query to query, where a fixed
// cosine threshold would keep everything for one query and nothing for the next.
export const STAND_OUT_Z = 2;
export const GAP_FRACTION = 0.6;

function median(sorted: Float64Array): number {
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

/** The similarity a hit must reach; +Infinity when the best hit does not stand out, -Infinity without a background. */
export function backgroundCut(background: ArrayLike<number>, best: number, z = STAND_OUT_Z, fraction = GAP_FRACTION): number {
  const n = background.length;
  if (n === 0) return -Infinity;
  const sorted = Float64Array.from(background).sort();
  const m = median(sorted);
  const deviations = sorted.map((x) => Math.abs(x - m)).sort();
  const s = 1.4826 * median(deviations);
  if (best - m < z * s || best <= m) return Infinity;
  return m + fraction * (best - m);
}
