import { describe, expect, it } from 'vitest';
import { rank } from '../ranking/leaderboard';
import { Prng, sampleWithoutReplacement } from '../ranking/prng';
import { planningContext } from './context';
import { predictive, projectScore } from './projection';
import { observedOutcomes, planRound } from './round';
import { fitTraits, N_BANDS, N_TIERS } from './traits';
import { batchOf, syntheticPool, type Row } from './synthetic-pool';

// 24 pool models, 400 questions of which 40% are mostly luck: a plan that learns to skip those
// should place a newcomer better than the same number of questions drawn at random. The plan
// runs with the floors it ships with (./plan.ts sampleFloors: here GROUPED_FLOOR on the bands,
// FLOOR on the two strata), so a floor or criterion change that costs the gain fails here.
const pool = syntheticPool({ nModels: 24, nSamples: 400, seed: 11, noise: 0.4, spread: 1.5 });
const poolFit = rank('plackett-luce', batchOf(pool, pool.rows), { ci: 'none' });
const poolScore = new Map(poolFit.models.map((r) => [r.model, r.score ?? NaN]));
const BUDGET = 60;

/** |projected − full-selection score| of a newcomer after running `pick` (a plan or a random draw). */
function errors(theta: number, seed: number) {
  const truth = pool.outcomes(theta, seed);
  const rows: Row[] = [...pool.rows, ...truth.map((y, s): Row => [pool.sampleIds[s], 'newcomer', y])];
  const batch = batchOf(pool, rows);
  const scores = Float64Array.from(batch.modelNames, (m) => poolScore.get(m) ?? NaN);
  const ctx = planningContext(batch, 'newcomer', scores);
  const all = new Uint8Array(batch.nSamples).fill(1);
  const full = planRound(ctx, all, 0).projection.score;
  const placedAfter = (measured: Uint8Array) => planRound(ctx, measured, 0, { universe: all }).projection.score;

  const planned = new Uint8Array(batch.nSamples);
  for (let round = 0; round < BUDGET / 20; round++) {
    for (const p of planRound(ctx, planned, 20, { universe: all }).samples) planned[p.sample] = 1;
  }
  const random = [1, 2, 3].map((r) => {
    const keep = new Uint8Array(batch.nSamples);
    for (const i of sampleWithoutReplacement(new Prng(seed * 10 + r), batch.nSamples, BUDGET)) keep[i] = 1;
    return Math.abs(placedAfter(keep) - full);
  });
  return { plan: Math.abs(placedAfter(planned) - full), random: random.reduce((a, b) => a + b, 0) / random.length, planned };
}

describe('the plan on a pool with a known truth', () => {
  it('places a newcomer closer to its full-selection score than random questions (60 of 400)', () => {
    const runs = [-1.5, -0.5, 0.3, 1.2].flatMap((theta, i) => [errors(theta, 100 + i), errors(theta, 200 + i)]);
    const plan = runs.reduce((a, r) => a + r.plan, 0) / runs.length;
    const random = runs.reduce((a, r) => a + r.random, 0) / runs.length;
    console.log(`mean |projected − full| over ${runs.length} newcomers: plan ${plan.toFixed(3)}, random ${random.toFixed(3)}`);
    expect(plan).toBeLessThan(0.8 * random);
  });

  it('projects the unseen outcomes averaged over what is unknown of the traits, not at their mode', () => {
    const truth = pool.outcomes(1.8, 300);
    const batch = batchOf(pool, [...pool.rows, ...truth.map((y, s): Row => [pool.sampleIds[s], 'newcomer', y])]);
    const ctx = planningContext(batch, 'newcomer', Float64Array.from(batch.modelNames, (m) => poolScore.get(m) ?? NaN));
    const measured = new Uint8Array(batch.nSamples);
    for (const i of sampleWithoutReplacement(new Prng(3), batch.nSamples, 40)) measured[i] = 1;
    const seen = observedOutcomes(ctx, measured);
    const post = fitTraits(ctx.params, ctx.design, seen.samples, seen.y);
    const known = { ...post, cov: new Float64Array(post.cov.length) };
    const averaged = predictive(ctx, post);
    // with nothing unknown the average is the mode's P_s; otherwise it lies between that and ½
    predictive(ctx, known).forEach((q, s) => expect(q).toBeCloseTo(post.p[s], 12));
    for (let s = 0; s < batch.nSamples; s++) {
      const [lo, hi] = post.p[s] < 0.5 ? [post.p[s], 0.5] : [0.5, post.p[s]];
      expect(averaged[s]).toBeGreaterThanOrEqual(lo);
      expect(averaged[s]).toBeLessThanOrEqual(hi);
    }
    expect(averaged.some((q, s) => Math.abs(q - post.p[s]) > 0.02)).toBe(true);
    const all = new Uint8Array(batch.nSamples).fill(1);
    expect(projectScore(ctx, post, measured, all, 0.1).score).not.toBeCloseTo(projectScore(ctx, known, measured, all, 0.1).score, 3);
  });

  it('learns a deviation per discrimination tier: a newcomer failing the most discriminating third is placed lower there', () => {
    const truth = pool.outcomes(0.5, 301);
    const batch = batchOf(pool, [...pool.rows, ...truth.map((y, s): Row => [pool.sampleIds[s], 'newcomer', y])]);
    const ctx = planningContext(batch, 'newcomer', Float64Array.from(batch.modelNames, (m) => poolScore.get(m) ?? NaN));
    const all = new Uint8Array(batch.nSamples).fill(1);
    const seen = observedOutcomes(ctx, all);
    const top = ctx.design.p - 1;
    const fit = (y: Float64Array) => fitTraits(ctx.params, ctx.design, seen.samples, y, false).phi;
    const honest = fit(seen.y);
    const failing = fit(Float64Array.from(seen.y, (y, i) => (ctx.design.tier[seen.samples[i]] === N_TIERS - 1 ? 0 : y)));
    expect(ctx.design.p).toBe(1 + N_BANDS + ctx.design.nStrata + N_TIERS);
    expect(failing[top]).toBeLessThan(honest[top] - 0.5);
  });
});
