// The rounds of one evaluation (a model on a selection) as the /evaluate page keeps them: each
// plan asked after new results arrived opens a round; asking again without new results updates the
// last one, so the history shows how the interval shrank as results came in.
import type { EvaluationPlanBody } from "./selection-plan";

export interface Round {
  round: number;
  /** samples measured when the round was planned */
  measured: number;
  nSamples: number;
  current: EvaluationPlanBody["current"];
  planned: number;
}

/** The history after a new plan: a new round when the model has new results, else the last one updated. */
export function withPlan(rounds: Round[], plan: EvaluationPlanBody): Round[] {
  const last = rounds.at(-1);
  const entry = { measured: plan.measured, nSamples: plan.n_samples, current: plan.current, planned: plan.samples.length };
  if (last && last.measured === plan.measured) return [...rounds.slice(0, -1), { ...entry, round: last.round }];
  // results removed or a history from another data set: start over
  if (last && plan.measured < last.measured) return [{ ...entry, round: 1 }];
  return [...rounds, { ...entry, round: (last?.round ?? 0) + 1 }];
}
