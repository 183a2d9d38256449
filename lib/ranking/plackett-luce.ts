/**
 * Plackett-Luce fit over weighted top-1 choice events (Luce 1959; Plackett 1975):
 * P(i chosen from C) = γ_i / Σ_{j∈C} γ_j, γ = e^θ; log-likelihood, gradient and information
 * in ./pl-objective.ts, the Newton iteration and its stopping rule (max |Δθ| < tol = 1e-10,
 * iteration cap 100 as a safety net reported as `converged: false`) in ./pl-newton.ts.
 *
 * Why Newton: n is small (31 to a few hundred models), so the dense n x n information matrix
 * costs O(n³) to factor, while one pass over the data costs O(Σ block² + Σ_e |L_e|). Newton
 * converges quadratically (7 information passes from θ = 0 on MMLU-Pro; with the warm-up
 * and chord steps of ./pl-newton.ts, 2 information + 6 gradient passes), whereas MM (Hunter
 * 2004) and I-LSR (Maystre & Grossglauser 2015, as in choix) need tens to thousands of passes
 * to reach 1e-10. The information matrix is also exactly what the analytic intervals need
 * (the model-based covariance J⁻¹, and the bread of the sandwich in ./cluster-robust.ts).
 *
 * Warm starts (an earlier fit's θ) first fit the models the start lacks, or that have little data,
 * with the others held (./pl-seed.ts). Cold starts begin at three MM steps from θ = 0 (Hunter 2004,
 * Ann. Statist. 32(1), eq. 30: γ_i ← W_i / Σ_{e: i∈C_e} w_e/D_e, with W_i smoothed by 1/2; one
 * gradient pass each).
 *
 * MLE (prior = 0): θ_baseline is fixed at 0 and only estimable models are fitted
 * (./identifiability.ts). MAP (prior > 0): every model plays `prior` virtual wins and `prior`
 * virtual losses against a reference player fixed at 0 (the test vectors' map_virtual_games_1
 * for prior = 1); θ is anchored by the reference, scores are θ − θ_baseline.
 * Default prior for leaderboards: ./prior.ts.
 */
import type { ChoiceEvents } from './choices';
import { choleskyInverse } from './linalg';
import { objectiveScratch, plObjective, type ObjectiveScratch } from './pl-objective';
import { newtonAscent } from './pl-newton';
import { modelsToSeed, seedModels } from './pl-seed';
import { comparisonGraph, estimableModels, stronglyConnectedComponents } from './identifiability';

export const DEFAULT_TOL = 1e-10;
export const DEFAULT_MAX_ITERATIONS = 100;
const MM_WARM_UP_STEPS = 3;

export interface PLFitOptions {
  baseline: number;
  prior?: number;
  /** models to fit; default: the estimable ones (./identifiability.ts) */
  active?: Uint8Array;
  /** per-event weights; default the events' own */
  weight?: Float64Array;
  /** warm start (raw θ); non-finite entries start at 0 */
  start?: Float64Array;
  /**
   * with `start`: the models to fit first with the others held (./pl-seed.ts, modelsToSeed);
   * default: the active models the start lacks
   */
  seed?: readonly number[];
  /** information matrix (n x n) to take the first steps with, e.g. the full fit's for a resample */
  information?: Float64Array;
  tol?: number;
  maxIterations?: number;
  /** compute Var(θ_i − θ_baseline) from the observed information (default true) */
  variance?: boolean;
  /** report ℓ at the optimum (default true; may cost one more gradient pass) */
  logLikelihood?: boolean;
  /** reusable work buffers (./pl-objective.ts), to avoid reallocating across resamples */
  scratch?: ObjectiveScratch;
}

export interface PLFit {
  /** raw log-strengths (MLE: θ_baseline = 0; MAP: relative to the reference player); NaN if not fitted */
  theta: Float64Array;
  /** θ − θ_baseline; NaN if not fitted */
  scores: Float64Array;
  /**
   * Var(θ_i − θ_baseline) from the inverse observed information, taken at the last Newton
   * point (within 1e-3 of the optimum: standard errors good to ~0.1%); NaN if not fitted or not asked
   */
  variance: Float64Array;
  active: Uint8Array;
  /** observed information (n x n) behind `variance`; pass it as `information` to warm-start resamples */
  information: Float64Array;
  /** the fitted parameters: active models, less the baseline under the MLE */
  free: Int32Array;
  /** J_ff⁻¹ over `free` (free.length² row-major), the model-based covariance; null if `variance` was off */
  covariance: Float64Array | null;
  iterations: number;
  converged: boolean;
  logLikelihood: number;
  /** largest |Δθ| of the last step */
  lastStep: number;
  /** passes over the data: with the information matrix / gradient only (incl. MM warm-up) */
  passes: { information: number; gradient: number };
}

