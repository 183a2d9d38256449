// Hybrid retrieval of one concept: the dense similarities and the lexical (BM25F) scores of the
// candidate rows, fused by reciprocal rank (Cormack, Clarke & Büttcher 2009, "Reciprocal rank
// fusion outperforms Condorcet and individual rank learning methods", SIGIR):
//   rrf(d) = 1 / (RRF_K + rank_dense(d)) + 1 / (RRF_K + rank_lexical(d))
// (a list where d is absent adds nothing). Which rows are kept:
//   adaptive   dense similarity at or above the background cut (cutoff.ts: z = 10 where some
//              candidate carries the concept as a tag or task, 3 where none does), or a query
//              term names the row's tag or task (so a weak embedder still finds them); returned
//              in the fused order
//   k, threshold  given explicitly, they bound the set exactly as in API version 1: the k
//              nearest by similarity, cut at the threshold, nearest first (spec/api.md)
import { approximation, refineForAdaptiveCut } from "./approximate";
import { ADAPTIVE_Z, ADAPTIVE_Z_UNLABELLED, adaptiveThreshold, backgroundInPlace } from "./cutoff";
import { float64Scratch, int32Scratch } from "./scratch";
import { TopK } from "./top-k";

const RRF_K = 60;
/** Bins of the similarity histogram the query page draws the cut on. */
export const HISTOGRAM_BINS = 40;

export interface ConceptScores {
  /** Cosine similarity per row; NaN where the row is no candidate or has no vector. */
  dense: Float32Array;
  /** BM25F score per row, 0 where no query term occurs. */
  lexical: Float32Array;
  /** 1 where a query term is in a tag or the task name. */
  labelled: Uint8Array;
  /** 1 for candidate rows (filters passed, not excluded). */
  candidate: Uint8Array;
}

export interface Cut {
  k?: number;
  threshold?: number;
  /** The adaptive cut's z (default ADAPTIVE_Z): what the page's widen/narrow control moves. */
  z?: number;
}

export interface CutReport {
  mode: "adaptive" | "k" | "threshold";
  n_candidates: number;
  cut: { similarity: number | null; k: number };
  /** Adaptive only: the background the cut was calibrated on. */
  background?: { median: number; sigma: number; z: number };
  /** Adaptive only: the concept was answered by its expanded query (feedback.ts). */
  expansion?: { terms: string[]; feedback_samples: number; seeds_from: "lexical" | "dense" };
}

export interface Histogram {
  from: number;
  width: number;
  counts: number[];
}

export interface ConceptResult {
  rows: number[];
  report: CutReport;
  histogram: Histogram | null;
}

/** Rows below this are sorted by packed keys (float32 order bits · 2^21 + row: 53 bits, exact in a double). */
const PACKED_ROWS = 2 ** 21;
const bits = new Uint32Array(1);
const asFloat = new Float32Array(bits.buffer);
/** Buffers of sortedBy and retrieveConcept, reused (scratch.ts): none of them escapes. */
const keyBuffer = float64Scratch();
const candidateBuffer = int32Scratch();
const finiteBuffer = float64Scratch();
const rankedBuffer = int32Scratch();
const withTermsBuffer = int32Scratch();
const fusedBuffer = float64Scratch();
const finiteRowBuffer = int32Scratch();

/**
 * The rows with a finite score, best first (ties by row). Float32 scores (the dense similarities
 * and BM25F scores) of fewer than 2^21 rows are sorted as one Float64Array of keys, each the score's
 * bits mapped to an order-preserving unsigned integer (descending) times 2^21 plus the row: the
 * native numeric sort of a typed array, ~10x the comparator sort of the whole pool, same order.
 */
export function sortedBy(score: ArrayLike<number>, rows: ArrayLike<number>): Int32Array {
  if (!(score instanceof Float32Array) || score.length > PACKED_ROWS) {
    const kept = Int32Array.from(Array.prototype.filter.call(rows, (r: number) => Number.isFinite(score[r])) as number[]);
    return kept.sort((a, b) => score[b] - score[a] || a - b);
  }
  const keys = keyBuffer.take(rows.length);
  let n = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const x = score[r];
    if (!Number.isFinite(x)) continue;
    asFloat[0] = x === 0 ? 0 : x; // −0 sorts as 0 (equal scores tie by row)
    const u = bits[0];
    // Ascending order of the floats as unsigned integers, then reversed: best first.
    const ordered = u & 0x80000000 ? ~u >>> 0 : (u | 0x80000000) >>> 0;
    keys[n++] = (0xffffffff - ordered) * PACKED_ROWS + r;
  }
  const sorted = keys.subarray(0, n).sort();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = sorted[i] % PACKED_ROWS;
  return out;
}

