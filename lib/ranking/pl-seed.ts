/**
 * Warm-start seeds for the models whose θ an earlier fit cannot give well. A warm start (an earlier
 * version's θ) is next to the optimum for every model with much data: an upload of a little data
 * barely moves it. A model new to the data (no start), or one with little data (a few samples,
 * whose θ one new measurement can move by several units), may start far from its optimum, and
 * Newton then takes ~5 information passes over all the events to bring that one coordinate in
 * (each pass over a 100k-sample pool costs as much as the rest of the fit). Instead, those models'
 * coordinates N are first fitted with every other θ held at its start, on the events whose choice
 * set contains a model of N (the only ones whose terms depend on θ_N):
 *
 *   ℓ_N(θ_N) = Σ_{e: C_e ∩ N ≠ ∅} w_e [θ_{i_e} − log D_e] + prior Σ_{k∈N} [θ_k − 2 log(1 + e^{θ_k})]
 *   ∂ℓ_N/∂θ_k = Σ_e w_e [δ_{k,i_e} − p_{e,k}] + prior (1 − 2σ(θ_k))
 *   −∂²ℓ_N/∂θ_k∂θ_l = Σ_e w_e [δ_kl p_{e,k} − p_{e,k} p_{e,l}] + 2 prior δ_kl σ(θ_k)(1 − σ(θ_k))
 *
 * (notation of ./pl-objective.ts), by Newton with backtracking. ℓ_N is concave in θ_N, and the
 * light models' events are few, so this costs next to nothing. The full fit then starts from the
 * seeded θ and stops by its own rule (./pl-newton.ts): the optimum is the same, only the path to it
 * is shorter. A seed that does not converge is dropped (θ stays the start).
 */
import type { ChoiceEvents } from './choices';
import { choleskySolve, factorSpd } from './linalg';

const SEED_TOL = 1e-12;
/** A model is light when it is measured on at most this share of the samples. */
const LIGHT_SHARE = 0.01;
const SEED_MAX_ITERATIONS = 100;
/** Seeds beyond this are treated as diverging (a model that only wins or only loses here). */
const SEED_BOUND = 50;

/** The events whose choice set (winner and losers) contains a marked model, weight > 0, active winner. */
function eventsTouching(c: ChoiceEvents, marked: Uint8Array, weight: Float64Array, active: Uint8Array): Int32Array {
  const { entries, blockOffsets, setStart, winner, set } = c;
  // markedFrom[p]: a marked model at p or after it in p's block (a loser set is a block's suffix).
  const markedFrom = new Uint8Array(entries.length);
  for (let b = blockOffsets.length - 2; b >= 0; b--) {
    let any = 0;
    for (let p = blockOffsets[b + 1] - 1; p >= blockOffsets[b]; p--) {
      any |= marked[entries[p]];
      markedFrom[p] = any;
    }
  }
  const out: number[] = [];
  for (let e = 0; e < winner.length; e++) {
    if (!(weight[e] > 0) || !active[winner[e]]) continue;
    if (marked[winner[e]] || markedFrom[setStart[set[e]]]) out.push(e);
  }
  return Int32Array.from(out);
}

/**
 * The models to seed: active models without a start (non-finite), and with `counts`, light ones
 * (measured on at most LIGHT_SHARE of the samples with data), less `fixed` (the MLE's baseline, pinned at 0).
 * Empty when that would be every free model: nothing would be held, a cold start is as good.
 */
export function modelsToSeed(start: Float64Array, active: Uint8Array, fixed: number, counts?: { perModel: ArrayLike<number>; nSamples: number }): number[] {
  const out: number[] = [];
  let free = 0;
  for (let m = 0; m < start.length; m++) {
    if (!active[m] || m === fixed) continue;
    free++;
    if (!Number.isFinite(start[m]) || (counts && counts.perModel[m] <= LIGHT_SHARE * counts.nSamples)) out.push(m);
  }
  return out.length < free ? out : [];
}

/** f(t) = t − 2 log(1 + e^t): one model's prior term (virtual games against the reference). */
const priorTerm = (t: number) => t - 2 * (t > 0 ? t + Math.log1p(Math.exp(-t)) : Math.log1p(Math.exp(t)));

/**
 * Fits θ_k for k in `seed` (./modelsToSeed) with the other θ held, in place. Under a prior the held
 * models move together by a common level c, fitted with them: the data terms depend only on
 * differences of θ (θ_held + c with θ_N is θ_held with θ_N − c), so c costs no pass over the events,
 * while the level, pinned only by the weak prior, is what a light model's move shifts most.
 * Returns false (θ left as it was) when the seed did not converge.
 */
