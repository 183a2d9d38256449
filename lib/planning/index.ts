/**
 * lib/planning: evaluate a new model cheaply. For a model (known or new) and a selection,
 * choose the samples to run next so that its place on the leaderboard is known soonest, and
 * say where it stands meanwhile. Pure numerics over a MeasurementBatch (no I/O); the criterion
 * is documented in ./README.md and at the top of each file.
 *
 *   planEvaluation(batch, { model, budget })   → plan + current place (GET /api/evaluation-plan)
 *   planningContext / planRound / placement    → the same in steps, for a sequence of rounds
 */
export { planEvaluation, validatePlanRequest, MAX_BUDGET, type PlanRequest, type PlanRow, type EvaluationPlan } from './evaluation-plan';
export { planningContext, type PlanningContext } from './context';
export { planRound, measuredSamples, type Round, type RoundOptions } from './round';
export { placement, type Placement } from './place';
export { FLOOR, GROUPED_FLOOR, type PlannedSample } from './plan';
export type { Projection } from './projection';
