/**
 * Difficulty and discrimination of every sample, calibrated on the other models' fitted
 * Plackett-Luce scores (a two-parameter logistic item model, Birnbaum 1968; Lord 1980, ch. 4):
 *
 *   P_s(θ) = σ(α_s + β_s (θ − θ̄)),    y_js ~ P_s(θ_j)   (quasi-binomial for graded y ∈ [0, 1])
 *
 * with θ_j the pool's scores (./outcomes.ts gives y), θ̄ their mean, β_s the discrimination and
 * −α_s/β_s + θ̄ the difficulty (the strength at which P = ½). One sample has only as many
 * observations as models (15–60), and many are separable (every model right, or the strong ones
 * right and the weak wrong), so each (α_s, β_s) is the posterior mode under normal priors
 * N(μ_α, τ_α²), N(μ_β, τ_β²) whose moments are estimated from all samples of the selection
 * (empirical Bayes, Laplace / EM moment updates, Bock & Aitkin 1981):
 *
 *   μ ← mean_s m_s,   τ² ← mean_s [(m_s − μ)² + v_s]    (m_s, v_s: mode and Laplace variance)
 *
 * two rounds (three Newton steps each, on every k-th sample: at most 2,000) from μ_α = logit(ȳ),
 * τ_α = 2, μ_β = 1, τ_β = 1, then a final fit of every sample to |Δ| < 1e-5. Each mode is a 2-D Newton
 * iteration on a strictly concave objective (warm-started across rounds). A sample without
 * pool outcomes keeps the prior means: an average sample.
 */
import type { SampleOutcomes } from '../ranking/outcomes';

export interface SampleParameters {
  /** intercept at θ = center */
  alpha: Float64Array;
  /** discrimination */
  beta: Float64Array;
  /** θ̄: the pool's mean score */
  center: number;
  /** pool models with an outcome on each sample */
  nPool: Int32Array;
  hyper: { muAlpha: number; sdAlpha: number; muBeta: number; sdBeta: number };
}

const EB_ROUNDS = 2;
const NEWTON_TOL = 1e-5;
const NEWTON_MAX = 30;
/** Newton steps per sample in the hyperparameter rounds (warm-started; only the final fit converges fully) */
const ROUND_STEPS = 3;
/** samples (every k-th) the hyperparameter rounds use */
const EB_SAMPLES = 2000;
const MAX_STEP = 2;
const MIN_SD = 0.05;

/** The pool's outcomes, CSR by sample: x = θ_j − θ̄ and y of every pool model j on s. */
interface PoolData {
  offsets: Int32Array;
  x: Float64Array;
  y: Float64Array;
}

/** `scores[m]`: the pool's scores (NaN = not in the pool); `exclude`: the model being placed. */
export function calibrateSamples(o: SampleOutcomes, scores: Float64Array, exclude = -1): SampleParameters {
  const inPool = (m: number) => m !== exclude && Number.isFinite(scores[m]);
  let sum = 0;
  let n = 0;
  for (let m = 0; m < scores.length; m++) {
    if (!inPool(m)) continue;
    sum += scores[m];
    n++;
  }
  const center = n > 0 ? sum / n : 0;
  const data = poolData(o, scores, center, inPool);
  const nPool = new Int32Array(o.nSamples);
  let fitted = 0;
  for (let s = 0; s < o.nSamples; s++) {
    nPool[s] = data.offsets[s + 1] - data.offsets[s];
    if (nPool[s] > 0) fitted++;
  }
  let yBar = 0.5;
  if (data.y.length > 0) yBar = Math.min(0.99, Math.max(0.01, data.y.reduce((a, b) => a + b, 0) / data.y.length));
  const hyper = { muAlpha: Math.log(yBar / (1 - yBar)), sdAlpha: 2, muBeta: 1, sdBeta: 1 };
  const alpha = new Float64Array(o.nSamples).fill(hyper.muAlpha);
  const beta = new Float64Array(o.nSamples).fill(hyper.muBeta);
  const varA = new Float64Array(o.nSamples);
  const varB = new Float64Array(o.nSamples);
  // The hyperparameters are population moments: every k-th sample estimates them as well.
  const stride = Math.max(1, Math.ceil(fitted / EB_SAMPLES));
  const subset = Int32Array.from({ length: o.nSamples }, (_, s) => s).filter((s) => nPool[s] > 0 && s % stride === 0);
  for (let round = 0; round < EB_ROUNDS && subset.length > 0; round++) {
    for (const s of subset) fitSample(data, s, hyper, alpha, beta, varA, varB, ROUND_STEPS);
    const moments = (m: Float64Array, v: Float64Array) => {
      let mu = 0;
      for (const s of subset) mu += m[s];
      mu /= subset.length;
      let t2 = 0;
      for (const s of subset) t2 += (m[s] - mu) ** 2 + v[s];
      return { mu, sd: Math.max(MIN_SD, Math.sqrt(t2 / subset.length)) };
    };
    const a = moments(alpha, varA);
    const b = moments(beta, varB);
    hyper.muAlpha = a.mu;
    hyper.sdAlpha = a.sd;
    hyper.muBeta = b.mu;
    hyper.sdBeta = b.sd;
  }
  for (let s = 0; s < o.nSamples; s++) {
    if (nPool[s] > 0) fitSample(data, s, hyper, alpha, beta, varA, varB, NEWTON_MAX);
    else {
      alpha[s] = hyper.muAlpha;
      beta[s] = hyper.muBeta;
    }
  }
  return { alpha, beta, center, nPool, hyper };
}

