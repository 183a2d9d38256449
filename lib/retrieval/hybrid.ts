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
import { ADAPTIVE_Z, ADAPTIVE_Z_UNLABELLED, adaptiveThreshold, background } from "./cutoff";
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

/**
 * The rows with a finite score, best first (ties by row). Float32 scores (the dense similarities
 * and BM25F scores) of fewer than 2^21 rows are sorted as one Float64Array of keys, each the score's
 * bits mapped to an order-preserving unsigned integer (descending) times 2^21 plus the row: the
 * native numeric sort of a typed array, ~10x the comparator sort of the whole pool, same order.
 */
export function sortedBy(score: ArrayLike<number>, rows: readonly number[]): Int32Array {
  if (!(score instanceof Float32Array) || score.length > PACKED_ROWS) {
    const kept = Int32Array.from(rows.filter((r) => Number.isFinite(score[r])));
    return kept.sort((a, b) => score[b] - score[a] || a - b);
  }
  const keys = new Float64Array(rows.length);
  let n = 0;
  for (const r of rows) {
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

/**
 * The rows with a finite score at or above `threshold` (when set), best first (ties by row), the
 * first k of them (when set): a bounded heap when k is set, so the pool is never sorted whole.
 */
function best(score: ArrayLike<number>, rows: number[], k: number | undefined, threshold: number | undefined): number[] {
  const passes = (r: number) => Number.isFinite(score[r]) && (threshold === undefined || score[r] >= threshold);
  if (k === undefined) return Array.from(sortedBy(score, rows.filter(passes)));
  if (k <= 0) return [];
  const top = new TopK(Math.min(k, rows.length));
  for (const r of rows) if (passes(r)) top.offer(-score[r], r);
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

export function histogramOf(values: ArrayLike<number>, rows: readonly number[]): Histogram | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows) {
    const x = values[r];
    if (!Number.isFinite(x)) continue;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (lo === Infinity) return null;
  const width = hi > lo ? (hi - lo) / HISTOGRAM_BINS : 1;
  const counts = new Array<number>(HISTOGRAM_BINS).fill(0);
  for (const r of rows) {
    const x = values[r];
    if (Number.isFinite(x)) counts[Math.min(HISTOGRAM_BINS - 1, Math.floor((x - lo) / width))]++;
  }
  return { from: lo, width, counts };
}

export function retrieveConcept(s: ConceptScores, cut: Cut): ConceptResult {
  const candidates: number[] = [];
  for (let r = 0; r < s.candidate.length; r++) if (s.candidate[r]) candidates.push(r);
  const histogram = histogramOf(s.dense, candidates);
  const minSimilarity = (rows: number[]) => extent(rows.map((r) => s.dense[r]))?.[0] ?? null;

  if (cut.k !== undefined || cut.threshold !== undefined) {
    const rows = best(s.dense, candidates, cut.k, cut.threshold);
    const mode = cut.threshold === undefined ? "k" : "threshold";
    return { rows, histogram, report: { mode, n_candidates: candidates.length, cut: { similarity: cut.threshold ?? minSimilarity(rows), k: rows.length } } };
  }
  // Adaptive: every candidate's place in both lists counts (reciprocal-rank fusion).
  const candidateDense = new Float64Array(candidates.length);
  candidates.forEach((r, i) => (candidateDense[i] = s.dense[r]));
  const b = background(candidateDense);
  const z = cut.z ?? (candidates.some((r) => s.labelled[r] === 1) ? ADAPTIVE_Z : ADAPTIVE_Z_UNLABELLED);
  const similarity = b ? adaptiveThreshold(b, z) : Infinity;
  // A row's dense rank counts only where the row can be kept: at or above the cut, or labelled.
  // Every row ranked before such a row has a similarity at least its own, so ranking only the
  // rows from the lowest of those similarities on gives them their ranks among all candidates.
  let from = similarity;
  for (const r of candidates) if (s.labelled[r] === 1 && s.dense[r] < from) from = s.dense[r];
  const ranked: number[] = [];
  for (const r of candidates) if (s.dense[r] >= from) ranked.push(r);
  const dense = sortedBy(s.dense, ranked);
  const lexical = sortedBy(s.lexical, candidates.filter((r) => s.lexical[r] > 0));
  const fused = new Float64Array(s.candidate.length);
  dense.forEach((r, i) => (fused[r] += 1 / (RRF_K + i + 1)));
  lexical.forEach((r, i) => (fused[r] += 1 / (RRF_K + i + 1)));
  // The kept rows in the fused order (the cut first, then the sort: the same rows in the same
  // order as sorting every fused candidate, without sorting the pool).
  const rows = candidates.filter((r) => fused[r] > 0 && (s.dense[r] >= similarity || s.labelled[r] === 1)).sort((a, b) => fused[b] - fused[a] || a - b);
  return {
    rows,
    histogram,
    report: {
      mode: "adaptive",
      n_candidates: candidates.length,
      cut: { similarity: b ? similarity : null, k: rows.length },
      ...(b ? { background: { median: b.median, sigma: b.sigma, z } } : {}),
    },
  };
}
