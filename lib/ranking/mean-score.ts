/**
 * Mean normalised score, the ONEBench paper's "ground truth" aggregate (Ghosh et al. 2024,
 * ONEBench, sec. 4): every measurement is mapped to [0, 1] and a model's score is the mean
 * over all its measurements in the selection.
 *   - score / unit_test: min-max over the selected samples, per metric / criterion:
 *     x = (v − min)/(max − min), with v negated when higher_is_better = false. A metric that is
 *     constant over the selection carries no information and is skipped.
 *   - pairwise: the p-weighted win share, p_a for a and 1 − p_a for b (win 1, loss 0, tie 1/2).
 *   - ranking: the normalised position, (models strictly below + ties/2)/(m − 1).
 * The score is absolute (not relative to the baseline); the CI is mean ± 1.96 se.
 */
import { WINNER_A, WINNER_B, type MeasurementBatch } from './measurements';
import { KIND_RANKING, KIND_UNIT_TEST, type TieredGroups } from './groups';
import { MeanAccumulator, type ModelMeans } from './mean-accumulator';

export function meanScores(b: MeasurementBatch, groups: TieredGroups, sampleWeight?: Float64Array): ModelMeans {
  const nMetrics = b.metricNames.length;
  const nKeys = nMetrics + b.criterionNames.length;
  const lo = new Float64Array(nKeys).fill(Infinity);
  const hi = new Float64Array(nKeys).fill(-Infinity);
  const w = (s: number) => (sampleWeight ? sampleWeight[s] : 1);
  const keyOf = (g: number) => (groups.kind[g] === KIND_UNIT_TEST ? nMetrics + groups.key[g] : groups.key[g]);
  const nGroups = groups.sample.length;
  for (let g = 0; g < nGroups; g++) {
    if (groups.kind[g] === KIND_RANKING || !(w(groups.sample[g]) > 0)) continue;
    const k = keyOf(g);
    for (let q = groups.offsets[g]; q < groups.offsets[g + 1]; q++) {
      lo[k] = Math.min(lo[k], groups.value[q]);
      hi[k] = Math.max(hi[k], groups.value[q]);
    }
  }
  const acc = new MeanAccumulator(b.nModels);
  for (let g = 0; g < nGroups; g++) {
    const wg = w(groups.sample[g]);
    if (!(wg > 0)) continue;
    const start = groups.offsets[g];
    const end = groups.offsets[g + 1];
    if (groups.kind[g] === KIND_RANKING) {
      const m = end - start;
      if (m < 2) continue;
      for (let q = start; q < end; ) {
        let tierEnd = q + 1;
        while (tierEnd < end && groups.tier[tierEnd] === groups.tier[q]) tierEnd++;
        const x = (end - tierEnd + (tierEnd - q - 1) / 2) / (m - 1);
        for (; q < tierEnd; q++) acc.add(groups.model[q], x, wg);
      }
      continue;
    }
    const k = keyOf(g);
    if (!(hi[k] > lo[k])) continue;
    for (let q = start; q < end; q++) acc.add(groups.model[q], (groups.value[q] - lo[k]) / (hi[k] - lo[k]), wg);
  }
  const { pairwise } = b;
  for (let r = 0; r < pairwise.sample.length; r++) {
    const wr = w(pairwise.sample[r]);
    if (pairwise.modelA[r] === pairwise.modelB[r]) continue;
    const p = pairwise.pA[r];
    const pa = p === p ? p : pairwise.winner[r] === WINNER_A ? 1 : pairwise.winner[r] === WINNER_B ? 0 : 0.5;
    acc.add(pairwise.modelA[r], pa, wr);
    acc.add(pairwise.modelB[r], 1 - pa, wr);
  }
  return acc.result();
}
