/**
 * Cluster-robust ("sandwich") covariance of the Plackett-Luce / Bradley-Terry MLE or MAP,
 * clustered by sample (Huber 1967; White 1982; Liang & Zeger 1986, Biometrika 73(1); for
 * composite likelihoods such as rank breaking, Varin, Reid & Firth 2011, Statist. Sinica 21):
 *
 *   V = c · H⁻¹ B H⁻¹,   B = Σ_s (g_s − ḡ)(g_s − ḡ)ᵀ,   c = S / (S − 1)
 *   g_s = Σ_{e ∈ s} ∇ℓ_e(θ̂), the score of sample s's choice events (./sample-scores.ts)
 *
 * over the free parameters f (./plackett-luce.ts), at the fitted θ; H = J_ff is the observed
 * information of the penalised objective (the prior enters H only: it is a fixed penalty, not
 * a sampled quantity), S the number of samples with at least one event. Under the MLE
 * ḡ = Σ_s g_s / S is 0 at the optimum; under the MAP it is the prior's pull divided by S,
 * which is no sampling fluctuation and so is centred away.
 *
 * Why: the model-based H⁻¹ treats every choice event as independent. The events of one sample
 * (an MMLU-Pro question) share its difficulty, and tied tiers make several events out of one
 * observation. Measured on MMLU-Pro (baseline Meta-Llama-3-70B, prior 0.1, bootstrap over
 * samples with 400 resamples), analytic / bootstrap 95% width over the 30 other models:
 *
 *                     model-based               sandwich
 *   Plackett-Luce     0.52 (0.41-0.63)          0.99 (0.92-1.05)
 *   Bradley-Terry     0.29 (0.25-0.38)          1.05 (0.90-1.17)   (200 resamples)
 *
 * Bradley-Terry is worse off because rank breaking turns one ranking into many dependent
 * pairs (a composite likelihood): even on exact PL rankings its sandwich is ~1.5x the
 * model-based width (./cluster-robust.test.ts). The sandwich estimates Var(Σ_s g_s) from the
 * samples themselves, as the bootstrap does, at the cost of one pass over the events.
 * Analytic intervals use it by default (./choice-model.ts, policy in `analyticVariance` below;
 * `analyticVariance: 'model-based'` in RankOptions keeps H⁻¹).
 *
 * Cost: one pass over the events for the scores g_s (./sample-scores.ts), their Gram matrix
 * B (./gram.ts; O(Σ_s k_s²) for k_s models seen in sample s), and two nf³ products for V.
 * Measured (`npm run bench:ranking`, a busy 2-core machine): MMLU-Pro (31 models, 11,271
 * samples with events) 11 ms CPU, about three gradient passes; the generated pool of 100,000
 * samples x 200 models 1.7 s, against 3.2 s for its fit.
 */
import type { ChoiceEvents } from './choices';
import { contrastVariances, type PLFit } from './plackett-luce';
import type { AnalyticVariance } from './leaderboard-types';
import { GramAccumulator } from './gram';
import { btSampleScores, plSampleScores, sampleScoreScratch } from './sample-scores';

export type ChoiceModelKind = 'plackett-luce' | 'bradley-terry';
/** below this many samples with events the sandwich is undefined and the model-based variance is used */
export const MIN_CLUSTERS = 2;

export interface ClusterRobust {
  /** Var(θ_i − θ_baseline) from the sandwich; NaN where not fitted */
  variance: Float64Array;
  /** samples with at least one event counted (S) */
  clusters: number;
}

/**
 * The sandwich variance of a fit made with `variance` on. `c` holds the original choice events
 * with their samples (for Bradley-Terry: before breaking into pairs); `fit` is the fit on them
 * (or on their pairs), whose `information` is H.
 */
export function clusterRobustVariance(c: ChoiceEvents, fit: PLFit, kind: ChoiceModelKind, baseline: number): ClusterRobust {
  const n = c.nModels;
  const cov = fit.covariance;
  if (!cov) throw new Error('clusterRobustVariance: the fit has no covariance (fit with variance on)');
  const { meat, clusters } = clusterMeat(c, fit.theta, fit.free, kind);
  const nf = fit.free.length;
  const bi = fit.free.indexOf(baseline);
  const v = sandwich(cov, meat, nf, clusters > 1 ? clusters / (clusters - 1) : NaN, bi);
  return { variance: contrastVariances(v, fit.free, baseline, n), clusters };
}

/**
 * The variance behind the analytic intervals. 'cluster-robust' (the default) is, per model,
 * max(sandwich, model-based); with fewer than MIN_CLUSTERS = 2 samples carrying events the
 * sandwich is undefined (c = S/(S − 1)) and the model-based variance is used, with a `reason`.
 *
 * Why the max rather than the sandwich alone with a floor of ~10 samples, measured (coverage
 * of nominal 95% intervals, 8 models, MAP prior 0.1, 200 replications per cell; generators as
 * in ./cluster-robust.test.ts: "independent" = one Plackett-Luce ranking per sample; "shared"
 * = per-sample difficulty d ~ N(0, 2²) plus ±u, u ~ N(0, 1), on alternate models, shared by
 * three 0/1 criteria; columns model-based / sandwich / max):
 *
 *   samples S     independent            shared per-sample effects
 *   3             0.934  0.841  0.959    0.870  0.594  0.910
 *   5             0.939  0.926  0.959    0.823  0.790  0.903
 *   10            0.954  0.954  0.972    0.789  0.889  0.908
 *   20            0.950  0.951  0.961    0.791  0.924  0.928
 *   50            0.951  0.953  0.961    0.811  0.944  0.944
 *   200           0.936  0.934  0.936    0.829  0.959  0.959
 *   1000          0.951  0.953  0.954    0.806  0.945  0.945
 *
 * A per-model sandwich variance rests on S terms, so with few samples it is noisy and biased
 * low and alone under-covers (0.79-0.89 at S = 5-10); falling back to the model-based variance
 * there would be no better under shared effects (0.79-0.82). The max is never below either,
 * is the best column at every S, and costs little width on independent data (median widening
 * 1.18x at S = 5, 1.04x at 20, 1.00x at 1000); where samples are plentiful it is the sandwich
 * (on MMLU-Pro sandwich / model-based width is 1.56-2.39, so the max is the sandwich for every
 * model). It also guards a model seen on only a few samples of a large batch, whose own
 * sandwich variance rests on those few.
 */