export function seedModels(c: ChoiceEvents, theta: Float64Array, seed: readonly number[], weight: Float64Array, prior: number, active: Uint8Array): boolean {
  const n = c.nModels;
  const k = seed.length;
  if (k === 0) return true;
  const slot = new Int32Array(n).fill(-1);
  const marked = new Uint8Array(n);
  seed.forEach((m, i) => {
    slot[m] = i;
    marked[m] = 1;
  });
  const held: number[] = [];
  for (let m = 0; m < n; m++) if (active[m] && !marked[m]) held.push(m);
  const events = eventsTouching(c, marked, weight, active);
  const { entries, setStart, setEnd, winner, set } = c;
  // Variables x: θ_N (k), then the held level c under a prior.
  const level = prior > 0 ? 1 : 0;
  const nx = k + level;
  const at = theta.slice();
  const gamma = new Float64Array(n);
  const grad = new Float64Array(nx);
  const info = new Float64Array(nx * nx);
  const p = new Float64Array(k);
  const present: number[] = [];

  /** ℓ_N at x, with its gradient and information when `withDerivatives`. */
  const evaluate = (x: Float64Array, withDerivatives: boolean): number => {
    const lv = level ? x[k] : 0;
    for (let j = 0; j < k; j++) at[seed[j]] = x[j] - lv;
    let shift = -Infinity;
    for (let m = 0; m < n; m++) if (active[m] && at[m] > shift) shift = at[m];
    if (shift === -Infinity) shift = 0;
    for (let m = 0; m < n; m++) gamma[m] = active[m] ? Math.exp(at[m] - shift) : 0;
    if (withDerivatives) {
      grad.fill(0);
      info.fill(0);
    }
    let ll = 0;
    for (let q = 0; q < events.length; q++) {
      const e = events[q];
      const w = weight[e];
      const i = winner[e];
      const s = set[e];
      let d = gamma[i];
      for (let r = setStart[s]; r < setEnd[s]; r++) d += gamma[entries[r]];
      ll += w * (at[i] - shift - Math.log(d));
      if (!withDerivatives) continue;
      present.length = 0;
      const visit = (m: number) => {
        const j = slot[m];
        if (j < 0 || gamma[m] === 0) return;
        p[j] = gamma[m] / d;
        present.push(j);
      };
      visit(i);
      for (let r = setStart[s]; r < setEnd[s]; r++) visit(entries[r]);
      if (slot[i] >= 0) grad[slot[i]] += w;
      for (const a of present) {
        grad[a] -= w * p[a];
        info[a * nx + a] += w * p[a];
        for (const b of present) info[a * nx + b] -= w * p[a] * p[b];
      }
    }
    if (level && withDerivatives) {
      // ∂/∂c of the data terms is −Σ_N ∂/∂θ_N; the information follows by the same chain rule.
      let gc = 0;
      let icc = 0;
      for (let a = 0; a < k; a++) {
        gc -= grad[a];
        let row = 0;
        for (let b = 0; b < k; b++) row += info[a * nx + b];
        info[a * nx + k] = info[k * nx + a] = -row;
        icc += row;
      }
      grad[k] = gc;
      info[k * nx + k] = icc;
    }
    if (prior > 0) {
      const term = (t: number, j: number) => {
        const sig = 1 / (1 + Math.exp(-t));
        ll += prior * priorTerm(t);
        if (!withDerivatives) return;
        grad[j] += prior * (1 - 2 * sig);
        info[j * nx + j] += 2 * prior * sig * (1 - sig);
      };
      for (let j = 0; j < k; j++) term(x[j], j);
      for (const m of held) term(theta[m] + x[k], k);
    }
    return ll;
  };

  const x = new Float64Array(nx);
  for (let j = 0; j < k; j++) x[j] = theta[seed[j]];
  const trial = new Float64Array(nx);
  let ll = evaluate(x, true);
  let converged = false;
  for (let it = 0; it < SEED_MAX_ITERATIONS && !converged; it++) {
    const delta = grad.slice();
    choleskySolve(factorSpd(info, nx).l, nx, delta);
    let step = 0;
    let slope = 0;
    for (let j = 0; j < nx; j++) {
      step = Math.max(step, Math.abs(delta[j]));
      slope += grad[j] * delta[j];
    }
    if (!(step < Infinity)) return false;
    if (step < SEED_TOL) {
      for (let j = 0; j < nx; j++) x[j] += delta[j];
      converged = true;
      break;
    }
    let t = 1;
    for (let halvings = 0; halvings < 60; halvings++) {
      for (let j = 0; j < nx; j++) trial[j] = x[j] + t * delta[j];
      if (evaluate(trial, false) >= ll + 1e-4 * t * slope - 1e-12 * (1 + Math.abs(ll))) break;
      t *= 0.5;
    }
    x.set(trial);
    ll = evaluate(x, true);
  }
  if (!converged || !x.every((v) => Math.abs(v) <= SEED_BOUND)) return false;
  for (let j = 0; j < k; j++) theta[seed[j]] = x[j];
  if (level) for (const m of held) theta[m] += x[k];
  return true;
}
