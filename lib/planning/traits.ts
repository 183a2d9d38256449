/**
 * How the placed model does on each sample: the calibrated sample curve (./calibrate.ts) moved
 * by the model's own traits φ = (a, δ_1..δ_B, c_1..c_K, ε_1..ε_T):
 *
 *   logit P_s = α_s + β_s (a − θ̄) + δ_{b(s)} + c_{k(s)} + ε_{t(s)} = α_s + x_sᵀφ − β_s θ̄
 *   x_s = (β_s, e_{b(s)}, e_{k(s)}, e_{t(s)}),  y_s ~ P_s  (quasi-binomial for graded y)
 *
 * a is its strength on the pool's scale; δ_b its deviation on samples of difficulty band b
 * (the pool's mean outcome on s: exactly 0, ten deciles between, exactly 1), e.g. a model that
 * slips on questions every other model gets right; c_k its deviation on stratum k (benchmark +
 * first tag), e.g. a model strong at law. Why: the leaderboard's Plackett-Luce score weighs
 * such traits heavily (failing a question the whole pool gets right loses to every model at
 * once), so a projection that knew only a would misplace such models (measured on MMLU-Pro:
 * DeepSeek-V2-Chat, mean accuracy of rank 7, fails 9% of the questions the pool all gets right
 * and ranks 10th). ε_t is its deviation on discrimination tier t (terciles of β_s,
 * ./context.ts): a model placed from the pool's curves meets β_s as estimated, and where the
 * estimate is off for it (a model outside the pool's range, or one that answers the questions
 * that sort the pool unlike the pool) the error is shared by a tier. Why: without it the plan,
 * free to choose tiers (./cells.ts), measured mostly one tier and carried what it learnt to the
 * others as if exact; with it every tier's deviation is a term of the projection's error, so the
 * criterion itself measures each tier (bench:plan, ./README.md).
 *
 * Priors (the pool is the population): a ~ N(θ̄, (2 sd_pool)²), and each trait j (a δ_b, c_k
 * or ε_t) ~ N(0, τ²) with τ per kind, τ² the pool models' own mean squared traits, except on a
 * selection with a pairwise hub (./context.ts), where it is N(μ_j + b_j (t − θ̄_pop), τ²): μ_j and b_j the pool models' own
 * trait j regressed on their scores, t the placed model's projected score (designAt, once per
 * round), τ² what is left around that line (each pool model fitted under the previous
 * estimate, from τ = 1, by EM to convergence: convergedTraitPrior; floor 0.25²; poolTraitPrior) — empirical Bayes again. Why a line and not 0: a calibrated
 * curve off for the pool as a whole is off for a newcomer too, and by how much can follow the
 * strength (AlpacaEval 1, whose curves were fitted through the reference's mirrored outcomes: the
 * easiest band ran +0.3 for GPT-4 Turbo to +2.1 for alpaca-7b). Not on grouped selections: there
 * the centred prior helped the random draws more than the plan (bench:plan, ./README.md).
 * The posterior is its
 * Laplace approximation: mode by Newton on the concave log posterior, covariance
 * Σ = (Σ_s w_s x_s x_sᵀ + Λ₀)⁻¹, w_s = P_s (1 − P_s), at the mode (Tierney & Kadane 1986).
 */
import { choleskyInverse, factorSpd, choleskySolve } from '../ranking/linalg';
import type { SampleParameters } from './calibrate';

export const N_BANDS = 12;
/** discrimination tiers (terciles of the calibrated β_s: ./cells.ts discriminationTiers) */
export const N_TIERS = 3;
/** non-zeros of x_s: strength, band, stratum, tier */
export const NNZ = 4;
const MIN_TAU = 0.25;
const PRIOR_SPREAD = 2;

export interface TraitDesign {
  /** parameters: 1 + N_BANDS + nStrata + N_TIERS */
  p: number;
  nStrata: number;
  band: Int32Array;
  stratum: Int32Array;
  /** discrimination tier of each sample, 0..N_TIERS-1 */
  tier: Uint8Array;
  /** prior means and precisions of φ */
  priorMean: Float64Array;
  priorPrecision: Float64Array;
  tau: Taus;
  /** the pool's trait prior when estimated (poolTraitPrior): prior means move with the model's score (designAt) */
  prior?: TraitPrior;
}

export interface Taus {
  band: number;
  stratum: number;
  tier: number;
}

