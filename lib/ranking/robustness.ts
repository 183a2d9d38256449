/**
 * Robustness of a leaderboard to missing data (ONEBench, Ghosh et al. 2024, sec. 5: rankings
 * stay stable with most measurements missing): drop a fraction of measurement lines or of
 * whole samples (seeded, ./subset.ts), re-rank with the same method and options, and compare
 * with the full ranking by Kendall's tau-b and top-k overlap over the models scored in both.
 */
import { kendallTauB, topKOverlap } from './kendall';
import { rank } from './leaderboard';
import type { LeaderboardResult, RankMethod, RankOptions } from './leaderboard-types';
import { measurementCount, type MeasurementBatch } from './measurements';
import { dropMeasurements, dropSamples } from './subset';

/** Scores by model index (NaN where null), from a leaderboard over `modelNames`. */
export function scoresByModel(result: LeaderboardResult, modelNames: string[]): Float64Array {
  const at = new Map(result.models.map((r) => [r.model, r.score]));
  return Float64Array.from(modelNames, (name) => at.get(name) ?? NaN);
}

export interface SubsampleOptions {
  /** fraction dropped, in [0, 1) */
  drop: number;
  unit: 'measurements' | 'samples';
  seed: number;
  method?: RankMethod;
  options?: RankOptions;
  /** full-data scores by model index; computed when absent */
  reference?: Float64Array;
  /** for top-k overlap (default 5) */
  k?: number;
}

export interface SubsampleAgreement {
  tau: number;
  topK: number;
  keptMeasurements: number;
  /** models with a score in the full ranking but null in the subsample */
  lost: number;
  result: LeaderboardResult;
}

export function subsampleAgreement(b: MeasurementBatch, o: SubsampleOptions): SubsampleAgreement {
  const method = o.method ?? 'plackett-luce';
  const options: RankOptions = { ci: 'none', ...o.options };
  const reference = o.reference ?? scoresByModel(rank(method, b, options), b.modelNames);
  const sub = o.unit === 'samples' ? dropSamples(b, o.drop, o.seed) : dropMeasurements(b, o.drop, o.seed);
  const result = rank(method, sub, options);
  const scores = scoresByModel(result, b.modelNames);
  let lost = 0;
  for (let m = 0; m < scores.length; m++) if (Number.isFinite(reference[m]) && !Number.isFinite(scores[m])) lost++;
  return {
    tau: kendallTauB(reference, scores),
    topK: topKOverlap(reference, scores, o.k ?? 5),
    keptMeasurements: measurementCount(sub),
    lost,
    result,
  };
}
