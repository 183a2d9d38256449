/**
 * The one result shape every comparison method returns (./leaderboard.ts). Scores are on the
 * method's own scale (diagnostics.scale): log-strength relative to the baseline (PL, BT), Elo
 * points relative to the baseline, or absolute fractions / percentages (mean, Borda, win rate).
 */
import type { TieredGroups } from './groups';
import type { ChoiceEvents } from './choices';
import type { WinRate } from './win-rate';

export type RankMethod = 'plackett-luce' | 'bradley-terry' | 'elo' | 'mean' | 'borda' | 'win-rate';
export type CiMethod = 'analytic' | 'bootstrap' | 'none';
/** variance behind Plackett-Luce / Bradley-Terry analytic intervals (./cluster-robust.ts) */
export type AnalyticVariance = 'cluster-robust' | 'model-based';
export type ScoreScale = 'log-strength' | 'elo' | 'fraction' | 'percent';

export type WarningCode =
  | 'not_connected'
  | 'never_lost'
  | 'never_won'
  | 'no_comparisons'
  | 'no_measurements'
  | 'graph_not_strongly_connected'
  | 'not_converged'
  | 'duplicate_measurements'
  | 'invalid_pairwise'
  | 'bootstrap_undefined'
  | 'no_baseline_comparisons'
  | 'no_pairwise_with_baseline'
  | 'baseline_not_estimable'
  | 'design_weighted';

export interface RankWarning {
  code: WarningCode;
  message: string;
  model?: string;
}

export interface LeaderboardRow {
  model: string;
  /** 1 + number of models with a strictly higher score; null when the score is null */
  rank: number | null;
  score: number | null;
  ci: [number, number] | null;
  /** [best, worst] plausible rank from the CIs */
  rankInterval: [number, number] | null;
  /** samples on which the model has at least one measurement */
  nSamples: number;
  /** against the baseline, over their pairwise lines; null without any */
  winRate: WinRate | null;
}

export interface LeaderboardDiagnostics {
  /** Newton / chord iterations of the main fit (0 for closed-form methods) */
  iterations: number;
  converged: boolean;
  /** strongly connected components of the comparison graph (models with ≥ 1 comparison), strongest first */
  components: string[][];
  scale: ScoreScale;
  ciMethod: CiMethod;
  /**
   * Plackett-Luce / Bradley-Terry with ciMethod 'analytic': 'cluster-robust' = sandwich
   * variance clustered by sample (per model at least the model-based one), 'model-based' =
   * inverse observed information (independent choice events)
   */
  analyticVariance?: AnalyticVariance;
  /** why the analytic variance is model-based although cluster-robust was asked for */
  analyticVarianceReason?: string;
  prior: number | null;
  /** Σ over events of |{winner} ∪ losers| */
  choiceSetEntries: number;
  resamples?: number;
  seed?: number;
  /** Bradley-Terry / Elo: number of winner-loser pairs the choices were broken into */
  pairs?: number;
  elo?: { k: number; initial: number };
}

export interface LeaderboardResult {
  method: RankMethod;
  baseline: string;
  /** samples with at least one measurement */
  nSamples: number;
  nMeasurements: number;
  nChoices: number;
  /** sorted by rank, null scores last */
  models: LeaderboardRow[];
  warnings: RankWarning[];
  diagnostics: LeaderboardDiagnostics;
  /** Plackett-Luce / Bradley-Terry: the fitted raw θ by model (fitted models only), a later fit's `warmStart` */
  theta?: Map<string, number>;
}

export interface PreparedBatch {
  groups: TieredGroups;
  choices: ChoiceEvents;
}

export interface RankOptions {
  /** name or index; default: the model with most samples in the largest strongly connected component */
  baseline?: string | number;
  /** Plackett-Luce / Bradley-Terry virtual games against the reference player; 0 = MLE. Default DEFAULT_PRIOR */
  prior?: number;
  /** default 'analytic' ('none' for Elo, which has no analytic interval) */
  ci?: CiMethod;
  /** Plackett-Luce / Bradley-Terry analytic intervals; default 'cluster-robust' (./cluster-robust.ts) */
  analyticVariance?: AnalyticVariance;
  bootstrap?: { resamples?: number; seed?: number };
  tol?: number;
  maxIterations?: number;
  elo?: { k?: number; initial?: number };
  /** reuse groups and choices across queries on the same batch */
  prepared?: PreparedBatch;
  /**
   * Plackett-Luce / Bradley-Terry: raw θ by model name from an earlier fit of similar data (the
   * same selection before an upload), where Newton starts instead of θ = 0 and the MM warm-up;
   * models without an entry start at 0. It converges to the same optimum (same tolerance).
   */
  warmStart?: ReadonlyMap<string, number>;
  /** Plackett-Luce / Bradley-Terry: post-stratify thin models (./thin-models.ts); default true */
  postStratify?: boolean;
}
