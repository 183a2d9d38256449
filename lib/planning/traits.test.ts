import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from '../ranking/batch-builder';
import { Prng } from '../ranking/prng';
import type { SampleParameters } from './calibrate';
import { planningContext, population } from './context';
import { convergedTraitPrior, designAt, difficultyBands, MAX_EM_STEPS, N_BANDS, poolTraitPrior, traitDesign, type PoolOutcomes } from './traits';

// A pool whose sample curves are off for everyone alike on one band (every model does 1.2 better
// there than the curve says) and, on another, by an amount that grows with the model's score
// (slope 0.8): the population's prior for a new model's traits should carry both, and its τ
// should be what is left once they are taken out.
const N_SAMPLES = 1200;
const N_MODELS = 20;
const rng = new Prng(7);
const params: SampleParameters = {
  alpha: Float64Array.from({ length: N_SAMPLES }, () => rng.normal()),
  beta: Float64Array.from({ length: N_SAMPLES }, () => 0.8 + 0.8 * rng.next()),
  center: 0,
  nPool: new Int32Array(N_SAMPLES).fill(N_MODELS),
  hyper: { muAlpha: 0, sdAlpha: 1, muBeta: 1.2, sdBeta: 0.3 },
};
const band = Int32Array.from({ length: N_SAMPLES }, (_, s) => 2 + (Math.floor(s / 3) % 8));
const SHARED_BAND = 3;
const SLOPED_BAND = 6;
const stratum = new Int32Array(N_SAMPLES);
const tier = Uint8Array.from({ length: N_SAMPLES }, (_, s) => Math.floor(s / 7) % 3);
const loose = traitDesign(band, stratum, 1, tier, { mean: 0, sd: 1 });

function poolOf(sharedShift: number, slope: number): PoolOutcomes[] {
  const r = new Prng(11);
  return Array.from({ length: N_MODELS }, (_, j) => {
    const score = -1.5 + (3 * j) / (N_MODELS - 1);
    const y = Float64Array.from({ length: N_SAMPLES }, (_, s) => {
      let eta = params.alpha[s] + params.beta[s] * score;
      if (band[s] === SHARED_BAND) eta += sharedShift;
      if (band[s] === SLOPED_BAND) eta += slope * score;
      return r.next() < 1 / (1 + Math.exp(-eta)) ? 1 : 0;
    });
    return { samples: Int32Array.from({ length: N_SAMPLES }, (_, s) => s), y, score };
  });
}

describe('the traits prior estimated from the pool', () => {
  it('centres a band deviation the whole pool shares on it, and lets one that grows with the score move with it', () => {
    const prior = poolTraitPrior(params, loose, poolOf(1.2, 0.8));
    const shared = 1 + SHARED_BAND;
    const sloped = 1 + SLOPED_BAND;
    expect(prior.mean[shared]).toBeGreaterThan(0.8);
    expect(prior.slope[sloped]).toBeGreaterThan(0.4);
    expect(Math.abs(prior.slope[shared])).toBeLessThan(0.3);
    // a design whose priors follow the newcomer's score: the sloped band's mean rises with it
    const design = traitDesign(band, stratum, 1, tier, { mean: 0, sd: 1 }, prior.tau, prior);
    expect(designAt(design, 1.5).priorMean[sloped] - designAt(design, -1.5).priorMean[sloped]).toBeGreaterThan(1.2);
    expect(designAt(design, 1.5).priorMean[shared]).toBeCloseTo(prior.mean[shared] + prior.slope[shared] * (1.5 - prior.center), 12);
    expect(designAt(design, 0.7).priorMean[0]).toBe(design.priorMean[0]);
  });

  it('measures τ around the population mean, not around 0', () => {
    const plain = poolTraitPrior(params, loose, poolOf(0, 0));
    const shifted = poolTraitPrior(params, loose, poolOf(1.2, 0.8));
    // the shift and the slope are in the means, so the spread left is about the same
    expect(shifted.tau.band).toBeLessThan(plain.tau.band + 0.15);
    expect(shifted.mean.slice(1, 1 + N_BANDS).some((m) => Math.abs(m) > 0.8)).toBe(true);
  });

  it('leaves a pairwise hub (in more than half of the lines) out of the population', () => {
    const b = new MeasurementBatchBuilder();
    for (let s = 0; s < 30; s++) {
      const id = `q${s}`;
      b.sample(id, 'bench');
      for (const m of ['a', 'b', 'c', 'd']) b.addPairwise(id, m, 'ref', s % 3 === 0 ? 'b' : 'a');
    }
    const batch = b.build();
    const scores = Float64Array.from(batch.modelNames, (_, m) => m);
    const kept = population(batch, scores);
    batch.modelNames.forEach((name, m) => expect(Number.isFinite(kept[m])).toBe(name !== 'ref'));
    // there the newcomer's prior is centred on the others' traits
    const ctx = planningContext(batch, 'newcomer', scores);
    expect(ctx.design.prior).toBeDefined();
  });

  it('keeps the prior around 0 where there is no hub (every model meets the pool on the same samples)', () => {
    const b = new MeasurementBatchBuilder();
    for (let s = 0; s < 30; s++) {
      b.sample(`q${s}`, 'bench');
      ['a', 'b', 'c', 'd'].forEach((m, i) => b.addScore(`q${s}`, m, 'accuracy', (s + i) % 3 === 0 ? 0 : 1));
    }
    const batch = b.build();
    const ctx = planningContext(batch, 'newcomer', Float64Array.from(batch.modelNames, (_, m) => m / 2));
    expect(ctx.design.prior).toBeUndefined();
    expect(Array.from(ctx.design.priorMean.slice(1)).every((m) => m === 0)).toBe(true);
    const around0 = poolTraitPrior(params, loose, poolOf(1.2, 0.8), false);
    expect(Array.from(around0.mean.slice(1)).every((m) => m === 0)).toBe(true);
    expect(Array.from(around0.slope).every((m) => m === 0)).toBe(true);
  });
});

