// The portal's defaults for what a query leaves out, resolved in one place: the baseline (fixed at
// 0), the Plackett–Luce prior, and the retrieval bounds. resolveQuery() turns a parsed query into
// the one every computation uses (the live leaderboard, compare, model pages, pool fits, /about).
import { ApiError } from "@/lib/api/errors";
import { env } from "@/lib/env";
import { DEFAULT_PRIOR } from "@/lib/ranking/prior";
import type { LeaderboardQuery } from "./schema";

// Without `k` and `threshold`, a query text retrieves an adaptive set (spec/api.md 1.1): the
// samples whose similarity stands ADAPTIVE_Z robust standard deviations above the pool's
// background for that query, plus those a query word labels (lib/retrieval/cutoff.ts, hybrid.ts).
// The API, the query page, the home search and saved leaderboards all use that one default.

/** The demo data's reference model (data/demo/README.md), used when BASELINE_MODEL is unset. */
export const DEMO_BASELINE = "reference-4o-mini";

export function configuredBaseline(): string {
  return env().BASELINE_MODEL || DEMO_BASELINE;
}

/** The prior strength used when a query gives none, and where it comes from. */
export function configuredPrior(): { value: number; source: "PL_PRIOR" | "default" } {
  const set = env().PL_PRIOR;
  return set === undefined ? { value: DEFAULT_PRIOR, source: "default" } : { value: set, source: "PL_PRIOR" };
}

export interface ResolvedQuery extends LeaderboardQuery {
  prior: number;
  /** The model to fix at 0: the requested one, else the configured one. */
  baseline: string;
  /** Whether `baseline` was asked for (then it must have measurements) or is the default. */
  baselineRequested: boolean;
}

export function resolveQuery(q: LeaderboardQuery): ResolvedQuery {
  return {
    ...q,
    prior: q.prior ?? configuredPrior().value,
    baseline: q.baseline ?? configuredBaseline(),
    baselineRequested: q.baseline !== undefined,
  };
}

/**
 * The baseline of a fit over these models: a requested one must be among them (else a 400 naming
 * the parameter); the default is used only where it has measurements, else the engine picks one.
 */
export function fitBaseline(q: ResolvedQuery, modelNames: readonly string[]): string | undefined {
  if (modelNames.includes(q.baseline)) return q.baseline;
  if (q.baselineRequested) throw new ApiError("bad_request", `Parameter "baseline": model "${q.baseline}" has no measurements among the selected samples`);
  return undefined;
}