export interface TraitPosterior {
  phi: Float64Array;
  /** Σ, p x p row-major */
  cov: Float64Array;
  /** P_s at the mode for every sample (empty when not asked for) */
  p: Float64Array;
}

/**
 * Band of each sample from the pool's mean outcome m on it (NaN = no pool outcome: middle band):
 * 0 where m = 0, N_BANDS − 1 where m = 1, and between them the decile of m, except for the samples
 * flagged `quantile` (samples judged in pairs: ./context.ts), whose ten middle bands cut at the
 * deciles of their own m (equal counts). Why: on pairwise samples m is the pool's record against its
 * opponents there, and against one reference that most models beat it crowds at one end
 * (AlpacaEval 1: 80% of the samples in the three bands m ≥ 0.7, 226–282 samples each, 5–21 in
 * most others), so a band deviation, the band floors and the plan's cells lumped most samples
 * together. With equal-count bands, bench:plan (AlpacaEval 1, 23 held-out models x 30 draws, 10%):
 * see ./README.md. Grouped samples (scores, unit tests, rankings) keep the fixed deciles.
 */
export function difficultyBands(poolMean: Float64Array, quantile?: Uint8Array): Int32Array {
  const inner = quantile ? Float64Array.from(poolMean.filter((m, s) => quantile[s] === 1 && m > 0 && m < 1)).sort() : new Float64Array(0);
  const cuts = inner.length > 0 ? Array.from({ length: 9 }, (_, i) => inner[Math.floor(((i + 1) * inner.length) / 10)]) : [];
  return Int32Array.from(poolMean, (m, s) => {
    if (!(m === m)) return 5;
    if (m <= 0) return 0;
    if (m >= 1) return N_BANDS - 1;
    if (quantile?.[s] && cuts.length > 0) return 1 + cuts.reduce((b, cut) => b + (m >= cut ? 1 : 0), 0);
    return 1 + Math.min(9, Math.floor(m * 10));
  });
}

export function logit(params: SampleParameters, d: TraitDesign, phi: Float64Array, s: number): number {
  const b = params.beta[s];
  return params.alpha[s] + b * (phi[0] - params.center) + phi[1 + d.band[s]] + phi[1 + N_BANDS + d.stratum[s]] + phi[1 + N_BANDS + d.nStrata + d.tier[s]];
}

export function traitDesign(band: Int32Array, stratum: Int32Array, nStrata: number, tier: Uint8Array, pool: { mean: number; sd: number }, tau: Taus = { band: 1, stratum: 1, tier: 1 }, traitPrior?: TraitPrior): TraitDesign {
  const p = 1 + N_BANDS + nStrata + N_TIERS;
  const priorMean = traitPrior ? Float64Array.from(traitPrior.mean) : new Float64Array(p);
  const priorPrecision = new Float64Array(p);
  priorMean[0] = pool.mean;
  priorPrecision[0] = 1 / (PRIOR_SPREAD * Math.max(pool.sd, 0.1)) ** 2;
  for (let j = 1; j < p; j++) priorPrecision[j] = 1 / tau[kindOf(j, nStrata)] ** 2;
  return { p, nStrata, band, stratum, tier, priorMean, priorPrecision, tau, prior: traitPrior };
}

/** Which kind of trait parameter j (≥ 1) is. */
function kindOf(j: number, nStrata: number): keyof Taus {
  return j <= N_BANDS ? 'band' : j <= N_BANDS + nStrata ? 'stratum' : 'tier';
}

/** Posterior of φ from outcomes y on `samples` (Newton, ≤ 30 steps, |Δ| < 1e-6); P_s for all samples unless `withP` is false. */
export function fitTraits(params: SampleParameters, d: TraitDesign, samples: Int32Array, y: Float64Array, withP = true): TraitPosterior {
  const { p } = d;
  const phi = Float64Array.from(d.priorMean);
  const idx = new Int32Array(NNZ);
  const val = new Float64Array(NNZ);
  let info = new Float64Array(p * p);
  for (let it = 0; it < 30; it++) {
    const grad = new Float64Array(p);
    info = new Float64Array(p * p);
    for (let j = 0; j < p; j++) {
      grad[j] = -(phi[j] - d.priorMean[j]) * d.priorPrecision[j];
      info[j * p + j] = d.priorPrecision[j];
    }
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i];
      const ps = 1 / (1 + Math.exp(-logit(params, d, phi, s)));
      const w = ps * (1 - ps);
      const r = y[i] - ps;
      sparseRow(params, d, s, idx, val);
      for (let a = 0; a < NNZ; a++) {
        grad[idx[a]] += r * val[a];
        for (let c = 0; c < NNZ; c++) info[idx[a] * p + idx[c]] += w * val[a] * val[c];
      }
    }
    const f = factorSpd(info, p);
    const step = Float64Array.from(grad);
    choleskySolve(f.l, p, step);
    let big = 0;
    for (let j = 0; j < p; j++) big = Math.max(big, Math.abs(step[j]));
    const scale = big > 2 ? 2 / big : 1;
    for (let j = 0; j < p; j++) phi[j] += scale * step[j];
    if (big < 1e-6) break;
  }
  const cov = choleskyInverse(factorSpd(info, p).l, p);
  const all = new Float64Array(withP ? params.alpha.length : 0);
  for (let s = 0; s < all.length; s++) all[s] = 1 / (1 + Math.exp(-logit(params, d, phi, s)));
  return { phi, cov, p: all };
}

