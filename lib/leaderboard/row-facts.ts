// What a leaderboard knows about its models beyond the ranking: their facts (results format v1.1
// `model` lines), which models a facts filter keeps, and the self-preference mark — a judge whose
// family equals the judged model's family (a judge is recognised when it is itself a model with a
// `family` fact; free-form annotator names such as "alpaca_eval_gpt4" are not guessed at).
import { ApiError } from "@/lib/api/errors";
import { findVisibleModels } from "@/lib/db/queries/models";
import { memoByVersion } from "@/lib/db/version-memo";
import type { ModelFacts } from "@/lib/db/queries/model-facts";
import { findModelsByFacts, loadFactsByName, loadJudgedModels, loadModelFamilies } from "@/lib/db/queries/model-fact-filters";
import { hasFactsFilter, type FactsFilter } from "@/lib/selection/schema";

/** A 400 naming the models of `models=` that the pool does not have (an empty leaderboard said nothing). */
export async function requireKnownModels(names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const known = await findVisibleModels(names);
  const unknown = [...new Set(names)].filter((m) => !known.has(m));
  if (unknown.length) throw new ApiError("bad_request", `Parameter "models": unknown model${unknown.length > 1 ? "s" : ""} ${unknown.map((m) => `"${m}"`).join(", ")}`);
}

/**
 * The models a query ranks: those named in `models` (all when empty) that pass the facts filter,
 * or undefined when neither restricts. The baseline is added by the caller when it must stay.
 */
export async function rankedModels(q: FactsFilter & { models: readonly string[] }): Promise<Set<string> | undefined> {
  if (q.min_params_b !== undefined && q.max_params_b !== undefined && q.min_params_b > q.max_params_b) {
    throw new ApiError("bad_request", `Parameter "max_params_b": must be at least min_params_b (${q.max_params_b} < ${q.min_params_b})`);
  }
  await requireKnownModels(q.models);
  if (!hasFactsFilter(q)) return q.models.length ? new Set(q.models) : undefined;
  const passing = await findModelsByFacts(q);
  return q.models.length ? new Set(q.models.filter((m) => passing.has(m))) : passing;
}

export interface RowFacts {
  facts: Map<string, ModelFacts>;
  /** per model, the judges of its measurements in the selection that share its family */
  selfJudges: Map<string, string[]>;
}

/** Facts and self-preference marks of the ranked models over the selected samples. */
export async function rowFacts(models: readonly string[], samplePks: readonly number[], version: number): Promise<RowFacts> {
  // Facts change only with a publish (a new data version): every visible model's are remembered
  // under it (a few rows per model), so a crowd of queries reads them once whichever models each ranks.
  const [all, families] = await Promise.all([memoByVersion(`facts:${version}`, () => loadFactsByName()), memoByVersion(`families:${version}`, () => loadModelFamilies())]);
  const facts = new Map<string, ModelFacts>();
  for (const m of models) {
    const f = all.get(m);
    if (f) facts.set(m, f);
  }
  const selfJudges = new Map<string, string[]>();
  const withFamily = models.filter((m) => facts.get(m)?.family);
  if (withFamily.length === 0 || families.size === 0) return { facts, selfJudges };
  for (const { model, judge } of await loadJudgedModels(samplePks, [...families.keys()])) {
    const family = facts.get(model)?.family;
    if (family && families.get(judge) === family) selfJudges.set(model, [...(selfJudges.get(model) ?? []), judge].sort());
  }
  return { facts, selfJudges };
}