function poolData(o: SampleOutcomes, scores: Float64Array, center: number, inPool: (m: number) => boolean): PoolData {
  const offsets = new Int32Array(o.nSamples + 1);
  const x = new Float64Array(o.model.length);
  const y = new Float64Array(o.model.length);
  let n = 0;
  for (let s = 0; s < o.nSamples; s++) {
    for (let k = o.offsets[s]; k < o.offsets[s + 1]; k++) {
      const m = o.model[k];
      if (!inPool(m)) continue;
      x[n] = scores[m] - center;
      y[n++] = o.y[k];
    }
    offsets[s + 1] = n;
  }
  return { offsets, x: x.subarray(0, n), y: y.subarray(0, n) };
}

/**
 * Posterior mode of (α_s, β_s) by Newton: with P_j = σ(α + β x_j), w_j = P_j (1 − P_j),
 *   g = [Σ (y_j − P_j) − (α − μ_α)/τ_α²,  Σ (y_j − P_j) x_j − (β − μ_β)/τ_β²]
 *   H = [[Σ w_j + 1/τ_α², Σ w_j x_j], [Σ w_j x_j, Σ w_j x_j² + 1/τ_β²]],  (α, β) += H⁻¹ g
 * (warm-started from the previous round) and the Laplace variances (H⁻¹)_αα, (H⁻¹)_ββ at the mode.
 */
function fitSample(
  d: PoolData,
  s: number,
  h: SampleParameters['hyper'],
  alpha: Float64Array,
  beta: Float64Array,
  varA: Float64Array,
  varB: Float64Array,
  steps: number,
): void {
  const pa = 1 / (h.sdAlpha * h.sdAlpha);
  const pb = 1 / (h.sdBeta * h.sdBeta);
  const lo = d.offsets[s];
  const hi = d.offsets[s + 1];
  let a = alpha[s];
  let b = beta[s];
  let h11 = pa;
  let h12 = 0;
  let h22 = pb;
  for (let it = 0; it < steps; it++) {
    let g1 = -(a - h.muAlpha) * pa;
    let g2 = -(b - h.muBeta) * pb;
    h11 = pa;
    h12 = 0;
    h22 = pb;
    for (let k = lo; k < hi; k++) {
      const x = d.x[k];
      const p = 1 / (1 + Math.exp(-(a + b * x)));
      const w = p * (1 - p);
      const r = d.y[k] - p;
      g1 += r;
      g2 += r * x;
      h11 += w;
      h12 += w * x;
      h22 += w * x * x;
    }
    const det = h11 * h22 - h12 * h12;
    let da = (h22 * g1 - h12 * g2) / det;
    let db = (h11 * g2 - h12 * g1) / det;
    const big = Math.max(Math.abs(da), Math.abs(db));
    if (big > MAX_STEP) {
      da *= MAX_STEP / big;
      db *= MAX_STEP / big;
    }
    a += da;
    b += db;
    if (big < NEWTON_TOL) break;
  }
  const det = h11 * h22 - h12 * h12;
  alpha[s] = a;
  beta[s] = b;
  varA[s] = h22 / det;
  varB[s] = h11 / det;
}