/** The NNZ non-zeros of x_s: (0, β_s), (1 + band, 1), (1 + N_BANDS + stratum, 1), (1 + N_BANDS + nStrata + tier, 1). */
export function sparseRow(params: SampleParameters, d: TraitDesign, s: number, idx: Int32Array, val: Float64Array): void {
  idx[0] = 0;
  val[0] = params.beta[s];
  idx[1] = 1 + d.band[s];
  val[1] = 1;
  idx[2] = 1 + N_BANDS + d.stratum[s];
  val[2] = 1;
  idx[3] = 1 + N_BANDS + d.nStrata + d.tier[s];
  val[3] = 1;
}

/**
 * The traits' prior from the pool (empirical Bayes): each pool model's traits fitted on its own
 * outcomes under the design's current prior, then per trait parameter j the population mean
 * μ_j = mean of φ̂_j, and per kind (band, stratum, tier) τ² = mean of (φ̂_j − μ_j)² + Var(φ̂_j)
 * (an EM moment step), over the models with at least MIN_OBSERVED outcomes in that band
 * (stratum, tier). Why a mean and not 0: the calibrated sample curves (./calibrate.ts) can be
 * off for the pool as a whole on some bands, and then every model shares the deviation.
 */
const MIN_OBSERVED = 10;
/** Each pool model's traits are fitted on at most this many of its samples (every k-th): τ is a population figure and does not need them all. */
const TAU_SAMPLES = 800;
/** a trait's population mean needs at least this many pool models; otherwise 0 */
const MIN_MODELS = 3;

export interface TraitPrior {
  tau: Taus;
  /** prior mean of every parameter at the population's mean score `center` (index 0, the strength, is left at the design's) */
  mean: Float64Array;
  /** its change per unit of the model's score (0 for the strength) */
  slope: Float64Array;
  center: number;
  /** EM steps taken when τ was estimated to convergence (convergedTraitPrior) */
  steps?: number;
}

/** A pool model's outcomes and its Plackett-Luce score. */
export interface PoolOutcomes {
  samples: Int32Array;
  y: Float64Array;
  score: number;
}

