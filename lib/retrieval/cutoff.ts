// The adaptive cut-off: which of a query's candidates stand clearly above the pool's background.
// Most samples of a pool are unrelated to any one query, so the bulk of the query's similarities
// is its null distribution. It is estimated robustly from the candidates themselves (median and
// MAD, which a relevant minority below half the pool barely moves) and a candidate is kept when
//   z_i = (s_i − median) / (1.4826 · MAD) ≥ Z
// (Hampel 1974, "The influence curve and its role in robust estimation", JASA 69; 1.4826·MAD
// estimates σ of a normal bulk). Z is chosen on npm run bench:retrieval (MMLU-Pro, 14 categories).

/**
 * Robust z above which a similarity counts as relevant. npm run bench:retrieval, tagged MMLU-Pro,
 * 13 categories (load average ~25): z = 3 keeps precision 0.77, z = 6 0.89, z = 10 0.93, recall
 * 1.00 throughout (tag matches are kept whatever the similarity); the background σ of a query is
 * 0.003–0.012 there, so z = 10 still cuts at cosine 0.03–0.12.
 */
export const ADAPTIVE_Z = 10;
/**
 * The z when no sample carries the concept as a tag or task: the dense similarities are then the
 * only evidence. Stripped MMLU-Pro (question text only, 13 categories): z = 10 keeps 2% recall
 * (tau 0.65), z = 3 keeps 16% (tau 0.85); the offline embedder barely separates a one-word subject
 * from question text there, so neither reaches the targets.
 */
export const ADAPTIVE_Z_UNLABELLED = 3;
/** Never fewer than this many candidates to compute a background from. */
const MIN_BACKGROUND = 20;

export interface Background {
  median: number;
  /** 1.4826 · MAD; a floor keeps identical similarities from dividing by zero. */
  sigma: number;
}

/** Median and scaled MAD of the finite values of `values`. */
export function background(values: ArrayLike<number>): Background | null {
  const finite = new Float64Array(values.length);
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) finite[n++] = values[i];
  return backgroundInPlace(finite.subarray(0, n));
}

/** background() of values that are all finite, reordering them and writing the deviations over them. */
export function backgroundInPlace(xs: Float64Array): Background | null {
  const n = xs.length;
  if (n < MIN_BACKGROUND) return null;
  // Both medians by selection in place, the deviations written over the values.
  const median = medianInPlace(xs);
  for (let i = 0; i < n; i++) xs[i] = Math.abs(xs[i] - median);
  const mad = medianInPlace(xs);
  return { median, sigma: Math.max(1.4826 * mad, 1e-6) };
}

/** The median, by selection (no sort of the pool): the same value as sorting and taking the middle. */
export function medianOf(v: ArrayLike<number>): number {
  return medianInPlace(Float64Array.from(v));
}

/** medianOf, reordering `s` itself. */
function medianInPlace(s: Float64Array): number {
  const m = s.length >> 1;
  const upper = select(s, m, 0, s.length - 1);
  if (s.length % 2) return upper;
  // After selecting the m-th, every value before it is ≤ it: the (m−1)-th is their largest.
  let lower = -Infinity;
  for (let i = 0; i < m; i++) if (s[i] > lower) lower = s[i];
  return (lower + upper) / 2;
}

/**
 * The k-th smallest of a[lo..hi] (0-based, no NaN), rearranging a so that a[lo..k) ≤ a[k] ≤ a(k..hi]:
 * quickselect with a median-of-three pivot and a three-way partition (runs of equal values, as
 * equal similarities make, end the search at once).
 */
function select(a: Float64Array, k: number, lo: number, hi: number): number {
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    const x = a[lo];
    const y = a[mid];
    const z = a[hi];
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    // a[lo..lt) < pivot, a[lt..i) = pivot, a(gt..hi] > pivot
    let lt = lo;
    let i = lo;
    let gt = hi;
    while (i <= gt) {
      const v = a[i];
      if (v < pivot) {
        a[i++] = a[lt];
        a[lt++] = v;
      } else if (v > pivot) {
        a[i] = a[gt];
        a[gt--] = v;
      } else i++;
    }
    if (k < lt) hi = lt - 1;
    else if (k > gt) lo = gt + 1;
    else return pivot;
  }
  return a[k];
}

/** The similarity a candidate needs under the adaptive cut: median + Z·σ. */
export function adaptiveThreshold(bg: Background, z = ADAPTIVE_Z): number {
  return bg.median + z * bg.sigma;
}
