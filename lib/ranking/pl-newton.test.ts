import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { buildChoices } from './choices';
import { DEFAULT_MAX_ITERATIONS, fitPlackettLuce } from './plackett-luce';
import { NOISE_STEP } from './pl-newton';
import { Prng } from './prng';

/** 40 models on 3,000 samples (8 a sample, 0/1 outcomes), and three newcomers tied on sample 0 only. */
function pool() {
  const rng = new Prng(11);
  const theta = Array.from({ length: 40 }, () => rng.normal());
  const b = new MeasurementBatchBuilder();
  for (let s = 0; s < 3000; s++) {
    for (let k = 0; k < 8; k++) {
      const m = (7 * s + 5 * k) % 40;
      b.addScore(`s${s}`, `model-${m}`, 'acc', theta[m] + rng.normal() > 0 ? 1 : 0);
    }
    if (s === 0) for (const name of ['new-a', 'new-b', 'new-c']) b.addScore(`s${s}`, name, 'acc', 1);
  }
  return buildChoices(b.build());
}

describe('Newton at the rounding noise of the gradient', () => {
  const c = pool();
  for (const prior of [0.1, 0]) {
    it(`stops once a fresh step under ${NOISE_STEP} no longer contracts, at the optimum (prior ${prior})`, () => {
      const fit = fitPlackettLuce(c, { baseline: 0, prior });
      // A tolerance no float64 sum reaches: without the noise rule Newton runs to its cap.
      const strict = fitPlackettLuce(c, { baseline: 0, prior, tol: 1e-18 });
      expect(strict.converged).toBe(true);
      expect(strict.iterations).toBeLessThan(fit.iterations + 4);
      expect(strict.iterations).toBeLessThan(DEFAULT_MAX_ITERATIONS);
      expect(strict.lastStep).toBeLessThan(NOISE_STEP);
      for (let m = 0; m < c.nModels; m++) if (fit.active[m]) expect(Math.abs(strict.scores[m] - fit.scores[m])).toBeLessThan(1e-8);
      // ...and from the optimum itself, at once (a warm start of an unchanged version).
      const again = fitPlackettLuce(c, { baseline: 0, prior, start: fit.theta, tol: 1e-18 });
      expect(again.passes.information).toBeLessThanOrEqual(2);
      expect(again.converged).toBe(true);
    });
  }
});
