/**
 * MeasurementBatch: the columnar, typed-array form of the four measurement kinds of
 * results-format v1 (../shared/spec/results-format.md), as the ranking code consumes them.
 *
 * Models and samples are dense indices 0..nModels-1 and 0..nSamples-1; names live in
 * `modelNames` (and optionally `sampleIds`). Group keys (metric ids, criterion ids, ranking
 * keys) are dense indices into `metricNames`, `criterionNames` and `rankingKeys`. Within one
 * kind every column has the same length (one entry per measurement line), except the
 * ranking entries, which use a flat offsets layout:
 *
 *   ranking line r holds models  ranking.model[ranking.offsets[r] .. ranking.offsets[r+1])
 *   with tiers                   ranking.tier[...]  (0 = best, non-decreasing within a line)
 *
 * Semantics (spec, "From measurements to sample-level rankings"): a group is one
 * (sample, metric) of scores, one (sample, criterion) of unit tests, or one ranking line;
 * its models are ordered into tiers by value (equal values tie). Pairwise lines are
 * one comparison each. A later score/unit-test row for the same (sample, model, key), and a
 * later ranking for the same (sample, key), replace earlier ones (the spec's keys).
 */

export const WINNER_A = 0;
export const WINNER_B = 1;
export const WINNER_TIE = 2;
export type PairwiseWinner = 'a' | 'b' | 'tie';

export interface ScoreColumns {
  sample: Int32Array;
  model: Int32Array;
  /** index into `metricNames` */
  metric: Int32Array;
  value: Float64Array;
  /** 1 = higher is better (the default), 0 = lower is better */
  higherIsBetter: Uint8Array;
}

export interface UnitTestColumns {
  sample: Int32Array;
  model: Int32Array;
  /** index into `criterionNames` */
  criterion: Int32Array;
  /** on the test's scale; higher is better */
  value: Float64Array;
}

export interface PairwiseColumns {
  sample: Int32Array;
  modelA: Int32Array;
  modelB: Int32Array;
  /** WINNER_A, WINNER_B or WINNER_TIE */
  winner: Uint8Array;
  /** probability that a is better; NaN when the line has no `p_a` */
  pA: Float64Array;
}

export interface RankingColumns {
  sample: Int32Array;
  /** index into `rankingKeys` (the line's `metric`, or "ranking") */
  key: Int32Array;
  /** length nRankings + 1, into `model` and `tier` */
  offsets: Int32Array;
  model: Int32Array;
  tier: Int32Array;
}

export interface MeasurementBatch {
  nModels: number;
  nSamples: number;
  modelNames: string[];
  sampleIds?: string[];
  /** per sample index, the sample's `benchmark` */
  sampleBenchmarks?: string[];
  /** per sample index, the sample's `tags` */
  sampleTags?: string[][];
  metricNames: string[];
  criterionNames: string[];
  rankingKeys: string[];
  score: ScoreColumns;
  unitTest: UnitTestColumns;
  pairwise: PairwiseColumns;
  ranking: RankingColumns;
}

/** Number of measurement lines (a ranking line counts once). */
export function measurementCount(b: MeasurementBatch): number {
  return (
    b.score.sample.length + b.unitTest.sample.length + b.pairwise.sample.length + b.ranking.sample.length
  );
}

/**
 * Per model, the number of samples on which it has at least one measurement of any kind.
 * One bit per (model, sample): 200 models x 100,000 samples is 2.5 MB.
 */
export function samplesPerModel(b: MeasurementBatch): Int32Array {
  const words = (b.nSamples + 31) >>> 5;
  const bits = new Uint32Array(b.nModels * words);
  const counts = new Int32Array(b.nModels);
  const mark = (m: number, s: number) => {
    const w = m * words + (s >>> 5);
    const bit = 1 << (s & 31);
    if ((bits[w] & bit) === 0) {
      bits[w] |= bit;
      counts[m]++;
    }
  };
  const { score, unitTest, pairwise, ranking } = b;
  for (let r = 0; r < score.sample.length; r++) mark(score.model[r], score.sample[r]);
  for (let r = 0; r < unitTest.sample.length; r++) mark(unitTest.model[r], unitTest.sample[r]);
  for (let r = 0; r < pairwise.sample.length; r++) {
    mark(pairwise.modelA[r], pairwise.sample[r]);
    mark(pairwise.modelB[r], pairwise.sample[r]);
  }
  for (let r = 0; r < ranking.sample.length; r++) {
    for (let q = ranking.offsets[r]; q < ranking.offsets[r + 1]; q++) mark(ranking.model[q], ranking.sample[r]);
  }
  return counts;
}

/** Indices of the samples with at least one measurement (the bootstrap's resampling units). */
export function samplesWithData(b: MeasurementBatch): Int32Array {
  const seen = new Uint8Array(b.nSamples);
  for (const col of [b.score.sample, b.unitTest.sample, b.pairwise.sample, b.ranking.sample]) {
    for (let r = 0; r < col.length; r++) seen[col[r]] = 1;
  }
  const out: number[] = [];
  for (let s = 0; s < seen.length; s++) if (seen[s]) out.push(s);
  return Int32Array.from(out);
}
