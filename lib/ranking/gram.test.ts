import { describe, expect, it } from 'vitest';
import { GramAccumulator } from './gram';
import { Prng } from './prng';

describe('GramAccumulator', () => {
  it('equals Σ v vᵀ written out, for dense (blocked) and sparse vectors mixed, across block flushes', () => {
    for (const nf of [1, 7, 13]) {
      const rng = new Prng(nf);
      const gram = new GramAccumulator(nf);
      const want = new Float64Array(nf * nf);
      for (let s = 0; s < 150; s++) {
        const density = s % 3 === 0 ? 0.2 : 0.9;
        const v = Float64Array.from({ length: nf }, () => (rng.next() < density ? rng.normal() : 0));
        const nz = Int32Array.from(v.keys()).filter((a) => v[a] !== 0);
        gram.add(v, nz, nz.length);
        for (let a = 0; a < nf; a++) for (let b = 0; b < nf; b++) want[a * nf + b] += v[a] * v[b];
      }
      const got = gram.result();
      want.forEach((x, k) => expect(got[k]).toBeCloseTo(x, 10));
    }
  });
});
