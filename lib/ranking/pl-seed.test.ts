import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { buildChoices } from './choices';
import { rank } from './leaderboard';
import { samplesPerModel, samplesWithData, type MeasurementBatch } from './measurements';
import { fitPlackettLuce } from './plackett-luce';
import { modelsToSeed, seedModels } from './pl-seed';
import { Prng } from './prng';

const MODELS = 10;
const SAMPLES = 300;

/**
 * Ten models measured on 300 samples (six a sample, values θ + noise), a light model `rare` on
 * three of them and, with `upload`, what a small upload brings: a newcomer on sample 0 and a new
 * best result of `rare` on sample 1.
 */
function pool(upload: boolean): MeasurementBatch {
  const rng = new Prng(7);
  const theta = Array.from({ length: MODELS }, () => rng.normal());
  const b = new MeasurementBatchBuilder();
  for (let s = 0; s < SAMPLES; s++) {
    for (let k = 0; k < 6; k++) {
      const m = (s + 3 * k) % MODELS;
      b.addScore(`s${s}`, `model-${m}`, 'acc', theta[m] + rng.normal());
    }
    if (s < 3) b.addScore(`s${s}`, 'rare', 'acc', s === 1 && upload ? 10 : -10);
    if (s === 0 && upload) b.addScore(`s${s}`, 'newcomer', 'acc', 10);
  }
  return b.build();
}

const before = pool(false);
const after = pool(true);

describe('seeding a warm start', () => {
  it('picks the models without a start and the light ones, never the fixed one, and none when all would be', () => {
    const start = Float64Array.from([0, NaN, 0, 0]);
    const active = Uint8Array.from([1, 1, 1, 1]);
    const perModel = Int32Array.from([100, 100, 1, 100]);
    expect(modelsToSeed(start, active, -1)).toEqual([1]);
    expect(modelsToSeed(start, active, -1, { perModel, nSamples: 100 })).toEqual([1, 2]);
    expect(modelsToSeed(start, active, 2, { perModel, nSamples: 100 })).toEqual([1]);
    expect(modelsToSeed(start, Uint8Array.from([1, 0, 1, 1]), -1, { perModel, nSamples: 100 })).toEqual([2]);
    expect(modelsToSeed(Float64Array.from([NaN, NaN]), Uint8Array.from([1, 1]), -1)).toEqual([]);
  });

  for (const prior of [0.1, 0]) {
    it(`after an upload that moves a newcomer and a light model, the warm fit reaches the cold fit's optimum in fewer passes (prior ${prior})`, () => {
      const baseline = 0;
      const old = rank('plackett-luce', before, { baseline: 'model-0', prior });
      const c = buildChoices(after);
      const start = Float64Array.from(after.modelNames, (name) => old.theta!.get(name) ?? NaN);
      const cold = fitPlackettLuce(c, { baseline, prior });
      const seed = modelsToSeed(start, cold.active, prior > 0 ? -1 : baseline, { perModel: samplesPerModel(after), nSamples: samplesWithData(after).length });
      // Under the MLE the newcomer, which only wins, is not estimable: it is not fitted at all.
      expect(seed.map((m) => after.modelNames[m]).sort()).toEqual(prior > 0 ? ['newcomer', 'rare'] : ['rare']);
      const seeded = fitPlackettLuce(c, { baseline, prior, start, seed });
      const unseeded = fitPlackettLuce(c, { baseline, prior, start, seed: [] });
      expect(seeded.converged).toBe(true);
      expect(seeded.passes.information).toBeLessThanOrEqual(2);
      expect(unseeded.passes.information).toBeGreaterThan(seeded.passes.information);
      for (let m = 0; m < after.nModels; m++) {
        if (!cold.active[m]) continue;
        expect(seeded.scores[m]).toBeCloseTo(cold.scores[m], 9);
        // intervals from the information within 1e-3 of the optimum: equal to 0.1%
        expect(Math.abs(Math.sqrt(seeded.variance[m]) - Math.sqrt(cold.variance[m]))).toBeLessThanOrEqual(1e-3 * Math.sqrt(cold.variance[m]));
      }
    });
  }

  it('under a prior, moves the held models by their common level with the seeded ones', () => {
    const prior = 0.1;
    const old = rank('plackett-luce', before, { baseline: 'model-0', prior });
    const c = buildChoices(after);
    const cold = fitPlackettLuce(c, { baseline: 0, prior });
    const theta = Float64Array.from(after.modelNames, (name) => old.theta!.get(name) ?? 0);
    const seed = [after.modelNames.indexOf('newcomer'), after.modelNames.indexOf('rare')];
    expect(seedModels(c, theta, seed, c.weight, prior, cold.active)).toBe(true);
    // every coordinate, the held ones included, is then next to the optimum
    for (let m = 0; m < after.nModels; m++) expect(Math.abs(theta[m] - cold.theta[m])).toBeLessThan(0.05);
  });

  it('the whole leaderboard with a warm start answers as a cold one', () => {
    const old = rank('plackett-luce', before, { baseline: 'model-0' });
    const cold = rank('plackett-luce', after, { baseline: 'model-0' });
    const warm = rank('plackett-luce', after, { baseline: 'model-0', warmStart: old.theta });
    expect(warm.models.map((r) => r.model)).toEqual(cold.models.map((r) => r.model));
    warm.models.forEach((r, i) => {
      expect(r.score!).toBeCloseTo(cold.models[i].score!, 9);
      const width = cold.models[i].ci![1] - cold.models[i].ci![0];
      expect(Math.abs(r.ci![1] - r.ci![0] - width)).toBeLessThanOrEqual(1e-3 * width);
    });
  });
});
