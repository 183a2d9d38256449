/**
 * What one sample adds to the leaderboard's Plackett-Luce score equation of the placed model M,
 * with every other model's strength γ_j = e^{θ_j} held at its fitted value (../ranking/choices.ts builds
 * the same events; ../ranking/pl-objective.ts, ∂ℓ/∂θ):
 *
 *   tiered group, M with value v:
 *     u(t) = S_<(v) / (γ_M + S_<(v))  −  Σ_{i: v_i > v} γ_M / (γ_i + L_i + γ_M),   γ_M = e^t
 *     S_<(v) = Σ_{j: v_j < v} γ_j (M's own choice, if anyone is below it),  L_i = Σ_{j: v_j < v_i} γ_j
 *     (every model above M now also beats M)
 *   pairwise line against j with outcome y:   u(t) = y − σ(t − θ_j)
 *
 * and h = −u′(t). For a sample M has been run on, u is that of its actual outcome. For one it
 * has not, M's outcome is a random level ℓ of the metric (./outcomes.ts) with the
 * maximum-entropy distribution q_ℓ ∝ e^{λ y_ℓ} whose mean is the predicted P_s (./traits.ts;
 * for a binary metric exactly Bernoulli(P_s)), giving
 *
 *   μ_s = E u,  v_s = Var u,  h_s = E h,  m_s = ∂μ_s/∂logit P_s = P_s (1 − P_s) Cov(u, y) / Var(y)
 *
 * and pairwise: M plays the sample's pool models as often as an average participant, each
 * game won with probability P_s. Groups and lines of one sample are summed.
 */
import type { ContributionTable } from './contribution-table';