/** `centred` false: μ = b = 0, τ² = the mean squared traits around 0 (selections without a pairwise hub: ./context.ts). */
export function poolTraitPrior(params: SampleParameters, d: TraitDesign, pool: PoolOutcomes[], centred = true): TraitPrior {
  const fits: Array<{ phi: Float64Array; var: Float64Array; count: Int32Array; score: number }> = [];
  for (const full of pool) {
    const step = Math.max(1, Math.ceil(full.samples.length / TAU_SAMPLES));
    const m = step === 1 ? full : { samples: full.samples.filter((_, i) => i % step === 0), y: full.y.filter((_, i) => i % step === 0) };
    // under a centred prior each pool model's traits are shrunk to the line at its own score
    const t = fitTraits(params, designAt(d, full.score), m.samples, m.y, false);
    const count = new Int32Array(d.p);
    for (const s of m.samples) {
      count[1 + d.band[s]]++;
      count[1 + N_BANDS + d.stratum[s]]++;
      count[1 + N_BANDS + d.nStrata + d.tier[s]]++;
    }
    fits.push({ phi: t.phi, var: Float64Array.from({ length: d.p }, (_, j) => t.cov[j * d.p + j]), count, score: full.score });
  }
  const center = fits.length ? fits.reduce((a, f) => a + f.score, 0) / fits.length : 0;
  const mean = Float64Array.from(d.priorMean);
  const slope = new Float64Array(d.p);
  for (let j = 1; j < d.p; j++) {
    const use = fits.filter((f) => f.count[j] >= MIN_OBSERVED);
    mean[j] = 0;
    if (!centred || use.length < MIN_MODELS) continue;
    const xm = use.reduce((a, f) => a + f.score, 0) / use.length;
    const ym = use.reduce((a, f) => a + f.phi[j], 0) / use.length;
    let sxy = 0;
    let sxx = 0;
    for (const f of use) {
      sxy += (f.score - xm) * (f.phi[j] - ym);
      sxx += (f.score - xm) ** 2;
    }
    slope[j] = use.length >= MIN_SLOPE_MODELS && sxx > 0 ? sxy / sxx : 0;
    mean[j] = ym + slope[j] * (center - xm);
  }
  const sum = { band: 0, stratum: 0, tier: 0 };
  const n = { band: 0, stratum: 0, tier: 0 };
  for (const f of fits) {
    for (let j = 1; j < d.p; j++) {
      if (f.count[j] < MIN_OBSERVED) continue;
      const which = kindOf(j, d.nStrata);
      sum[which] += (f.phi[j] - mean[j] - slope[j] * (f.score - center)) ** 2 + f.var[j];
      n[which]++;
    }
  }
  const tau = (which: keyof Taus) => Math.max(MIN_TAU, n[which] > 0 ? Math.sqrt(sum[which] / n[which]) : 1);
  return { tau: { band: tau('band'), stratum: tau('stratum'), tier: tau('tier') }, mean, slope, center };
}

/** a trait's slope on the score needs at least this many pool models */
const MIN_SLOPE_MODELS = 8;

/** The design with its traits' prior means taken at score t (TraitDesign.prior). */
export function designAt(d: TraitDesign, t: number): TraitDesign {
  if (!d.prior) return d;
  const priorMean = Float64Array.from(d.priorMean);
  for (let j = 1; j < d.p; j++) priorMean[j] = d.prior.mean[j] + d.prior.slope[j] * (t - d.prior.center);
  return { ...d, priorMean };
}

/**
 * The centred prior (poolTraitPrior) with τ estimated to convergence: EM steps, each refitting
 * every pool model under the previous step's prior (its line and τ), until no τ moves by more
 * than TAU_TOLERANCE (relative) or after MAX_EM_STEPS. Why: the first step starts from τ = 1 and
 * a trait the pool's outcomes say little about keeps most of that 1 in its posterior variance,
 * so one step overstates τ and the newcomer's traits follow its first outcomes too far. On
 * AlpacaEval 1 (./context.ts: hub selections only) τ went band 0.87 → 0.66, stratum 0.86 → 0.37,
 * tier 0.79 → 0.31 in the 30 steps of the cap (slow: each step moves τ by a share of what is
 * left); with it and the equal-count bands the plan's rank error there fell
 * from 0.89x random's to 0.74x (bench:plan, ./README.md).
 */
export const MAX_EM_STEPS = 30;
export const TAU_TOLERANCE = 0.005;

export function convergedTraitPrior(params: SampleParameters, loose: TraitDesign, pool: PoolOutcomes[]): TraitPrior {
  let prior = poolTraitPrior(params, loose, pool, true);
  let steps = 1;
  for (; steps < MAX_EM_STEPS; steps++) {
    const next = poolTraitPrior(params, withTraitPrior(loose, prior), pool, true);
    const moved = (Object.keys(next.tau) as Array<keyof Taus>).some((k) => Math.abs(next.tau[k] - prior.tau[k]) > TAU_TOLERANCE * prior.tau[k]);
    prior = next;
    if (!moved) break;
  }
  return { ...prior, steps };
}

/** `d` with the traits' prior `tp`: means on its line (at its centre; designAt reads them elsewhere), precisions 1/τ²; the strength's prior kept. */
export function withTraitPrior(d: TraitDesign, tp: TraitPrior): TraitDesign {
  const priorMean = Float64Array.from(tp.mean);
  const priorPrecision = new Float64Array(d.p);
  priorMean[0] = d.priorMean[0];
  priorPrecision[0] = d.priorPrecision[0];
  for (let j = 1; j < d.p; j++) priorPrecision[j] = 1 / tp.tau[kindOf(j, d.nStrata)] ** 2;
  return { ...d, priorMean, priorPrecision, tau: tp.tau, prior: tp };
}
