/**
 * Log-likelihood, gradient and observed information of the Plackett-Luce model over weighted
 * top-1 choice events (Luce 1959; Hunter 2004, "MM algorithms for generalized Bradley-Terry
 * models", Ann. Statist. 32(1), sec. 5), with an optional prior of `prior` virtual wins and
 * `prior` virtual losses of every model against a reference player fixed at θ = 0:
 *
 *   ℓ(θ) = Σ_e w_e [θ_{i_e} − log D_e] + prior Σ_i [θ_i − 2 log(1 + e^{θ_i})],
 *   D_e  = γ_{i_e} + Σ_{j∈L_e} γ_j,  γ = e^θ,  C_e = {i_e} ∪ L_e,  p_e = γ 1_{C_e} / D_e
 *   ∂ℓ/∂θ_k = Σ_e w_e [δ_{k,i_e} − p_{e,k}] + prior (1 − 2σ(θ_k))
 *   J = −∇²ℓ = Σ_e w_e [diag(p_e) − p_e p_eᵀ] + 2 prior diag(σ(θ)(1 − σ(θ)))
 *
 * Models with active[m] = 0 are left out (γ_m = 0, events they win are skipped): that is the
 * likelihood restricted to the active set, see ./identifiability.ts.
 *
 * Cost per call: one suffix sum per block gives every loser-set sum S_L (O(entries)); each
 * event adds a = w/D at its set's start position, and one forward scan per block hands every
 * loser its Σ a (gradient, diagonal of J). For J, the L×L block Σ_e r_e γ_Lγ_Lᵀ (r = w/D²) uses
 * that nested suffixes containing positions p ≤ q are exactly the sets starting at or before
 * p (O(block²)); the winner×loser terms cost O(|L_e|) per event.
 */
import type { ChoiceEvents } from './choices';

export interface ObjectiveScratch {
  gamma: Float64Array;
  suf: Float64Array;
  posA: Float64Array;
  posR: Float64Array;
}

/** Entries up to which objectiveScratch hands out its shared buffers (3 × 8 bytes each kept: 6 MB); a larger fit, a whole pool's, gets its own. */
export const SHARED_SCRATCH_ENTRIES = 1 << 18;
let shared: ObjectiveScratch = { gamma: new Float64Array(0), suf: new Float64Array(0), posA: new Float64Array(0), posR: new Float64Array(0) };

/**
 * The working arrays of plObjective for `c`: views of buffers shared by every fit of the process
 * (a few MB of typed arrays per capability query otherwise, and typed-array churn is what sets off
 * the web process's garbage collections, each marking the whole read model). Sharing is safe because
 * the arrays carry nothing from one call to the next: plObjective writes every element it reads
 * before reading it, and it is synchronous.
 */
export function objectiveScratch(c: ChoiceEvents): ObjectiveScratch {
  const n = c.nModels;
  const m = c.entries.length;
  if (m > SHARED_SCRATCH_ENTRIES) return { gamma: new Float64Array(n), suf: new Float64Array(m), posA: new Float64Array(m), posR: new Float64Array(m) };
  if (shared.gamma.length < n) shared.gamma = new Float64Array(Math.max(n, 2 * shared.gamma.length));
  if (shared.suf.length < m) {
    const size = Math.min(SHARED_SCRATCH_ENTRIES, Math.max(m, 2 * shared.suf.length));
    shared = { gamma: shared.gamma, suf: new Float64Array(size), posA: new Float64Array(size), posR: new Float64Array(size) };
  }
  return { gamma: shared.gamma.subarray(0, n), suf: shared.suf.subarray(0, m), posA: shared.posA.subarray(0, m), posR: shared.posR.subarray(0, m) };
}

/** log(1 + e^x) without overflow. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/**
 * Fills `grad` (length n) and, when given, `info` (n x n, row-major) at θ; returns ℓ(θ), or
 * NaN when `withLogLikelihood` is false (skips one logarithm per event).
 */