export function fitPlackettLuce(c: ChoiceEvents, opts: PLFitOptions): PLFit {
  const n = c.nModels;
  const prior = opts.prior ?? 0;
  const weight = opts.weight ?? c.weight;
  const b = opts.baseline;
  const active =
    opts.active ??
    (() => {
      const g = comparisonGraph(c, weight);
      return estimableModels(g, stronglyConnectedComponents(g), b, prior);
    })();
  const free = new Int32Array(Array.from({ length: n }, (_, m) => m).filter((m) => active[m] && (prior > 0 || m !== b)));
  const nf = free.length;

  const scr = opts.scratch ?? objectiveScratch(c);
  const theta = new Float64Array(n);
  let warmUp = 0;
  if (opts.start) {
    for (let m = 0; m < n; m++) theta[m] = active[m] && Number.isFinite(opts.start[m]) ? opts.start[m] : 0;
    // Models the start does not know (or, as the caller says, knows from little data) are fitted
    // first with the others held (./pl-seed.ts); not for a resample, whose start is this data's optimum.
    if (!opts.information) seedModels(c, theta, opts.seed ?? modelsToSeed(opts.start, active, prior > 0 ? -1 : b), weight, prior, active);
  } else {
    warmUp = mmWarmUp(c, theta, weight, active, scr);
  }
  if (prior === 0 && active[b]) {
    const t0 = theta[b];
    for (let m = 0; m < n; m++) if (active[m]) theta[m] -= t0;
  }
  // A warm start (an earlier fit's θ, a supplied information matrix) far enough from this data's
  // optimum can overflow the objective: the fit then starts again from nothing, as without one.
  const cold = () => fitPlackettLuce(c, { ...opts, start: undefined, information: undefined });
  let fit: ReturnType<typeof newtonAscent>;
  try {
    fit = newtonAscent({ c, weight, prior, active, free }, theta, {
      tol: opts.tol ?? DEFAULT_TOL,
      maxIterations: opts.maxIterations ?? DEFAULT_MAX_ITERATIONS,
      information: opts.information,
      scratch: scr,
    });
  } catch (err) {
    if (!opts.start) throw err;
    return cold();
  }
  if (opts.start && Array.from(free).some((m) => !Number.isFinite(fit.theta[m]))) return cold();
  fit.passes.gradient += warmUp;
  let ll = fit.logLikelihood;
  if (Number.isNaN(ll) && opts.logLikelihood !== false) {
    ll = plObjective(c, fit.theta, weight, prior, active, new Float64Array(n), null, scr);
    fit.passes.gradient++;
  }

  const covariance = opts.variance !== false && active[b] ? choleskyInverse(fit.factor, nf) : null;
  const variance = covariance ? contrastVariances(covariance, free, b, n) : new Float64Array(n).fill(NaN);
  const scores = new Float64Array(n);
  const tb = active[b] ? fit.theta[b] : NaN;
  for (let m = 0; m < n; m++) {
    if (!active[m]) fit.theta[m] = NaN;
    scores[m] = fit.theta[m] - tb;
  }
  return {
    theta: fit.theta,
    scores,
    variance,
    active,
    information: fit.information,
    free,
    covariance,
    iterations: fit.iterations,
    converged: fit.converged,
    logLikelihood: ll,
    lastStep: fit.lastStep,
    passes: fit.passes,
  };
}

/**
 * Var(θ_i − θ_b) for every model from a covariance V over the free parameters: V_ii under the
 * MLE (θ_b ≡ 0 is not free), V_ii + V_bb − 2 V_ib under the MAP; 0 for the baseline, NaN for
 * models not fitted.
 */
export function contrastVariances(cov: Float64Array, free: Int32Array, b: number, n: number): Float64Array {
  const nf = free.length;
  const variance = new Float64Array(n).fill(NaN);
  const bi = Array.prototype.indexOf.call(free, b) as number;
  for (let a = 0; a < nf; a++) {
    const v = bi < 0 ? cov[a * nf + a] : cov[a * nf + a] + cov[bi * nf + bi] - 2 * cov[a * nf + bi];
    variance[free[a]] = Math.max(0, v);
  }
  variance[b] = 0;
  return variance;
}

/** MM steps from θ = 0: Σ_{e: i∈C_e} w_e/D_e = (W_i − ∂ℓ/∂θ_i)/γ_i, from one gradient pass. */
function mmWarmUp(c: ChoiceEvents, theta: Float64Array, weight: Float64Array, active: Uint8Array, scr: ObjectiveScratch): number {
  const grad = new Float64Array(c.nModels);
  const wins = new Float64Array(c.nModels);
  for (let e = 0; e < c.winner.length; e++) if (weight[e] > 0) wins[c.winner[e]] += weight[e];
  for (let k = 0; k < MM_WARM_UP_STEPS; k++) {
    plObjective(c, theta, weight, 0, active, grad, null, scr, false);
    for (let m = 0; m < c.nModels; m++) {
      if (active[m]) theta[m] += Math.log((wins[m] + 0.5) / (wins[m] - grad[m] + 0.5));
    }
  }
  return MM_WARM_UP_STEPS;
}
