import { describe, expect, it } from 'vitest';
import { rank } from '../ranking/leaderboard';
import { discriminationTiers, N_TIERS } from './cells';
import { planningContext } from './context';
import { FLOOR } from './plan';
import { planRound } from './round';
import { batchOf, syntheticPool } from './synthetic-pool';
import { N_BANDS } from './traits';

// 20 pool models, 400 questions in two strata ('first' = the first 200, 'second'), 30% of them
// mostly luck (discrimination ≈ 0): the plan should prefer the discriminating ones but keep
// every difficulty band and stratum at FLOOR of its share.
const pool = syntheticPool({ nModels: 20, nSamples: 400, seed: 21, noise: 0.3, spread: 1.5 });
const batch = batchOf(pool, pool.rows);
const fit = rank('plackett-luce', batch, { ci: 'none' });
const byName = new Map(fit.models.map((r) => [r.model, r.score ?? NaN]));
const scores = Float64Array.from(batch.modelNames, (m) => byName.get(m) ?? NaN);
const ctx = planningContext(batch, 'newcomer', scores);

describe('plan cells', () => {
  it('splits the samples into terciles of their calibrated discrimination', () => {
    const tier = discriminationTiers(ctx);
    const counts = new Array(N_TIERS).fill(0);
    tier.forEach((t) => counts[t]++);
    for (const c of counts) expect(Math.abs(c - 400 / N_TIERS)).toBeLessThanOrEqual(1);
    const range = (t: number) => {
      const b = Array.from(ctx.params.beta).filter((_, s) => tier[s] === t);
      return [Math.min(...b), Math.max(...b)];
    };
    for (let t = 1; t < N_TIERS; t++) expect(range(t)[0]).toBeGreaterThanOrEqual(range(t - 1)[1]);
  });

  it('keeps every difficulty band and stratum at FLOOR of its share and prefers discriminating samples', () => {
    const measured = new Uint8Array(batch.nSamples);
    const budget = 100;
    const picked = planRound(ctx, measured, budget).samples.map((p) => p.sample);
    expect(new Set(picked).size).toBe(budget);
    const share = (of: (s: number) => number, k: number) => {
      let size = 0;
      for (let s = 0; s < batch.nSamples; s++) size += of(s) === k ? 1 : 0;
      return { size, got: picked.filter((s) => of(s) === k).length };
    };
    for (let b = 0; b < N_BANDS; b++) {
      const { size, got } = share((s) => ctx.design.band[s], b);
      expect(got).toBeGreaterThanOrEqual(Math.floor((FLOOR * size * budget) / 400) - 1);
    }
    for (const k of [0, 1]) {
      const { size, got } = share((s) => ctx.design.stratum[s], k);
      expect(size).toBe(200);
      expect(got).toBeGreaterThanOrEqual(Math.floor((FLOOR * size * budget) / 400) - 1);
    }
    const tier = discriminationTiers(ctx);
    const top = picked.filter((s) => tier[s] === N_TIERS - 1).length;
    const bottom = picked.filter((s) => tier[s] === 0).length;
    expect(top).toBeGreaterThan(1.5 * bottom);
  });
});