export interface SampleTerms {
  mu: number;
  v: number;
  h: number;
  m: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** u and u′ of group k with M at value v (γ_M relative to the table's shift). */
function groupScore(t: ContributionTable, k: number, v: number, gm: number, out: { u: number; du: number }): void {
  let sb = 0;
  let u = 0;
  let du = 0;
  for (let q = t.entryOffsets[k]; q < t.entryOffsets[k + 1]; q++) {
    if (t.value[q] < v) sb += t.gamma[q];
    else if (t.value[q] > v) {
      const d = t.gamma[q] + t.below[q];
      u -= gm / (d + gm);
      du -= (gm * d) / ((d + gm) * (d + gm));
    }
  }
  if (sb > 0) {
    u += sb / (gm + sb);
    du -= (gm * sb) / ((gm + sb) * (gm + sb));
  }
  out.u = u;
  out.du = du;
}

/**
 * u and u′ of group k for every outcome level at once. Entries run best first and levels
 * ascending, so two cursors split the entries into above / tied / below each level: the loser
 * terms are a prefix sum over the entries above, S_< a suffix sum, O(entries + levels).
 */
function groupLevelScores(t: ContributionTable, k: number, gm: number, u: Float64Array, du: Float64Array): void {
  const e1 = t.entryOffsets[k + 1];
  const l0 = t.levelOffsets[k];
  let total = 0;
  for (let q = t.entryOffsets[k]; q < e1; q++) total += t.gamma[q];
  let above = t.entryOffsets[k];
  let notBelow = above;
  let gammaNotBelow = 0;
  let lose = 0;
  let dlose = 0;
  for (let l = t.levelOffsets[k + 1] - 1; l >= l0; l--) {
    const v = t.levelValue[l];
    for (; above < e1 && t.value[above] > v; above++) {
      const d = t.gamma[above] + t.below[above];
      lose += gm / (d + gm);
      dlose += (gm * d) / ((d + gm) * (d + gm));
    }
    for (; notBelow < e1 && t.value[notBelow] >= v; notBelow++) gammaNotBelow += t.gamma[notBelow];
    const sb = notBelow < e1 ? total - gammaNotBelow : 0;
    u[l - l0] = (sb > 0 ? sb / (gm + sb) : 0) - lose;
    du[l - l0] = (sb > 0 ? -(gm * sb) / ((gm + sb) * (gm + sb)) : 0) - dlose;
  }
}

/** u_s(t) and h_s(t) of M's actual outcomes on sample s. */
export function observedTerms(t: ContributionTable, s: number, theta: number): { u: number; h: number } {
  const gm = Math.exp(theta - t.shift);
  const r = { u: 0, du: 0 };
  let u = 0;
  let h = 0;
  for (let k = t.groupOffsets[s]; k < t.groupOffsets[s + 1]; k++) {
    if (!(t.targetValue[k] === t.targetValue[k])) continue;
    groupScore(t, k, t.targetValue[k], gm, r);
    u += r.u;
    h -= r.du;
  }
  for (let l = t.lineOffsets[s]; l < t.lineOffsets[s + 1]; l++) {
    const p = sigmoid(theta - t.lineTheta[l]);
    u += t.lineY[l] - p;
    h += p * (1 - p);
  }
  return { u, h };
}

/** The maximum-entropy level distribution with mean P of every group, aligned with levelValue. */
export function levelWeights(t: ContributionTable, p: Float64Array): Float64Array {
  const q = new Float64Array(t.levelValue.length);
  for (let s = 0; s < t.nSamples; s++) {
    for (let k = t.groupOffsets[s]; k < t.groupOffsets[s + 1]; k++) tilt(t.levelY, t.levelOffsets[k], t.levelOffsets[k + 1], p[s], q);
  }
  return q;
}

function tilt(y: Float64Array, lo: number, hi: number, mean: number, q: Float64Array): void {
  const n = hi - lo;
  if (mean <= y[lo]) q[lo] = 1;
  else if (mean >= y[hi - 1]) q[hi - 1] = 1;
  else if (n === 2) {
    q[hi - 1] = (mean - y[lo]) / (y[hi - 1] - y[lo]);
    q[lo] = 1 - q[hi - 1];
  } else {
    // the tilted mean rises with λ: bisection
    let a = -200;
    let b = 200;
    for (let it = 0; it < 60; it++) {
      const lambda = (a + b) / 2;
      if (tiltWeights(y, lo, hi, lambda, q) < mean) a = lambda;
      else b = lambda;
    }
    tiltWeights(y, lo, hi, (a + b) / 2, q);
  }
}

function tiltWeights(y: Float64Array, lo: number, hi: number, lambda: number, q: Float64Array): number {
  let top = -Infinity;
  for (let i = lo; i < hi; i++) top = Math.max(top, lambda * y[i]);
  let z = 0;
  let m = 0;
  for (let i = lo; i < hi; i++) {
    q[i] = Math.exp(lambda * y[i] - top);
    z += q[i];
  }
  for (let i = lo; i < hi; i++) {
    q[i] /= z;
    m += q[i] * y[i];
  }
  return m;
}

/** μ_s, v_s, h_s, m_s of an unmeasured sample at M's strength θ, its P_s and level weights q. */
export function expectedTerms(t: ContributionTable, s: number, theta: number, p: number, q: Float64Array, out: SampleTerms): SampleTerms {
  const gm = Math.exp(theta - t.shift);
  out.mu = out.v = out.h = out.m = 0;
  for (let k = t.groupOffsets[s]; k < t.groupOffsets[s + 1]; k++) {
    const l0 = t.levelOffsets[k];
    const n = t.levelOffsets[k + 1] - l0;
    const { levelU, levelDu } = t;
    groupLevelScores(t, k, gm, levelU, levelDu);
    let eu = 0;
    let eu2 = 0;
    let ey = 0;
    let ey2 = 0;
    let euy = 0;
    let edu = 0;
    for (let i = 0; i < n; i++) {
      const w = q[l0 + i];
      if (w === 0) continue;
      const y = t.levelY[l0 + i];
      const u = levelU[i];
      eu += w * u;
      eu2 += w * u * u;
      ey += w * y;
      ey2 += w * y * y;
      euy += w * u * y;
      edu += w * levelDu[i];
    }
    const vy = ey2 - ey * ey;
    out.mu += eu;
    out.v += Math.max(0, eu2 - eu * eu);
    out.h -= edu;
    out.m += vy > 1e-12 ? (p * (1 - p) * (euy - eu * ey)) / vy : 0;
  }
  for (let o = t.opponentOffsets[s]; o < t.opponentOffsets[s + 1]; o++) {
    const c = t.opponentCount[o];
    const win = sigmoid(theta - t.opponentTheta[o]);
    out.mu += c * (p - win);
    out.v += c * p * (1 - p);
    out.h += c * win * (1 - win);
    out.m += c * p * (1 - p);
  }
  return out;
}