describe('difficulty bands', () => {
  it('bands samples judged in pairs by the deciles of their own pool mean, the others by fixed deciles', () => {
    // 100 pairwise samples whose pool means crowd at 0.70–0.99 (a reference most models beat),
    // 20 grouped samples spread over (0, 1), and one pairwise sample each at exactly 0 and 1
    const n = 100;
    const mean = new Float64Array(n + 22);
    const pairwise = new Uint8Array(n + 22);
    for (let s = 0; s < n; s++) {
      mean[s] = 0.7 + (0.29 * s) / (n - 1);
      pairwise[s] = 1;
    }
    for (let i = 0; i < 20; i++) mean[n + i] = (i + 0.5) / 20;
    mean[n + 21] = 1;
    pairwise[n + 20] = pairwise[n + 21] = 1;
    const bands = difficultyBands(mean, pairwise);
    const fixed = difficultyBands(mean);
    const counts = new Array(N_BANDS).fill(0);
    for (let s = 0; s < n; s++) counts[bands[s]]++;
    expect(counts.slice(1, N_BANDS - 1)).toEqual(new Array(10).fill(10));
    expect([bands[n + 20], bands[n + 21]]).toEqual([0, N_BANDS - 1]);
    for (let i = 0; i < 20; i++) expect(bands[n + i]).toBe(fixed[n + i]);
    // by fixed deciles the pairwise samples would share three bands
    expect(new Set(fixed.subarray(0, n)).size).toBe(3);
  });

  it('gives a hub selection equal-count bands where its pool means crowd', () => {
    const r = new Prng(5);
    const b = new MeasurementBatchBuilder();
    const models = Array.from({ length: 16 }, (_, j) => `m${j}`);
    const poolMean = new Float64Array(200);
    for (let s = 0; s < 200; s++) {
      b.sample(`q${s}`, 'bench');
      for (const m of models) {
        // a weighted preference for m over the reference (AlpacaEval's p_a), mostly for m
        const pa = Math.min(1, 0.7 + (0.25 * s) / 200 + 0.1 * r.normal());
        poolMean[s] += pa / models.length;
        b.addPairwise(`q${s}`, m, 'ref', pa >= 0.5 ? 'a' : 'b', pa);
      }
    }
    const batch = b.build();
    const ctx = planningContext(batch, 'newcomer', Float64Array.from(batch.modelNames, (_, m) => m / 8));
    const largest = (bands: Int32Array) => Math.max(...Array.from({ length: N_BANDS }, (_, k) => bands.filter((x) => x === k).length));
    const fixed = difficultyBands(poolMean);
    expect(largest(ctx.design.band)).toBeLessThan(largest(fixed) / 2);
    // and its traits' τ estimated to convergence, not in one step
    expect(ctx.design.prior?.steps).toBeGreaterThan(1);
  });
});

describe('τ by EM to convergence', () => {
  // few samples per band, so one pool model's band deviations are known only roughly: the
  // first moment step, from τ = 1, keeps much of that 1 in their posterior variance
  const n = 120;
  const rp = new Prng(9);
  const small: SampleParameters = {
    alpha: Float64Array.from({ length: n }, () => rp.normal()),
    beta: Float64Array.from({ length: n }, () => 0.8 + 0.8 * rp.next()),
    center: 0,
    nPool: new Int32Array(n).fill(N_MODELS),
    hyper: { muAlpha: 0, sdAlpha: 1, muBeta: 1.2, sdBeta: 0.3 },
  };
  const bands = Int32Array.from({ length: n }, (_, s) => 2 + (s % 8));
  const design = traitDesign(bands, new Int32Array(n), 1, Uint8Array.from({ length: n }, (_, s) => Math.floor(s / 8) % 3), { mean: 0, sd: 1 });
  const TRUE_SD = 0.2;
  const pool: PoolOutcomes[] = Array.from({ length: N_MODELS }, (_, j) => {
    const score = -1.5 + (3 * j) / (N_MODELS - 1);
    const deviation = Array.from({ length: N_BANDS }, () => TRUE_SD * rp.normal());
    const y = Float64Array.from({ length: n }, (_, s) => (rp.next() < 1 / (1 + Math.exp(-(small.alpha[s] + small.beta[s] * score + deviation[bands[s]]))) ? 1 : 0));
    return { samples: Int32Array.from({ length: n }, (_, s) => s), y, score };
  });

  it("shrinks an overstated τ towards the pool's actual spread, and stops", () => {
    const first = poolTraitPrior(small, design, pool);
    const converged = convergedTraitPrior(small, design, pool);
    expect(converged.tau.band).toBeLessThan(first.tau.band - 0.1);
    expect(Math.abs(converged.tau.band - TRUE_SD)).toBeLessThan(Math.abs(first.tau.band - TRUE_SD));
    expect(converged.steps).toBeGreaterThan(1);
    expect(converged.steps).toBeLessThanOrEqual(MAX_EM_STEPS);
    // deterministic: the same pool gives the same prior
    expect(convergedTraitPrior(small, design, pool).tau).toEqual(converged.tau);
  });
});
