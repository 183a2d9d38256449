/**
 * Planning contexts kept per loaded batch. Building one (./context.ts: outcomes, the samples'
 * calibration, the pool's trait priors, the Plackett-Luce geometry of every sample) is most of a
 * plan's cost — measured by bench:plan on all of MMLU-Pro (12,032 samples, 31 models): about
 * 300–550 ms CPU of a 450–700 ms plan of 20 — and it depends only on the pool: the batch, the
 * pool's fitted scores and which model is left out of the pool. Every new model (not in the
 * batch) has the same context up to its name, which only salts the cells' order (./cells.ts).
 *
 * The serving side hands back the same batch object until the data version moves
 * (lib/leaderboard/compute.ts), so keying on the batch object is keying on the data version: an
 * upload makes a new batch and the old entries go with the old batch (WeakMap). Within a batch
 * at most MAX_PER_BATCH contexts are kept, least recently used dropped first.
 */
import type { TieredGroups } from '../ranking/groups';
import type { MeasurementBatch } from '../ranking/measurements';
import { planningContext, type PlanningContext } from './context';

const MAX_PER_BATCH = 8;

let cache = new WeakMap<MeasurementBatch, Map<string, PlanningContext>>();

/** planningContext(batch, model, scores, groups), computed once per (batch, left-out model, pool scores). */
export function cachedPlanningContext(batch: MeasurementBatch, model: string, scores: Float64Array, groups?: TieredGroups): PlanningContext {
  const target = batch.modelNames.indexOf(model);
  // the placed model's own score is ignored by planningContext, so it is not part of the key
  const key = `${target}\u0000${Array.from(scores, (x, m) => (m === target ? '' : String(x))).join(',')}`;
  let byKey = cache.get(batch);
  if (!byKey) cache.set(batch, (byKey = new Map()));
  let ctx = byKey.get(key);
  if (ctx) byKey.delete(key);
  else ctx = planningContext(batch, model, scores, groups);
  byKey.set(key, ctx);
  if (byKey.size > MAX_PER_BATCH) byKey.delete(byKey.keys().next().value!);
  return ctx.model === model ? ctx : { ...ctx, model };
}

/** Drops every cached context (tests reset the database between files: test/db.ts). */
export function forgetPlanningContexts(): void {
  cache = new WeakMap();
}
