// Similarities that are approximate until they matter. The serving path's pass over the pool
// (lib/serving/search.ts approximateSimilarityByRow) computes every row's similarity with the
// unordered SIMD kernel — within `slack` of pgvector's exact value, ~3.6x faster — and makes a row
// exact (pgvector's float32 chain, bit for bit) only when an answer can depend on it. The adaptive
// cut (hybrid.ts) depends on every candidate only through a few order statistics and comparisons,
// so refineForAdaptiveCut, called by retrieveConcept before it computes the cut as usual, makes exact:
//   - the rows whose value can be one of the two middle values (the median), then one of the two
//     middle deviations from it (the MAD);
//   - every row that can reach `from` = min(lowest labelled, median + z·σ): the ranked rows, whose
//     dense ranks the fusion uses, and the kept ones (the labelled ones among them);
//   - the rows that can be the smallest or largest (the histogram's range), and those whose bin
//     the slack leaves open.
// The argument, for any array m of values each within δ of its exact value e (|m_i − e_i| ≤ δ,
// exact rows m_i = e_i): the k-th smallest of m is within δ of the k-th smallest of e (order
// statistics are 1-Lipschitz in the largest difference). A row whose m_i is more than 2δ below
// (above) the k-th smallest of m has both m_i and e_i strictly below (above) the k-th smallest of
// either, so once the rows within 2δ of it are exact, the k-th smallest of m IS e's: the median
// and the MAD computed on the mixed array are the exact ones, hence the cut; a row left approximate
// lies, in m and in e, on the same side of every comparison the cut makes. The cut computed on the
// mixed array is therefore the cut computed on the exact array, row for row and bit for bit
// (hybrid-approximate.test.ts checks it against arrays perturbed by up to δ). Past a quarter of the
// rows the whole pass is made exact instead (a query whose cut keeps most of the pool).
import { ADAPTIVE_Z, ADAPTIVE_Z_UNLABELLED, adaptiveThreshold, middleValues, MIN_BACKGROUND, type Background } from "./cutoff";
import { float64Scratch, int32Scratch } from "./scratch";

export interface Approximation {
  /** Every value is within `slack` of its exact one (the exact ones: within 0). */
  readonly slack: number;
  /** Makes rows[0 .. n) exact (indices into the values array); rows already exact cost nothing. */
  refine(rows: ArrayLike<number>, n: number): void;
  /** Makes every value exact. */
  refineAll(): void;
}

const approximations = new WeakMap<Float32Array, Approximation>();

/** Marks `values` as approximate: what reads it through the functions here refines it first. */
export function markApproximate(values: Float32Array, approximation: Approximation): Float32Array {
  approximations.set(values, approximation);
  return values;
}

/** The approximation of `values`, undefined when they are exact (every array not marked). */
export function approximation(values: ArrayLike<number>): Approximation | undefined {
  return values instanceof Float32Array ? approximations.get(values) : undefined;
}

/** Makes exact the values at rows[0 .. n) (a no-op on exact values). */
export function refineRows(values: ArrayLike<number>, rows: ArrayLike<number>, n = rows.length): void {
  approximation(values)?.refine(rows, n);
}

/**
 * Makes exact every row of `values` among the `candidate` ones whose value can be among the best
 * `n` by value (ties by row): those within 2δ of the n-th best approximate value. Then the best n
 * of the mixed array are the exact ones (see the top of the file).
 */
export function refineBest(values: Float32Array, candidate: Uint8Array, n: number): void {
  const a = approximation(values);
  if (!a || n <= 0) return;
  const finite: number[] = [];
  for (let r = 0; r < candidate.length; r++) if (candidate[r] && Number.isFinite(values[r])) finite.push(values[r]);
  // The n-th best value (all of them when there are no more than n), less the window.
  const from = finite.length <= n ? -Infinity : Float64Array.from(finite).sort()[finite.length - n] - 2 * a.slack;
  const rows: number[] = [];
  for (let r = 0; r < candidate.length; r++) if (candidate[r] && values[r] >= from) rows.push(r);
  a.refine(rows, rows.length);
}

export interface AdaptiveCutInput {
  dense: Float32Array;
  labelled: Uint8Array;
  /** The candidate rows, in row order. */
  candidates: Int32Array;
  /** The candidates with a finite similarity, in row order, and their similarities: refined in place. */
  rows: Int32Array;
  values: Float64Array;
  /** Whether some candidate is labelled (the cut's z). */
  anyLabelled: boolean;
  /** The cut's z when given (the page's widen/narrow control). */
  z?: number;
  /** The histogram's bins (hybrid.ts HISTOGRAM_BINS). */
  bins: number;
}

export interface AdaptiveCutRefinement {
  /** The exact values' background (cutoff.ts backgroundInPlace's, the same numbers), null below MIN_BACKGROUND. */
  background: Background | null;
  /** The lowest labelled candidate's exact similarity (Infinity: none finite). */
  lowestLabelled: number;
}

/** Positions to refine and the rows asked for (refineForAdaptiveCut's; none escapes a call). */
const positionBuffer = int32Scratch();
const askedBuffer = int32Scratch();
const deviationBuffer = float64Scratch();
const middleBuffer = float64Scratch();

