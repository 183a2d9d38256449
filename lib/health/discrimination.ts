/**
 * Discrimination of each sample: the item–rest correlation of classical test theory (Lord 1980,
 * ch. 2), with θ_m the models' ability — one per model, or with `bench` one per (benchmark, model)
 * at index bench[s]·nModels + m (the abilities of ./item-fit.ts):
 *   r_s = corr_m(θ_m, g_{s,m})   over the models measured on s (Pearson; point-biserial for 0/1 g),
 *   z_s = atanh(r_s) · √(n_s − 3)   (Fisher 1915; ≈ N(0, 1) when θ and g are unrelated).
 * A healthy item has r > 0 (strong models succeed more often). Strongly negative z — strong models
 * fail where weak ones succeed — is the signature of a wrong reference answer.
 */
import type { Outcomes } from "./outcomes";

/** Fewer models measured on a sample than this and its correlation is not computed. */
export const MIN_MODELS = 8;

export interface Discrimination {
  r: Float64Array;
  z: Float64Array;
  n: Int32Array;
}

export function discrimination(o: Outcomes, theta: Float64Array, bench?: Int32Array): Discrimination {
  const r = new Float64Array(o.nSamples).fill(NaN);
  const z = new Float64Array(o.nSamples).fill(NaN);
  const n = new Int32Array(o.nSamples);
  for (let s = 0; s < o.nSamples; s++) {
    const base = bench ? bench[s] * o.nModels : 0;
    let k = 0;
    let sx = 0;
    let sy = 0;
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
      const t = theta[base + o.model[q]];
      if (!Number.isFinite(t)) continue;
      k++;
      sx += t;
      sy += o.value[q];
    }
    n[s] = k;
    if (k < MIN_MODELS) continue;
    const mx = sx / k;
    const my = sy / k;
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
      const t = theta[base + o.model[q]];
      if (!Number.isFinite(t)) continue;
      const dx = t - mx;
      const dy = o.value[q] - my;
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
    if (sxx <= 0 || syy <= 1e-12) continue;
    const rs = Math.max(-0.999999, Math.min(0.999999, sxy / Math.sqrt(sxx * syy)));
    r[s] = rs;
    z[s] = Math.atanh(rs) * Math.sqrt(k - 3);
  }
  return { r, z, n };
}
