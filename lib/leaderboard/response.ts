// The JSON shape of a leaderboard (spec/api.md, GET /api/leaderboard), extended with rank
// intervals, retrieval details and fit diagnostics. Snake case, as the contract is.
import type { ModelFacts } from "@/lib/db/queries/model-facts";
import type { LeaderboardResult } from "@/lib/ranking/leaderboard-types";

/** A warning of the engine (not_connected, never_lost, …) or of retrieval (few_samples, no_match). */
export interface ApiWarning {
  code: string;
  message: string;
  model?: string;
}

export interface ApiLeaderboardRow {
  model: string;
  rank: number | null;
  score: number | null;
  ci: [number, number] | null;
  rank_interval: [number, number] | null;
  n_samples: number;
  win_rate: { weighted: number; discrete: number; n: number; se: number | null } | null;
  /** P(model beats the baseline) under the fitted model (Plackett–Luce / Bradley–Terry only). */
  p_beats_baseline: number | null;
  /** the model's facts (results format v1.1 `model` line), null when none were uploaded (./row-facts.ts) */
  facts?: ModelFacts | null;
  /** judges of its measurements in the selection whose family equals the model's (self-preference risk) */
  self_judges?: string[];
}

export interface ApiLeaderboard {
  n_samples: number;
  n_measurements: number;
  method: string;
  baseline: string;
  models: ApiLeaderboardRow[];
  warnings: ApiWarning[];
  scale: string;
  ci_method: string;
  /** For analytic intervals: clustered by sample (the default) or model-based, and why it fell back. */
  analytic_variance: string | null;
  analytic_variance_reason: string | null;
  prior: number | null;
  diagnostics: { iterations: number; converged: boolean; n_choices: number; components: number; resamples?: number };
}

export function toApiLeaderboard(r: LeaderboardResult, extraWarnings: ApiWarning[] = []): ApiLeaderboard {
  const logStrength = r.diagnostics.scale === "log-strength";
  return {
    n_samples: r.nSamples,
    n_measurements: r.nMeasurements,
    method: r.method,
    baseline: r.baseline,
    models: r.models.map((m) => ({
      model: m.model,
      rank: m.rank,
      score: m.score,
      ci: m.ci,
      rank_interval: m.rankInterval,
      n_samples: m.nSamples,
      win_rate: m.winRate ? { weighted: m.winRate.weighted, discrete: m.winRate.discrete, n: m.winRate.n, se: m.winRate.se } : null,
      p_beats_baseline: logStrength && m.score !== null ? 1 / (1 + Math.exp(-m.score)) : null,
    })),
    warnings: [...extraWarnings, ...r.warnings],
    scale: r.diagnostics.scale,
    ci_method: r.diagnostics.ciMethod,
    analytic_variance: r.diagnostics.ciMethod === "analytic" ? (r.diagnostics.analyticVariance ?? null) : null,
    analytic_variance_reason: r.diagnostics.analyticVarianceReason ?? null,
    prior: r.diagnostics.prior,
    diagnostics: {
      iterations: r.diagnostics.iterations,
      converged: r.diagnostics.converged,
      n_choices: r.nChoices,
      components: r.diagnostics.components.length,
      resamples: r.diagnostics.resamples,
    },
  };
}