export function analyticVariance(
  c: ChoiceEvents,
  fit: PLFit,
  kind: ChoiceModelKind,
  baseline: number,
  want: AnalyticVariance = 'cluster-robust',
): { variance: Float64Array; method: AnalyticVariance; reason?: string } {
  if (want === 'model-based' || !fit.covariance) return { variance: fit.variance, method: 'model-based' };
  const robust = clusterRobustVariance(c, fit, kind, baseline);
  if (robust.clusters < MIN_CLUSTERS) {
    return {
      variance: fit.variance,
      method: 'model-based',
      reason: `choice events from ${robust.clusters} sample(s): a variance clustered by sample needs at least ${MIN_CLUSTERS}, so the intervals assume independent choice events and may be too narrow`,
    };
  }
  const variance = robust.variance.map((v, m) => Math.max(v, fit.variance[m]));
  return { variance, method: 'cluster-robust' };
}

/**
 * c · A M A for symmetric nf x nf A and M, the entries contrastVariances reads only: the
 * diagonal and, for a free baseline (index bi ≥ 0), its column (the rest is left 0). Each
 * entry is the sum, in the same order, that the full product would hold.
 */
function sandwich(a: Float64Array, m: Float64Array, nf: number, c: number, bi: number): Float64Array {
  const am = new Float64Array(nf * nf);
  for (let i = 0; i < nf; i++) {
    for (let k = 0; k < nf; k++) {
      const x = a[i * nf + k];
      if (x === 0) continue;
      for (let j = 0; j < nf; j++) am[i * nf + j] += x * m[k * nf + j];
    }
  }
  const v = new Float64Array(nf * nf);
  const entry = (i: number, j: number) => {
    let t = 0;
    for (let k = 0; k < nf; k++) t += am[i * nf + k] * a[k * nf + j];
    v[i * nf + j] = t * c;
  };
  for (let i = 0; i < nf; i++) {
    entry(i, i);
    if (bi >= 0 && i !== bi) entry(i, bi);
  }
  return v;
}

/** B = Σ_s (g_s − ḡ)(g_s − ḡ)ᵀ over the free parameters, and S. */
export function clusterMeat(c: ChoiceEvents, theta: Float64Array, free: Int32Array, kind: ChoiceModelKind): { meat: Float64Array; clusters: number } {
  const n = c.nModels;
  const nf = free.length;
  const freeIndex = new Int32Array(n).fill(-1);
  free.forEach((m, a) => (freeIndex[m] = a));
  // γ relative to the largest fitted θ; inactive models (θ NaN) get γ = 0 as in the fit.
  let shift = -Infinity;
  for (let m = 0; m < n; m++) if (theta[m] > shift) shift = theta[m];
  const gamma = new Float64Array(n);
  for (let m = 0; m < n; m++) gamma[m] = Number.isFinite(theta[m]) ? Math.exp(theta[m] - shift) : 0;

  const scores = kind === 'plackett-luce' ? plSampleScores(c, gamma, sampleScoreScratch(c)) : btSampleScores(c, gamma);
  const gram = new GramAccumulator(nf);
  const sum = new Float64Array(nf);
  const g = new Float64Array(n);
  const gf = new Float64Array(nf);
  const nz = new Int32Array(nf);
  const touched = new Int32Array(n);
  let clusters = 0;
  for (let s = 0; s < c.nSamples; s++) {
    const written = scores(s, g, touched);
    if (!written) continue;
    clusters++;
    // The models the sample's score wrote, as free parameters; ascending (the Gram's upper
    // triangle) where the Gram takes them as pairs, not as a dense vector (2k > nf).
    let k = 0;
    for (let t = 0; t < written; t++) {
      const m = touched[t];
      const v = g[m];
      g[m] = 0;
      const a = freeIndex[m];
      if (v === 0 || a < 0) continue;
      gf[a] = v;
      nz[k++] = a;
    }
    if (2 * k <= nf) {
      for (let q = 1; q < k; q++) {
        const a = nz[q];
        let p = q;
        while (p > 0 && nz[p - 1] > a) {
          nz[p] = nz[p - 1];
          p--;
        }
        nz[p] = a;
      }
    }
    for (let p = 0; p < k; p++) sum[nz[p]] += gf[nz[p]];
    gram.add(gf, nz, k);
    for (let p = 0; p < k; p++) gf[nz[p]] = 0;
  }
  const meat = gram.result();
  if (clusters > 0) for (let i = 0; i < nf; i++) for (let j = 0; j < nf; j++) meat[i * nf + j] -= (sum[i] * sum[j]) / clusters;
  return { meat, clusters };
}
