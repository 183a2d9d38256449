/**
 * Win rate against a baseline, AlpacaEval style (Li et al. 2023; Dubois et al. 2024): over the
 * pairwise lines between the model and the baseline (either side),
 *   weighted = mean of the model's preference p (p_a or 1 − p_a; without p_a: win 1, loss 0,
 *              tie 1/2),
 *   discrete = (wins + ties/2)/n from the `winner` field,
 * both in percent, each with standard error sd/√n (sample sd, n − 1; null for n < 2).
 * Lines of other pairs are ignored; null when the model never met the baseline.
 */
import { WINNER_A, WINNER_B, type MeasurementBatch } from './measurements';
import { MeanAccumulator } from './mean-accumulator';

export interface WinRate {
  /** percent */
  weighted: number;
  /** percent */
  discrete: number;
  /** number of comparisons (Σ multiplicities under a bootstrap weight) */
  n: number;
  /** standard error of `weighted`, percent */
  se: number | null;
  /** standard error of `discrete`, percent */
  seDiscrete: number | null;
}

export function winRates(b: MeasurementBatch, baseline: number, sampleWeight?: Float64Array): (WinRate | null)[] {
  const weighted = new MeanAccumulator(b.nModels);
  const discrete = new MeanAccumulator(b.nModels);
  const { pairwise } = b;
  for (let r = 0; r < pairwise.sample.length; r++) {
    const a = pairwise.modelA[r];
    const bb = pairwise.modelB[r];
    if (a === bb || (a !== baseline && bb !== baseline)) continue;
    const w = sampleWeight ? sampleWeight[pairwise.sample[r]] : 1;
    const p = pairwise.pA[r];
    const outcome = pairwise.winner[r] === WINNER_A ? 1 : pairwise.winner[r] === WINNER_B ? 0 : 0.5;
    const pa = p === p ? p : outcome;
    const model = a === baseline ? bb : a;
    weighted.add(model, a === baseline ? 1 - pa : pa, w);
    discrete.add(model, a === baseline ? 1 - outcome : outcome, w);
  }
  const wr = weighted.result();
  const dr = discrete.result();
  return Array.from({ length: b.nModels }, (_, m) =>
    wr.n[m] > 0
      ? {
          weighted: 100 * wr.mean[m],
          discrete: 100 * dr.mean[m],
          n: wr.n[m],
          se: Number.isFinite(wr.se[m]) ? 100 * wr.se[m] : null,
          seDiscrete: Number.isFinite(dr.se[m]) ? 100 * dr.se[m] : null,
        }
      : null,
  );
}
