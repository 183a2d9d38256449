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
/** Never fewer than this many candidates to compute a background from (fewer: no adaptive similarity cut). */
export const MIN_BACKGROUND = 20;

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
  // Both medians by radix selection, the deviations written over the values.
  const median = medianFast(xs);
  for (let i = 0; i < n; i++) xs[i] = Math.abs(xs[i] - median);
  const mad = medianFast(xs);
  return { median, sigma: Math.max(1.4826 * mad, 1e-6) };
}

/** The median, by selection (no sort of the pool): the same value as sorting and taking the middle. */
export function medianOf(v: ArrayLike<number>): number {
  return medianInPlace(Float64Array.from(v));
}

/** Buckets of the first pass of medianFast: the top 16 bits of a value's order-preserving key. */
const counts = new Uint32Array(1 << 16);
/** Whether a Float64Array's high word is the second Uint32 of each element (every platform Node runs on). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** Values left after the first pass that are sorted rather than selected. */
const SORT_BELOW = 2048;

/**
 * medianInPlace's value, found by a radix pass instead of quickselect over the whole array (whose
 * unpredictable three-way branches cost a few ms per 100k values): each value's high word mapped to an
 * order-preserving unsigned key (sign bit flipped for positives, every bit for negatives), counted
 * by its top 16 bits; the middle value(s) then lie in one or two buckets, whose values alone are
 * sorted, or when many counted again by the next 16 bits (middlePair). Leaves `s` in its order. A
 * middle value of zero (whose sign quickselect's pivots decide) is left to medianInPlace itself.
 */
function medianFast(s: Float64Array): number {
  if (s.length < SORT_BELOW || !LITTLE_ENDIAN) return medianInPlace(s);
  const [lower, upper] = middlePair(s);
  if (upper === 0 || lower === 0) return medianInPlace(s);
  return s.length % 2 ? upper : (lower + upper) / 2;
}

/**
 * The two middle values of finite `s` (ranks ⌊(n − 1)/2⌋ and ⌊n/2⌋, one value twice when n is
 * odd), n ≥ 1, by medianFast's selection; may reorder `s` (pass a copy to keep it).
 */
export function middleValues(s: Float64Array): [number, number] {
  return middlePair(s);
}

/**
 * The values of ranks ⌊(n − 1)/2⌋ and ⌊n/2⌋ (0-based; one value twice when n is odd) of values that
 * are all finite, n ≥ 1: medianFast's radix pass, or a sort when few. A zero among them may come
 * back with either sign. Reorders `s` only when few (quickselect).
 */
function middlePair(s: Float64Array): [number, number] {
  const n = s.length;
  const m = n >> 1;
  const lowRank = n % 2 ? m : m - 1;
  if (n < SORT_BELOW || !LITTLE_ENDIAN) {
    const upper = select(s, m, 0, n - 1);
    let lower = upper;
    if (lowRank < m) {
      lower = -Infinity;
      for (let i = 0; i < m; i++) if (s[i] > lower) lower = s[i];
    }
    return [lower, upper];
  }
  return ranksByRadix(s, lowRank, m, 0);
}

/**
 * The values of ranks `lowRank` and `m` (= lowRank or lowRank + 1) of s: counted by 16 bits of
 * each value's order-preserving key (level 0 the top 16 of the high word, level 1 the next 16,
 * among values sharing the top 16). Ranks in two buckets are the largest of the first and the
 * smallest of the second; in one, that bucket's values are sorted when few, else counted again
 * by the next 16 bits (similarities share their top 16 bits by the thousand), else selected.
 */
function ranksByRadix(s: Float64Array, lowRank: number, m: number, level: 0 | 1): [number, number] {
  const n = s.length;
  const words = new Uint32Array(s.buffer, s.byteOffset, 2 * n);
  const key = (hi: number) => (hi & 0x80000000 ? ~hi : hi | 0x80000000) >>> 0;
  const shift = level === 0 ? 16 : 0;
  counts.fill(0);
  for (let i = 1; i < 2 * n; i += 2) counts[(key(words[i]) >>> shift) & 0xffff]++;
  // The buckets of ranks lowRank and m, and how many values lie below the first.
  let below = 0;
  let b = 0;
  while (below + counts[b] <= lowRank) below += counts[b++];
  const first = b;
  let through = below + counts[b];
  while (through <= m) through += counts[++b];
  const last = b;
  if (first !== last) {
    let lower = -Infinity;
    let upper = Infinity;
    for (let i = 0; i < n; i++) {
      const bucket = (key(words[2 * i + 1]) >>> shift) & 0xffff;
      if (bucket === first && s[i] > lower) lower = s[i];
      else if (bucket === last && s[i] < upper) upper = s[i];
    }
    return [lower, upper];
  }
  const kept = new Float64Array(through - below);
  let j = 0;
  for (let i = 0; i < n; i++) if (((key(words[2 * i + 1]) >>> shift) & 0xffff) === first) kept[j++] = s[i];
  if (kept.length <= SORT_BELOW) {
    kept.sort();
    return [kept[lowRank - below], kept[m - below]];
  }
  if (level === 0) return ranksByRadix(kept, lowRank - below, m - below, 1);
  const upper = select(kept, m - below, 0, kept.length - 1);
  let lower = upper;
  if (lowRank < m) {
    lower = -Infinity;
    for (let i = 0; i < m - below; i++) if (kept[i] > lower) lower = kept[i];
  }
  return [lower, upper];
}

/** medianOf, reordering `s` itself: quickselect (the radix pass's fallback, and its reference in tests). */
export function medianInPlace(s: Float64Array): number {
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
