/**
 * Newton ascent on the concave Plackett-Luce log-likelihood ℓ (./pl-objective.ts) over the
 * free parameters f:
 *
 *   θ_f ← θ_f + t Δ,   F Δ = ∇_f ℓ(θ),   F = J_ff at θ (Newton) or at an earlier point (chord)
 *
 * Converged when max_i |Δ_i| < tol (log-strength units). Policy, measured on MMLU-Pro (an
 * information pass costs ~3x a gradient pass, which itself is ~40% logarithms):
 *   - a step ≥ 1e-3 taken with a fresh F asks for J at the next point (Newton: quadratic);
 *   - smaller steps, and every step from a supplied F (bootstrap warm starts), reuse F
 *     ("chord" steps, gradient cost only) as long as each step is < 1/10 of the previous one;
 *     otherwise J is recomputed at the current point;
 *   - steps ≥ 1e-2 use Armijo backtracking (ℓ must rise by ≥ 1e-4 t ∇ℓ·Δ, with a slack for
 *     rounding in a sum of millions of terms); smaller steps are taken in full and skip the
 *     logarithms of ℓ;
 *   - a step under NOISE_STEP that J at the current point does not contract to a tenth of the one
 *     before is the gradient's rounding noise, not distance to the optimum (Newton's steps there
 *     shrink quadratically): the fit has converged as far as this arithmetic can tell. On the
 *     generated 1M pool (5.2M events, a prior, three models tied on the one sample they share)
 *     the steps then hovered at 1e-10–1e-9 and a warm fit took 25 information passes (19 s) before
 *     one fell under tol by chance; a fit from scratch, 5.
 */
import type { ChoiceEvents } from './choices';
import { choleskySolve, factorSpd } from './linalg';
import { plObjective, type ObjectiveScratch } from './pl-objective';

const CHORD_BELOW = 1e-3;
const CHORD_CONTRACTION = 0.1;
const LINE_SEARCH_ABOVE = 1e-2;
/** Below this a step that a fresh J does not contract is rounding noise (see above): 100x the default tol, far below any digit shown. */
export const NOISE_STEP = 1e-8;

export interface NewtonProblem {
  c: ChoiceEvents;
  weight: Float64Array;
  prior: number;
  active: Uint8Array;
  free: Int32Array;
}

export interface NewtonResult {
  theta: Float64Array;
  iterations: number;
  converged: boolean;
  lastStep: number;
  /** ℓ at θ, or NaN if the last steps skipped it */
  logLikelihood: number;
  /** Cholesky factor of J_ff at the last point where J was computed (or of the supplied J) */
  factor: Float64Array;
  /** J (n x n) at that point */
  information: Float64Array;
  passes: { information: number; gradient: number };
}

export function newtonAscent(
  p: NewtonProblem,
  start: Float64Array,
  opts: { tol: number; maxIterations: number; information?: Float64Array; scratch: ObjectiveScratch },
): NewtonResult {
  const { c, weight, prior, active, free } = p;
  const n = c.nModels;
  const nf = free.length;
  const scr = opts.scratch;
  const passes = { information: 0, gradient: 0 };
  let theta = start.slice();
  let trial = new Float64Array(n);
  let grad = new Float64Array(n);
  let tGrad = new Float64Array(n);
  const info = new Float64Array(n * n);
  const gf = new Float64Array(nf);
  const eval_ = (at: Float64Array, g: Float64Array, withInfo: boolean, withLL: boolean) => {
    if (withInfo) passes.information++;
    else passes.gradient++;
    return plObjective(c, at, weight, prior, active, g, withInfo ? info : null, scr, withLL);
  };
  const refactor = () => {
    const jff = new Float64Array(nf * nf);
    for (let a = 0; a < nf; a++) for (let k = 0; k < nf; k++) jff[a * nf + k] = info[free[a] * n + free[k]];
    return factorSpd(jff, nf).l;
  };

  let fresh = !opts.information;
  if (opts.information) info.set(opts.information);
  let ll = eval_(theta, grad, fresh, true);
  let factor = refactor();
  let iterations = 0;
  let converged = nf === 0;
  let lastStep = Infinity;
  while (!converged && iterations < opts.maxIterations) {
    iterations++;
    const solve = () => {
      for (let a = 0; a < nf; a++) gf[a] = grad[free[a]];
      const d = gf.slice();
      choleskySolve(factor, nf, d);
      let s = 0;
      for (let a = 0; a < nf; a++) s = Math.max(s, Math.abs(d[a]));
      return { delta: d, step: s };
    };
    let { delta, step } = solve();
    if (!fresh && step > CHORD_CONTRACTION * lastStep) {
      ll = eval_(theta, grad, true, true);
      factor = refactor();
      fresh = true;
      ({ delta, step } = solve());
    }
    const noise = fresh && step < NOISE_STEP && step > CHORD_CONTRACTION * lastStep;
    lastStep = step;
    if (step < opts.tol || noise) {
      for (let a = 0; a < nf; a++) theta[free[a]] += delta[a];
      converged = true;
      ll = NaN;
      break;
    }
    const wantInfo = fresh && step >= CHORD_BELOW;
    const lineSearch = step >= LINE_SEARCH_ABOVE;
    if (lineSearch && Number.isNaN(ll)) ll = eval_(theta, grad, false, true);
    let slope = 0;
    for (let a = 0; a < nf; a++) slope += gf[a] * delta[a];
    const slack = 1e-11 * (1 + Math.abs(ll));
    let t = 1;
    let llTrial = NaN;
    for (let halvings = 0; halvings < 60; halvings++) {
      trial.set(theta);
      for (let a = 0; a < nf; a++) trial[free[a]] += t * delta[a];
      llTrial = eval_(trial, tGrad, wantInfo, lineSearch);
      if (!lineSearch || llTrial >= ll + 1e-4 * t * slope - slack) break;
      t *= 0.5;
    }
    if (lineSearch && !(llTrial >= ll + 1e-4 * t * slope - slack)) break; // no ascent possible: stalled
    [theta, trial] = [trial, theta];
    [grad, tGrad] = [tGrad, grad];
    ll = llTrial;
    fresh = wantInfo;
    if (fresh) factor = refactor();
  }
  return { theta, iterations, converged, lastStep, logLikelihood: ll, factor, information: info, passes };
}
