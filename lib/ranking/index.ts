/**
 * lib/ranking: pure numerics from sample-level measurements to leaderboards (ONEBench,
 * Ghosh et al. 2024): measurements → tiered groups → weighted top-1 choice events →
 * Plackett-Luce (or Bradley-Terry, Elo, mean, Borda, win rate) → LeaderboardResult.
 * No I/O; typed arrays; each file opens with its formula and reference.
 */
export * from './measurements';
export { MeasurementBatchBuilder } from './batch-builder';
export { tieredGroups, type TieredGroups } from './groups';
export { buildChoices, losersOf, eventWeightsForSamples, type ChoiceEvents } from './choices';
export { choicesFromLists, type ExplicitChoice } from './choice-lists';
export { fitPlackettLuce, DEFAULT_TOL, DEFAULT_MAX_ITERATIONS, type PLFit, type PLFitOptions } from './plackett-luce';
export { DEFAULT_PRIOR } from './prior';
export { analyticVariance, clusterRobustVariance, MIN_CLUSTERS, type ClusterRobust } from './cluster-robust';
export {
  comparisonGraph,
  stronglyConnectedComponents,
  estimableModels,
  participants,
  type ComparisonGraph,
  type Components,
} from './identifiability';
export { breakIntoPairs } from './bradley-terry';
export { eloRatings, ELO_K, ELO_INITIAL } from './elo';
export { meanScores } from './mean-score';
export { bordaScores } from './borda';
export { winRates, type WinRate } from './win-rate';
export { rank, prepareBatch } from './leaderboard';
export type * from './leaderboard-types';
export { waldIntervals, rankIntervals, competitionRanks, Z95 } from './intervals';
export { bootstrapPercentile, DEFAULT_RESAMPLES, DEFAULT_SEED } from './bootstrap';
export { kendallTauB, topKOverlap } from './kendall';
export { subsampleAgreement, scoresByModel, type SubsampleAgreement, type SubsampleOptions } from './robustness';
export { filterRows, selectSamples, dropMeasurements, dropSamples } from './subset';
export { headToHead, sampleRanking, type SampleGroupView } from './views';
export { simulatePlackettLuce, type SimulationOptions } from './simulate';
export { Prng } from './prng';
