/**
 * planEvaluation(batch, request): the numbers behind GET /api/evaluation-plan for one
 * selection, without the database. The caller loads the selection's measurements into a
 * MeasurementBatch (every selected sample interned, even those nobody has measured) and passes
 * the leaderboard's fitted scores if it has them; this fits the pool's Plackett-Luce scores
 * otherwise, calibrates the samples (once per batch and pool: ./context-cache.ts), places the
 * model (./place.ts) and plans its next `budget` samples (./round.ts). Same inputs, same answer.
 */
import { ApiError } from '../api/errors';
import type { TieredGroups } from '../ranking/groups';
import { rank } from '../ranking/leaderboard';
import type { PreparedBatch } from '../ranking/leaderboard-types';
import type { MeasurementBatch } from '../ranking/measurements';
import { DEFAULT_PRIOR } from '../ranking/prior';
import { cachedPlanningContext } from './context-cache';
import { placement, type Placement } from './place';
import { measuredSamples, planRound } from './round';

export const MAX_BUDGET = 10_000;

export interface PlanRequest {
  model: string;
  budget: number;
  /** the leaderboard's Plackett-Luce scores by model name; fitted here when absent */
  scores?: ReadonlyMap<string, number>;
  baseline?: string;
  /** the leaderboard's prior (default DEFAULT_PRIOR) */
  prior?: number;
  /** the batch's groups and choices, when the caller has prepared them */
  prepared?: PreparedBatch;
  /** the batch's tiered groups alone, when the caller keeps them (and not the choices) */
  groups?: TieredGroups;
}

export interface PlanRow {
  /** sample index in the batch */
  index: number;
  id: string;
  benchmark: string;
  /** expected reduction of the projected score's squared error (./plan.ts) */
  gain: number;
  /** the model's predicted outcome on it, 0–1 */
  expected: number;
}

export interface EvaluationPlan {
  model: string;
  budget: number;
  /** best first */
  samples: PlanRow[];
  /** the model's projected place on the whole selection; null before any measurement */
  current: Placement | null;
  /** selected samples it has been measured on */
  measured: number;
  /** selected samples it could still be run on (those some other model has results on) */
  candidates: number;
  message: string | null;
}

export function validatePlanRequest(model: unknown, budget: unknown): { model: string; budget: number } {
  if (typeof model !== 'string' || model.trim() === '') throw new ApiError('bad_request', 'Parameter "model" must be a non-empty model name');
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1 || budget > MAX_BUDGET) {
    throw new ApiError('bad_request', `Parameter "budget" must be an integer from 1 to ${MAX_BUDGET} (got ${String(budget)})`);
  }
  return { model, budget };
}

export function planEvaluation(batch: MeasurementBatch, request: PlanRequest): EvaluationPlan {
  const { model, budget } = validatePlanRequest(request.model, request.budget);
  const prior = request.prior ?? DEFAULT_PRIOR;
  const scores = poolScores(batch, request, prior);
  const ctx = cachedPlanningContext(batch, model, scores, request.groups ?? request.prepared?.groups);
  const measured = measuredSamples(batch, ctx.target);
  let nMeasured = 0;
  let open = 0;
  let pool = 0;
  for (let s = 0; s < batch.nSamples; s++) {
    nMeasured += measured[s];
    pool += ctx.hasPool[s];
    if (ctx.hasPool[s] && !measured[s]) open++;
  }
  const empty = { model, budget, samples: [], measured: nMeasured, candidates: open };
  if (pool === 0) {
    return { ...empty, current: null, message: `No other model has results on the ${batch.nSamples} selected samples, so there is nothing to place ${model} against` };
  }
  const round = planRound(ctx, measured, open > 0 ? budget : 0, { prior });
  const current = nMeasured > 0 ? placement(round.projection, ctx.scores, nMeasured) : null;
  if (open === 0) {
    return { ...empty, current, message: `${model} has already been measured on every selected sample that other models have results on (${nMeasured}): there is nothing left to plan` };
  }
  const samples = round.samples.map((p) => ({
    index: p.sample,
    id: batch.sampleIds?.[p.sample] ?? String(p.sample),
    benchmark: batch.sampleBenchmarks?.[p.sample] ?? '',
    gain: p.gain,
    expected: p.expected,
  }));
  const message = open < budget ? `Only ${open} selected samples are left to run, so the plan has ${open} rather than ${budget}` : null;
  return { ...empty, samples, current, message };
}

function poolScores(batch: MeasurementBatch, request: PlanRequest, prior: number): Float64Array {
  if (request.scores) return Float64Array.from(batch.modelNames, (name) => request.scores!.get(name) ?? NaN);
  if (batch.nModels === 0) return new Float64Array(0);
  const baseline = request.baseline && batch.modelNames.includes(request.baseline) ? request.baseline : undefined;
  const fit = rank('plackett-luce', batch, { baseline, prior, ci: 'none', prepared: request.prepared });
  const byName = new Map(fit.models.map((r) => [r.model, r.score ?? NaN]));
  return Float64Array.from(batch.modelNames, (name) => byName.get(name) ?? NaN);
}
