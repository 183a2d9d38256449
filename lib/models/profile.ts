// GET /api/models/{name}: where a model is strong and where it is weak — its Plackett–Luce score
// (relative to the baseline) and rank in every benchmark and frequent tag of the pool — and, with
// a selection, the samples behind its row of that selection's leaderboard.
import { loadModelFacts, type ModelFacts } from "@/lib/db/queries/model-facts";
import { liveLeaderboard } from "@/lib/leaderboard/compute";
import type { SubsetFit } from "@/lib/ranking/subset-fits";
import { defaultLeaderboardQuery, pickSelection, type Selection } from "@/lib/selection/schema";
import { hasSelection } from "@/lib/selection/url";
import { modelEvidence, type Evidence } from "./evidence";
import { poolFits } from "./pool-fits";
import { findVisibleModels } from "@/lib/db/queries/models";

export const PEERS = 4;

export interface Standing {
  /** benchmark or tag */
  name: string;
  /** samples of the benchmark / tag */
  n_samples: number;
  /** models ranked there */
  n_models: number;
  rank: number | null;
  score: number | null;
  ci: [number, number] | null;
  /** samples of the benchmark / tag on which the model has a result */
  model_n_samples: number;
  leader: { model: string; score: number | null } | null;
  /** the model fixed at 0 in this fit */
  baseline: string;
}

export interface ModelProfile {
  model: string;
  baseline: string;
  overall: { rank: number | null; score: number | null; ci: [number, number] | null; n_samples: number; n_models: number } | null;
  /** strongest (highest score) first */
  benchmarks: Standing[];
  tags: Standing[];
  /** only when a selection was given */
  evidence: Evidence | null;
  /** the overall top models other than this one: a default set to compare it with */
  peers: string[];
  /** the fields of the model's `model` line (results format v1.1), or null */
  facts: ModelFacts | null;
}

function standings(fits: SubsetFit[], name: string): Standing[] {
  const out: Standing[] = [];
  for (const f of fits) {
    const row = f.rows.find((r) => r.model === name);
    if (!row) continue;
    const ranked = f.rows.filter((r) => r.rank !== null);
    out.push({
      name: f.name,
      n_samples: f.nSamples,
      n_models: ranked.length,
      rank: row.rank,
      score: row.score,
      ci: row.ci,
      model_n_samples: row.nSamples,
      leader: ranked[0] ? { model: ranked[0].model, score: ranked[0].score } : null,
      baseline: f.baseline,
    });
  }
  return out.sort((a, b) => (b.score ?? -Infinity) - (a.score ?? -Infinity) || a.name.localeCompare(b.name));
}

/** The profile of a visible model, or null when there is no such model. */
export async function modelProfile(name: string, selection?: Selection, opts: { limit?: number } = {}): Promise<ModelProfile | null> {
  if (!(await findVisibleModels([name])).has(name)) return null;
  const sel = selection && hasSelection(selection) ? pickSelection(selection) : null;
  const [fits, evidence, facts] = await Promise.all([poolFits(), sel ? modelEvidence(name, sel, opts.limit) : Promise.resolve(null), loadModelFacts(name)]);
  // After the pool fits: when they were computed just now, the overall answer was cached with them.
  const lb = await liveLeaderboard(defaultLeaderboardQuery());
  const row = lb.models.find((r) => r.model === name);
  return {
    model: name,
    baseline: fits.baseline || lb.baseline,
    overall: row ? { rank: row.rank, score: row.score, ci: row.ci, n_samples: row.n_samples, n_models: lb.models.filter((r) => r.rank !== null).length } : null,
    benchmarks: standings(fits.benchmarks, name),
    tags: standings(fits.tags, name),
    evidence,
    peers: lb.models.filter((r) => r.model !== name && r.rank !== null).slice(0, PEERS).map((r) => r.model),
    facts,
  };
}
