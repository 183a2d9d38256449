import { describe, expect, it } from 'vitest';
import { buildChoices } from './choices';
import { fitPlackettLuce } from './plackett-luce';
import { kendallTauB } from './kendall';
import { rank } from './leaderboard';
import { simulatePlackettLuce } from './simulate';
import { Z95 } from './intervals';

describe('recovery of a known Plackett-Luce model', () => {
  it('full rankings: tau ≥ 0.95 against the true strengths with enough samples', () => {
    const { batch, theta } = simulatePlackettLuce({ nModels: 30, nSamples: 3000, seed: 3, scoreGroup: 10 });
    const fit = fitPlackettLuce(buildChoices(batch), { baseline: 0 });
    expect(fit.converged).toBe(true);
    expect(kendallTauB(fit.scores, theta)).toBeGreaterThanOrEqual(0.95);
    // and the scale is right, not only the order: θ_i − θ_0 within 0.15
    for (let m = 0; m < 30; m++) expect(Math.abs(fit.scores[m] - (theta[m] - theta[0]))).toBeLessThan(0.15);
  });

  it('mixed kinds (scores, unit tests, pairwise with and without p_a, rankings) also recover the order', () => {
    const { batch, theta } = simulatePlackettLuce({
      nModels: 20,
      nSamples: 1500,
      seed: 4,
      scoreGroup: 6,
      unitTestGroup: 5,
      pairwise: 3,
      rankings: 1,
      rankingSize: 4,
    });
    const r = rank('plackett-luce', batch, { baseline: 'model-000' });
    const scores = batch.modelNames.map((n) => r.models.find((m) => m.model === n)!.score!);
    expect(kendallTauB(scores, theta)).toBeGreaterThanOrEqual(0.95);
  });

  it('too few samples recover less (the recovery test can fail)', () => {
    const { batch, theta } = simulatePlackettLuce({ nModels: 30, nSamples: 6, seed: 3, scoreGroup: 10 });
    const r = rank('plackett-luce', batch, { baseline: 'model-000' });
    const scores = batch.modelNames.map((n) => r.models.find((m) => m.model === n)!.score ?? NaN);
    expect(kendallTauB(scores, theta)).toBeLessThan(0.95);
  });
});

describe('analytic intervals', () => {
  it('cover the true differences θ_i − θ_baseline about 95% of the time', () => {
    let covered = 0;
    let total = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const { batch, theta } = simulatePlackettLuce({ nModels: 12, nSamples: 150, seed: 100 + seed, scoreGroup: 6 });
      const fit = fitPlackettLuce(buildChoices(batch), { baseline: 0 });
      for (let m = 1; m < 12; m++) {
        const half = Z95 * Math.sqrt(fit.variance[m]);
        const truth = theta[m] - theta[0];
        if (Math.abs(fit.scores[m] - truth) <= half) covered++;
        total++;
      }
    }
    const rate = covered / total;
    expect(rate).toBeGreaterThan(0.88);
    expect(rate).toBeLessThan(0.995);
  });

  it('match the spread of the estimates across simulations', () => {
    const estimates: number[] = [];
    const ses: number[] = [];
    const theta = Float64Array.from({ length: 6 }, (_, i) => i / 3);
    for (let seed = 1; seed <= 60; seed++) {
      const { batch } = simulatePlackettLuce({ nModels: 6, nSamples: 80, seed, theta, scoreGroup: 4 });
      const fit = fitPlackettLuce(buildChoices(batch), { baseline: 0 });
      estimates.push(fit.scores[5]);
      ses.push(Math.sqrt(fit.variance[5]));
    }
    const mean = estimates.reduce((s, x) => s + x, 0) / estimates.length;
    const sd = Math.sqrt(estimates.reduce((s, x) => s + (x - mean) ** 2, 0) / (estimates.length - 1));
    const meanSe = ses.reduce((s, x) => s + x, 0) / ses.length;
    expect(Math.abs(mean - 5 / 3)).toBeLessThan(3 * (sd / Math.sqrt(60)) + 0.05);
    expect(meanSe / sd).toBeGreaterThan(0.75);
    expect(meanSe / sd).toBeLessThan(1.33);
  });
});
