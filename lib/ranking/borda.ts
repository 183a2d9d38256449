/**
 * Borda count (de Borda 1781), normalised per group: in a group of m models (one sample and
 * metric, criterion or ranking), a model earns (number of models strictly below it)/(m − 1);
 * a pairwise line is a group of two decided by its `winner` (win 1, loss 0, tie 0 each —
 * a tied model is not strictly below). A model's score is its mean over the groups it is
 * in (groups of one model are skipped); CI mean ± 1.96 se. The score is absolute, in [0, 1].
 */
import { WINNER_A, WINNER_B, type MeasurementBatch } from './measurements';
import type { TieredGroups } from './groups';
import { MeanAccumulator, type ModelMeans } from './mean-accumulator';

export function bordaScores(b: MeasurementBatch, groups: TieredGroups, sampleWeight?: Float64Array): ModelMeans {
  const acc = new MeanAccumulator(b.nModels);
  const w = (s: number) => (sampleWeight ? sampleWeight[s] : 1);
  for (let g = 0; g < groups.sample.length; g++) {
    const wg = w(groups.sample[g]);
    const start = groups.offsets[g];
    const end = groups.offsets[g + 1];
    const m = end - start;
    if (m < 2 || !(wg > 0)) continue;
    for (let q = start; q < end; ) {
      let tierEnd = q + 1;
      while (tierEnd < end && groups.tier[tierEnd] === groups.tier[q]) tierEnd++;
      const points = (end - tierEnd) / (m - 1);
      for (; q < tierEnd; q++) acc.add(groups.model[q], points, wg);
    }
  }
  const { pairwise } = b;
  for (let r = 0; r < pairwise.sample.length; r++) {
    const a = pairwise.modelA[r];
    const bb = pairwise.modelB[r];
    if (a === bb) continue;
    const wr = w(pairwise.sample[r]);
    acc.add(a, pairwise.winner[r] === WINNER_A ? 1 : 0, wr);
    acc.add(bb, pairwise.winner[r] === WINNER_B ? 1 : 0, wr);
  }
  return acc.result();
}
