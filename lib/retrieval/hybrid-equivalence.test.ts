// retrieveConcept against the implementation it replaced (lib/retrieval/hybrid.ts before the cut
// was read in one pass over typed arrays), kept here verbatim: on random pools with ties, both
// zeros, rows without a vector, labelled rows, lexical evidence and candidate masks, every cut
// (adaptive with its z, k, threshold, both) gives the same rows in the same order, the same report
// and the same histogram.
import { describe, expect, it } from "vitest";
import { seeded } from "@/test/seeded";
import { ADAPTIVE_Z, ADAPTIVE_Z_UNLABELLED, adaptiveThreshold, background } from "./cutoff";
import { HISTOGRAM_BINS, retrieveConcept, type ConceptResult, type ConceptScores, type Cut, type Histogram } from "./hybrid";
import { TopK } from "./top-k";

const RRF_K = 60;
const PACKED_ROWS = 2 ** 21;
const bits = new Uint32Array(1);
const asFloat = new Float32Array(bits.buffer);

function sortedBy(score: ArrayLike<number>, rows: readonly number[]): Int32Array {
  if (!(score instanceof Float32Array) || score.length > PACKED_ROWS) {
    const kept = Int32Array.from(rows.filter((r) => Number.isFinite(score[r])));
    return kept.sort((a, b) => score[b] - score[a] || a - b);
  }
  const keys = new Float64Array(rows.length);
  let n = 0;
  for (const r of rows) {
    const x = score[r];
    if (!Number.isFinite(x)) continue;
    asFloat[0] = x === 0 ? 0 : x;
    const u = bits[0];
    const ordered = u & 0x80000000 ? ~u >>> 0 : (u | 0x80000000) >>> 0;
    keys[n++] = (0xffffffff - ordered) * PACKED_ROWS + r;
  }
  const sorted = keys.subarray(0, n).sort();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = sorted[i] % PACKED_ROWS;
  return out;
}

function best(score: ArrayLike<number>, rows: number[], k: number | undefined, threshold: number | undefined): number[] {
  const passes = (r: number) => Number.isFinite(score[r]) && (threshold === undefined || score[r] >= threshold);
  if (k === undefined) return Array.from(sortedBy(score, rows.filter(passes)));
  if (k <= 0) return [];
  const top = new TopK(Math.min(k, rows.length));
  for (const r of rows) if (passes(r)) top.offer(-score[r], r);
  return top.sorted().map((t) => t.pk);
}

function extent(values: ArrayLike<number>): [number, number] | null {
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

function histogramOf(values: ArrayLike<number>, rows: readonly number[]): Histogram | null {
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

function previousRetrieveConcept(s: ConceptScores, cut: Cut): ConceptResult {
  const candidates: number[] = [];
  for (let r = 0; r < s.candidate.length; r++) if (s.candidate[r]) candidates.push(r);
  const histogram = histogramOf(s.dense, candidates);
  const minSimilarity = (rows: number[]) => extent(rows.map((r) => s.dense[r]))?.[0] ?? null;

  if (cut.k !== undefined || cut.threshold !== undefined) {
    const rows = best(s.dense, candidates, cut.k, cut.threshold);
    const mode = cut.threshold === undefined ? "k" : "threshold";
    return { rows, histogram, report: { mode, n_candidates: candidates.length, cut: { similarity: cut.threshold ?? minSimilarity(rows), k: rows.length } } };
  }
  const candidateDense = new Float64Array(candidates.length);
  candidates.forEach((r, i) => (candidateDense[i] = s.dense[r]));
  const b = background(candidateDense);
  const z = cut.z ?? (candidates.some((r) => s.labelled[r] === 1) ? ADAPTIVE_Z : ADAPTIVE_Z_UNLABELLED);
  const similarity = b ? adaptiveThreshold(b, z) : Infinity;
  let from = similarity;
  for (const r of candidates) if (s.labelled[r] === 1 && s.dense[r] < from) from = s.dense[r];
  const ranked: number[] = [];
  for (const r of candidates) if (s.dense[r] >= from) ranked.push(r);
  const dense = sortedBy(s.dense, ranked);
  const lexical = sortedBy(s.lexical, candidates.filter((r) => s.lexical[r] > 0));
  const fused = new Float64Array(s.candidate.length);
  dense.forEach((r, i) => (fused[r] += 1 / (RRF_K + i + 1)));
  lexical.forEach((r, i) => (fused[r] += 1 / (RRF_K + i + 1)));
  // Without a background: a keyword match or a label keeps a candidate.
  const keep = (r: number) => (b ? s.dense[r] >= similarity || s.labelled[r] === 1 : s.labelled[r] === 1 || s.lexical[r] > 0);
  const rows = candidates.filter((r) => fused[r] > 0 && keep(r)).sort((a, b) => fused[b] - fused[a] || a - b);
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

describe("retrieveConcept, read in one pass over typed arrays", () => {
  it("answers as the implementation it replaced on random pools, for every kind of cut", () => {
    const rand = seeded(33);
    const cuts: Cut[] = [{}, { z: 3 }, { z: 10 }, { z: 0 }, { k: 0 }, { k: 1 }, { k: 25 }, { k: 100_000 }, { threshold: 0 }, { threshold: 0.3 }, { k: 40, threshold: 0.05 }];
    for (let trial = 0; trial < 60; trial++) {
      const n = trial < 5 ? trial * 7 : 30 + trial * 131;
      const coarse = trial % 2 === 0; // coarse values: many ties
      const dense = Float32Array.from({ length: n }, (_, r) => {
        if (r % 29 === 0) return NaN;
        if (r % 31 === 0) return r % 2 ? -0 : 0;
        const x = rand() < 0.04 ? 0.4 + rand() * 0.3 : rand() * 0.08;
        return coarse ? Math.round(x * 50) / 50 : x;
      });
      const lexical = Float32Array.from({ length: n }, () => (rand() < 0.15 ? (coarse ? Math.round(rand() * 4) : Math.abs(rand() * 7)) : 0));
      const labelled = Uint8Array.from({ length: n }, () => (trial % 3 === 0 && rand() < 0.03 ? 1 : 0));
      const candidate = Uint8Array.from({ length: n }, () => (trial % 4 === 1 ? 1 : rand() < 0.85 ? 1 : 0));
      const scores = { dense, lexical, labelled, candidate };
      for (const cut of cuts) expect(retrieveConcept(scores, cut)).toEqual(previousRetrieveConcept(scores, cut));
    }
  });
});