export function plObjective(
  c: ChoiceEvents,
  theta: Float64Array,
  weight: Float64Array,
  prior: number,
  active: Uint8Array,
  grad: Float64Array,
  info: Float64Array | null,
  scr: ObjectiveScratch,
  withLogLikelihood = true,
): number {
  const n = c.nModels;
  const { entries, blockOffsets, setStart, setEnd, winner, set } = c;
  const { gamma, suf, posA, posR } = scr;
  // Shift by the largest θ so no exp overflows; only ℓ needs the shift added back.
  let shift = -Infinity;
  for (let m = 0; m < n; m++) if (active[m] && theta[m] > shift) shift = theta[m];
  if (shift === -Infinity) shift = 0;
  for (let m = 0; m < n; m++) gamma[m] = active[m] ? Math.exp(theta[m] - shift) : 0;
  grad.fill(0);
  posA.fill(0);
  if (info) {
    info.fill(0);
    posR.fill(0);
  }
  const nBlocks = blockOffsets.length - 1;
  for (let b = 0; b < nBlocks; b++) {
    let acc = 0;
    for (let p = blockOffsets[b + 1] - 1; p >= blockOffsets[b]; p--) {
      acc += gamma[entries[p]];
      suf[p] = acc;
    }
  }

  let ll = 0;
  for (let e = 0; e < winner.length; e++) {
    const w = weight[e];
    const i = winner[e];
    if (!(w > 0) || active[i] === 0) continue;
    const gi = gamma[i];
    const s = set[e];
    const st = setStart[s];
    const d = gi + suf[st];
    if (withLogLikelihood) ll += w * (theta[i] - shift - Math.log(d));
    const a = w / d;
    grad[i] += w - a * gi;
    posA[st] += a;
    if (info) {
      const r = a / d;
      info[i * n + i] += a * gi - r * gi * gi;
      posR[st] += r;
      // winner × loser terms of −r γ_C γ_Cᵀ, written once per unordered pair (symmetrised below)
      const rg = r * gi;
      const row = i * n;
      for (let q = st, end = setEnd[s]; q < end; q++) {
        const m = entries[q];
        info[row + m] -= rg * gamma[m];
      }
    }
  }

  for (let b = 0; b < nBlocks; b++) {
    const lo = blockOffsets[b];
    const hi = blockOffsets[b + 1];
    let cumA = 0;
    let cumR = 0;
    for (let p = lo; p < hi; p++) {
      cumA += posA[p];
      if (cumA === 0) continue;
      const m = entries[p];
      const gm = gamma[m];
      grad[m] -= gm * cumA;
      if (!info) continue;
      info[m * n + m] += gm * cumA;
      cumR += posR[p];
      const k = cumR * gm;
      const row = m * n;
      for (let q = p; q < hi; q++) {
        const mq = entries[q];
        info[row + mq] -= k * gamma[mq];
      }
    }
  }

  // The data part of the gradient sums to exactly 0 (ℓ is shift-invariant: Σ_k p_{e,k} = 1).
  // Rounding leaves ~1e-12 in that sum, which only the weak prior curvature pins down, so it
  // would move the common level of θ by ~1e-10 per step; remove it.
  let sum = 0;
  let nActive = 0;
  for (let m = 0; m < n; m++) {
    if (!active[m]) continue;
    sum += grad[m];
    nActive++;
  }
  for (let m = 0; m < n; m++) if (active[m]) grad[m] -= sum / nActive;

  if (prior > 0) {
    for (let m = 0; m < n; m++) {
      if (!active[m]) continue;
      const t = theta[m];
      const sig = 1 / (1 + Math.exp(-t));
      if (withLogLikelihood) ll += prior * (t - 2 * softplus(t));
      grad[m] += prior * (1 - 2 * sig);
      if (info) info[m * n + m] += 2 * prior * sig * (1 - sig);
    }
  }

  if (info) {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const v = info[i * n + j] + info[j * n + i];
        info[i * n + j] = v;
        info[j * n + i] = v;
      }
    }
  }
  return withLogLikelihood ? ll : NaN;
}
