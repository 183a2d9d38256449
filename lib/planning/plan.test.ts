import { describe, expect, it } from 'vitest';
import { rank } from '../ranking/leaderboard';
import { Prng, sampleWithoutReplacement } from '../ranking/prng';
import { planningContext } from './context';
import { planRound } from './round';
import { batchOf, syntheticPool, type Row } from './synthetic-pool';

// 24 pool models, 400 questions of which 40% are mostly luck: a plan that learns to skip those
// should place a newcomer better than the same number of questions drawn at random. The cells'
// guaranteed share is fixed at 0.5 here so that the criterion itself is what is tested, not the
// floors (./plan.ts: FLOOR and GROUPED_FLOOR, chosen on real data by bench:plan).
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
    for (const p of planRound(ctx, planned, 20, { universe: all, floor: 0.5 }).samples) planned[p.sample] = 1;
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
});