/**
 * Makes exact every row of an approximate `dense` that retrieveConcept's adaptive cut can depend
 * on (see the top of the file), writing the refined values into `values`, and returns the exact
 * background and lowest labelled similarity the cut then uses.
 */
export function refineForAdaptiveCut(a: Approximation, s: AdaptiveCutInput): AdaptiveCutRefinement {
  const { dense, labelled, candidates, rows, values } = s;
  const n = rows.length;
  const lowestLabelledOf = () => {
    let lowest = Infinity;
    for (let i = 0; i < candidates.length; i++) {
      const r = candidates[i];
      if (labelled[r] === 1 && dense[r] < lowest) lowest = dense[r];
    }
    return lowest;
  };
  const window = 2 * a.slack;
  const positions = positionBuffer.take(n);
  const asked = askedBuffer.take(n);
  /** Refines the rows at positions[0 .. count) and reads their values back. */
  const refine = (count: number) => {
    if (count === 0) return;
    for (let j = 0; j < count; j++) asked[j] = rows[positions[j]];
    a.refine(asked, count);
    for (let j = 0; j < count; j++) values[positions[j]] = dense[asked[j]];
  };
  /**
   * The two middle values (ranks ⌊(n − 1)/2⌋, ⌊n/2⌋) that `x` has once exact: the rows within the
   * window of x's middle values refined, and their exact `x` (`exactAt`, read after the refining)
   * sorted; the rows below the window rank below all of them (see the top of the file).
   */
  const exactMiddle = (x: Float64Array, exactAt: (i: number) => number): [number, number] => {
    const copy = middleBuffer.take(n);
    copy.set(x);
    const [lower, upper] = middleValues(copy);
    const lo = lower - window;
    const hi = upper + window;
    let below = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const v = x[i];
      if (v < lo) below++;
      else if (v <= hi) positions[count++] = i;
    }
    refine(count);
    const inside = new Float64Array(count);
    for (let j = 0; j < count; j++) inside[j] = exactAt(positions[j]);
    inside.sort();
    const m = n >> 1;
    const low = n % 2 ? m : m - 1;
    if (low - below < 0 || m - below >= count) throw new Error(`the middle ranks fell outside the refined window (${below} below, ${count} inside, n = ${n})`);
    return [inside[low - below], inside[m - below]];
  };
  let background: Background | null = null;
  if (n >= MIN_BACKGROUND) {
    const [m1, m2] = exactMiddle(values, (i) => values[i]);
    // medianFast's value (similarities are never −0: 1 − (1 − x) is +0 for x = ±0).
    const median = n % 2 ? m2 : (m1 + m2) / 2;
    // A deviation moves by at most δ with its value (plus float64 rounding, far below the margin).
    const deviations = deviationBuffer.take(n);
    for (let i = 0; i < n; i++) deviations[i] = Math.abs(values[i] - median);
    const [d1, d2] = exactMiddle(deviations, (i) => Math.abs(values[i] - median));
    const mad = n % 2 ? d2 : (d1 + d2) / 2;
    background = { median, sigma: Math.max(1.4826 * mad, 1e-6) };
  }
  const similarity = background ? adaptiveThreshold(background, s.z ?? (s.anyLabelled ? ADAPTIVE_Z : ADAPTIVE_Z_UNLABELLED)) : Infinity;
  // Every row that can be ranked or kept: its value can reach `from`. This `from` is within δ of
  // the exact one (the lowest labelled value may still be approximate), hence the window of 2δ:
  // a row left out lies more than δ below the exact `from`, in both arrays.
  const from = Math.min(lowestLabelledOf(), similarity);
  let count = 0;
  if (from < Infinity) for (let i = 0; i < n; i++) if (values[i] >= from - window) positions[count++] = i;
  refine(count);
  if (n > 0) {
    // The histogram: its range, then the rows whose bin the slack leaves open.
    const extent = (): [number, number] => {
      let lo = Infinity;
      let hi = -Infinity;
      for (let i = 0; i < n; i++) {
        const x = values[i];
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      return [lo, hi];
    };
    const [lowest, highest] = extent();
    count = 0;
    for (let i = 0; i < n; i++) if (values[i] <= lowest + window || values[i] >= highest - window) positions[count++] = i;
    refine(count);
    // hybrid.ts histogramOfFinite's bin is ⌊(x − lo) / width⌋: a row is open when a bin edge lies
    // within δ of its value, i.e. (x − lo) / width within δ / width of an integer (a margin of 10^-9
    // bins covers the rounding of both computations).
    const [lo, hi] = extent();
    const perBin = 1 / (hi > lo ? (hi - lo) / s.bins : 1);
    const reach = a.slack * perBin * (1 + 1e-6) + 1e-9;
    count = 0;
    for (let i = 0; i < n; i++) {
      const t = (values[i] - lo) * perBin;
      if (Math.abs(t - Math.round(t)) <= reach) positions[count++] = i;
    }
    refine(count);
  }
  return { background, lowestLabelled: lowestLabelledOf() };
}
