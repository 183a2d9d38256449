import { describe, expect, it } from 'vitest';
import { rank } from '../ranking/leaderboard';
import { planningContext } from './context';
import { cachedPlanningContext, forgetPlanningContexts } from './context-cache';
import { planEvaluation } from './evaluation-plan';
import { batchOf, syntheticPool } from './synthetic-pool';

const pool = syntheticPool({ nModels: 12, nSamples: 200, seed: 3, noise: 0.2, spread: 1.5 });
const batch = batchOf(pool, pool.rows);
const fit = rank('plackett-luce', batch, { ci: 'none' });
const byName = new Map(fit.models.map((r) => [r.model, r.score ?? NaN]));
const scores = Float64Array.from(batch.modelNames, (m) => byName.get(m) ?? NaN);

describe('cachedPlanningContext', () => {
  it('computes a context once per batch, left-out model and pool scores', () => {
    forgetPlanningContexts();
    const a = cachedPlanningContext(batch, 'new-a', scores);
    const b = cachedPlanningContext(batch, 'new-b', scores);
    // every new model shares the pool's calibration; only the name (the cells' salt) differs
    expect(b.params).toBe(a.params);
    expect(b.model).toBe('new-b');
    expect(cachedPlanningContext(batch, 'new-a', scores).params).toBe(a.params);
    // a pool model is left out of its own calibration: another context
    const known = cachedPlanningContext(batch, 'pool-03', scores);
    expect(known.params).not.toBe(a.params);
    expect(known.target).toBe(batch.modelNames.indexOf('pool-03'));
    // other pool scores (a refit) are another context too
    const shifted = scores.map((x) => x + 0.5);
    expect(cachedPlanningContext(batch, 'new-a', shifted).params).not.toBe(a.params);
    // another batch object (a new data version) never sees the old entries
    expect(cachedPlanningContext(batchOf(pool, pool.rows), 'new-a', scores).params).not.toBe(a.params);
    forgetPlanningContexts();
    expect(cachedPlanningContext(batch, 'new-a', scores).params).not.toBe(a.params);
  });

  it('gives the same plan as a context built afresh', () => {
    forgetPlanningContexts();
    const request = { model: 'newcomer', budget: 20, scores: byName };
    const first = planEvaluation(batch, request);
    const again = planEvaluation(batch, request);
    expect(again).toEqual(first);
    const fresh = planningContext(batch, 'newcomer', scores);
    const cached = cachedPlanningContext(batch, 'newcomer', scores);
    expect(Array.from(cached.params.beta)).toEqual(Array.from(fresh.params.beta));
    expect(cached.design.tau).toEqual(fresh.design.tau);
  });
});
