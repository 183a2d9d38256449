/**
 * What a comparison method hands to the leaderboard assembly (./leaderboard.ts): per-model
 * scores and 95% interval bounds (NaN = null), warnings, and fit diagnostics. The shared
 * context holds the data structures every method may need, built once per query.
 */
import type { MeasurementBatch } from './measurements';
import type { TieredGroups } from './groups';
import type { ChoiceEvents } from './choices';
import type { ComparisonGraph, Components } from './identifiability';
import type { AnalyticVariance, CiMethod, RankOptions, RankWarning, ScoreScale } from './leaderboard-types';

export interface RankContext {
  batch: MeasurementBatch;
  groups: TieredGroups;
  choices: ChoiceEvents;
  graph: ComparisonGraph;
  comps: Components;
  baseline: number;
  /** samples with at least one measurement: the bootstrap's resampling units */
  units: Int32Array;
  /** samples with a measurement of each model (./measurements.ts samplesPerModel) */
  perModel: Int32Array;
  ci: CiMethod;
  options: RankOptions;
}

export interface MethodOutput {
  scores: Float64Array;
  lo: Float64Array | null;
  hi: Float64Array | null;
  warnings: RankWarning[];
  iterations: number;
  converged: boolean;
  nChoices: number;
  scale: ScoreScale;
  prior: number | null;
  pairs?: number;
  /** per model, bootstrap resamples in which the score was undefined */
  undefinedDraws?: Int32Array;
  /** Plackett-Luce / Bradley-Terry: raw θ of the fit (NaN where not fitted) */
  theta?: Float64Array;
  /** Plackett-Luce / Bradley-Terry analytic intervals: which variance, and why if it fell back */
  analyticVariance?: { method: AnalyticVariance; reason?: string };
}