const byFused = (fused: Float64Array) => (a: number, b: number) => (fused[a] > fused[b] ? -1 : fused[a] < fused[b] ? 1 : a - b);

/**
 * `rows` (distinct, each with a positive fused score) sorted by fused score, best first, ties by
 * row: the comparator sort's order (byFused), ~2.5x faster on the ~110k rows a 1M pool's adaptive
 * cut keeps. Packed keys as in sortedBy, on each score rounded to float32 (rounding keeps order, so only
 * rows whose scores round alike can be out of order), then each run of equal float32 keys (a few
 * rows at most: ranks differ) put in the exact order by the comparator.
 */
export function sortedByFused(rows: number[], fused: Float64Array): number[] {
  const n = rows.length;
  const exact = byFused(fused);
  if (n < 64 || fused.length > PACKED_ROWS) return rows.sort(exact);
  const keys = keyBuffer.take(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    asFloat[0] = fused[r];
    // Positive floats: bits in value order; descending by value, then ascending by row.
    keys[i] = (0x7fffffff - bits[0]) * PACKED_ROWS + r;
  }
  const sorted = keys.sort();
  for (let i = 0; i < n; i++) rows[i] = sorted[i] % PACKED_ROWS;
  for (let i = 0; i < n; ) {
    const high = Math.floor(sorted[i] / PACKED_ROWS);
    let j = i + 1;
    while (j < n && Math.floor(sorted[j] / PACKED_ROWS) === high) j++;
    if (j - i > 1) {
      const run = rows.slice(i, j).sort(exact);
      for (let k = 0; k < run.length; k++) rows[i + k] = run[k];
    }
    i = j;
  }
  return rows;
}

/**
 * The rows with a finite score at or above `threshold` (when set), best first (ties by row), the
 * first k of them (when set): a bounded heap when k is set, so the pool is never sorted whole.
 */
function best(score: ArrayLike<number>, rows: Int32Array, k: number | undefined, threshold: number | undefined): number[] {
  const passes = (r: number) => Number.isFinite(score[r]) && (threshold === undefined || score[r] >= threshold);
  if (k === undefined) {
    const kept = new Int32Array(rows.length);
    let n = 0;
    for (let i = 0; i < rows.length; i++) if (passes(rows[i])) kept[n++] = rows[i];
    return Array.from(sortedBy(score, kept.subarray(0, n)));
  }
  if (k <= 0) return [];
  const top = new TopK(Math.min(k, rows.length));
  for (let i = 0; i < rows.length; i++) if (passes(rows[i])) top.offer(-score[rows[i]], rows[i]);
  return top.sorted().map((t) => t.pk);
}

/**
 * The smallest and largest finite value, null when there is none. A loop, not Math.min(...xs):
 * spreading a selection of a large pool (a few hundred thousand similarities) overflows the stack.
 */
export function extent(values: ArrayLike<number>): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    if (!Number.isFinite(x)) continue;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  return lo === Infinity ? null : [lo, hi];
}

/** The similarity histogram of the candidates' finite similarities (in row order). */
function histogramOfFinite(xs: Float64Array): Histogram | null {
  // extent's loop, here over one array type (extent, called with several, boxed each value).
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (lo === Infinity) return null;
  const width = hi > lo ? (hi - lo) / HISTOGRAM_BINS : 1;
  const counts = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (let i = 0; i < xs.length; i++) counts[Math.min(HISTOGRAM_BINS - 1, Math.floor((xs[i] - lo) / width))]++;
  return { from: lo, width, counts };
}

/**
 * The cut of one concept. The candidate rows are read in one pass (their finite similarities,
 * whether any is labelled, the lowest labelled similarity, how many have lexical evidence), into
 * typed arrays; the kept rows are looked for only among the two ranked lists (a row in neither has
 * no fused score): the same rows in the same order as fusing and filtering every candidate.
 */
export function retrieveConcept(s: ConceptScores, cut: Cut): ConceptResult {
  const { dense, lexical, labelled, candidate } = s;
  // Approximate similarities (approximate.ts): an explicit k or threshold reads every one (made
  // exact here); the adaptive cut makes exact the rows it depends on, below.
  const approx = approximation(dense);
  const explicit = cut.k !== undefined || cut.threshold !== undefined;
  if (approx && explicit) approx.refineAll();
  let nCandidates = 0;
  for (let r = 0; r < candidate.length; r++) if (candidate[r]) nCandidates++;
  const candidates = candidateBuffer.take(nCandidates);
  /** The candidates' finite similarities (the histogram's, then the background's to reorder). */
  const finite = finiteBuffer.take(nCandidates);
  /** Approximate similarities: the row of each finite value (for the refining). */
  const finiteRows = approx && !explicit ? finiteRowBuffer.take(nCandidates) : null;
  let nFinite = 0;
  let anyLabelled = false;
  let lowestLabelled = Infinity;
  let nLexical = 0;
  for (let r = 0, c = 0; r < candidate.length; r++) {
    if (!candidate[r]) continue;
    candidates[c++] = r;
    const x = dense[r];
    if (Number.isFinite(x)) {
      if (finiteRows) finiteRows[nFinite] = r;
      finite[nFinite++] = x;
    }
    if (labelled[r] === 1) {
      anyLabelled = true;
      if (x < lowestLabelled) lowestLabelled = x;
    }
    if (lexical[r] > 0) nLexical++;
  }
  const values = finite.subarray(0, nFinite);
  // Approximate similarities: the rows the cut depends on made exact (in `dense` and `values`), and
  // the background and lowest labelled similarity of the exact values.
  const refined = approx && finiteRows
    ? refineForAdaptiveCut(approx, { dense, labelled, candidates: candidates.subarray(0, nCandidates), rows: finiteRows.subarray(0, nFinite), values, anyLabelled, z: cut.z, bins: HISTOGRAM_BINS })
    : null;
  if (refined) lowestLabelled = refined.lowestLabelled;
  const histogram = histogramOfFinite(values);

  if (cut.k !== undefined || cut.threshold !== undefined) {
    const rows = best(dense, candidates, cut.k, cut.threshold);
    const mode = cut.threshold === undefined ? "k" : "threshold";
    let lowest: number | null = null;
    for (const r of rows) if (Number.isFinite(dense[r]) && (lowest === null || dense[r] < lowest)) lowest = dense[r];
    return { rows, histogram, report: { mode, n_candidates: nCandidates, cut: { similarity: cut.threshold ?? lowest, k: rows.length } } };
  }
  // Adaptive: every candidate's place in both lists counts (reciprocal-rank fusion).
  const b = refined ? refined.background : backgroundInPlace(values);
  const z = cut.z ?? (anyLabelled ? ADAPTIVE_Z : ADAPTIVE_Z_UNLABELLED);
  const similarity = b ? adaptiveThreshold(b, z) : Infinity;
  // A row's dense rank counts only where the row can be kept: at or above the cut, or labelled.
  // Every row ranked before such a row has a similarity at least its own, so ranking only the
  // rows from the lowest of those similarities on gives them their ranks among all candidates.
  const from = lowestLabelled < similarity ? lowestLabelled : similarity;
  const ranked = rankedBuffer.take(nCandidates);
  const withTerms = withTermsBuffer.take(nLexical);
  let nRanked = 0;
  for (let i = 0, j = 0; i < nCandidates; i++) {
    const r = candidates[i];
    if (dense[r] >= from) ranked[nRanked++] = r;
    if (lexical[r] > 0) withTerms[j++] = r;
  }
  const denseOrder = sortedBy(dense, ranked.subarray(0, nRanked));
  const lexicalOrder = sortedBy(lexical, withTerms);
  const fused = fusedBuffer.zeroed(candidate.length);
  for (let i = 0; i < denseOrder.length; i++) fused[denseOrder[i]] += 1 / (RRF_K + i + 1);
  for (let i = 0; i < lexicalOrder.length; i++) fused[lexicalOrder[i]] += 1 / (RRF_K + i + 1);
  // The kept rows in the fused order (the cut first, then the sort: the same rows in the same
  // order as sorting every fused candidate, without sorting the pool). A row of both lists is
  // taken from the dense one.
  // Fewer candidates than a background needs (a quoted phrase or narrow filters left them): no
  // similarity can stand out from one, so a candidate is kept on its own evidence, a keyword match
  // or a label. (Before, only labelled ones were: "immune response" in quotes found nothing.)
  const keep = b ? (r: number) => dense[r] >= similarity || labelled[r] === 1 : (r: number) => labelled[r] === 1 || lexical[r] > 0;
  const rows: number[] = [];
  for (let i = 0; i < denseOrder.length; i++) if (keep(denseOrder[i])) rows.push(denseOrder[i]);
  for (let i = 0; i < lexicalOrder.length; i++) {
    const r = lexicalOrder[i];
    const inDense = dense[r] >= from && Number.isFinite(dense[r]);
    if (!inDense && keep(r)) rows.push(r);
  }
  return {
    rows: sortedByFused(rows, fused),
    histogram,
    report: {
      mode: "adaptive",
      n_candidates: nCandidates,
      cut: { similarity: b ? similarity : null, k: rows.length },
      ...(b ? { background: { median: b.median, sigma: b.sigma, z } } : {}),
    },
  };
}
