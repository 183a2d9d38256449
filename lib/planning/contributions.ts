/**
 * What one sample adds to the leaderboard's Plackett-Luce score equation of the placed model M,
 * with every other model's strength γ_j = e^{θ_j} held at its fitted value (./choices.ts builds
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
import { KIND_RANKING, type TieredGroups } from '../ranking/groups';
import { WINNER_A, WINNER_B, type MeasurementBatch } from '../ranking/measurements';
import { cardinalKey, type MetricScale } from './outcomes';

export interface ContributionTable {
  nSamples: number;
  /** γ are e^{θ − shift} */
  shift: number;
  /** groups by sample: sample s has groups [groupOffsets[s], groupOffsets[s + 1]) */
  groupOffsets: Int32Array;
  /** pool entries of group k: [entryOffsets[k], entryOffsets[k + 1]), best first */
  entryOffsets: Int32Array;
  value: Float64Array;
  gamma: Float64Array;
  below: Float64Array;
  /** outcome levels of group k: [levelOffsets[k], levelOffsets[k + 1]), ascending */
  levelOffsets: Int32Array;
  levelValue: Float64Array;
  levelY: Float64Array;
  /** M's value in group k (NaN if it has none) */
  targetValue: Float64Array;
  /** pairwise: expected opponents of M on s, and M's own lines */
  opponentOffsets: Int32Array;
  opponentTheta: Float64Array;
  opponentCount: Float64Array;
  lineOffsets: Int32Array;
  lineTheta: Float64Array;
  lineY: Float64Array;
}

export interface SampleTerms {
  mu: number;
  v: number;
  h: number;
  m: number;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

export function contributionTable(
  b: MeasurementBatch,
  groups: TieredGroups,
  scales: Map<number, MetricScale>,
  target: number,
  scores: Float64Array,
): ContributionTable {
  const pool = (m: number) => m !== target && Number.isFinite(scores[m]);
  let shift = 0;
  for (let m = 0; m < scores.length; m++) if (pool(m)) shift = Math.max(shift, scores[m]);
  const nGroups = groups.sample.length;
  // Pass 1: pool entries and outcome levels per group (0 = the group says nothing about M).
  const nEntries = new Int32Array(nGroups);
  const nLevels = new Int32Array(nGroups);
  for (let k = 0; k < nGroups; k++) {
    let tiers = 0;
    for (let q = groups.offsets[k], last = NaN; q < groups.offsets[k + 1]; q++) {
      if (!pool(groups.model[q])) continue;
      nEntries[k]++;
      if (groups.value[q] !== last) tiers++;
      last = groups.value[q];
    }
    const levels = groups.kind[k] === KIND_RANKING ? tiers + 1 : (scales.get(cardinalKey(groups.kind[k], groups.key[k]))?.levels.length ?? 0);
    nLevels[k] = nEntries[k] > 0 && levels >= 2 ? levels : 0;
  }
  // Groups in sample order (a stable counting sort: rankings come after the cardinal groups).
  const groupOffsets = new Int32Array(b.nSamples + 1);
  for (let k = 0; k < nGroups; k++) if (nLevels[k] > 0) groupOffsets[groups.sample[k] + 1]++;
  for (let s = 0; s < b.nSamples; s++) groupOffsets[s + 1] += groupOffsets[s];
  const cursor = groupOffsets.slice(0, b.nSamples);
  const order = new Int32Array(groupOffsets[b.nSamples]);
  for (let k = 0; k < nGroups; k++) if (nLevels[k] > 0) order[cursor[groups.sample[k]]++] = k;

  const kept = order.length;
  const entryOffsets = new Int32Array(kept + 1);
  const levelOffsets = new Int32Array(kept + 1);
  for (let i = 0; i < kept; i++) {
    entryOffsets[i + 1] = entryOffsets[i] + nEntries[order[i]];
    levelOffsets[i + 1] = levelOffsets[i] + nLevels[order[i]];
  }
  const value = new Float64Array(entryOffsets[kept]);
  const gamma = new Float64Array(value.length);
  const below = new Float64Array(value.length);
  const levelValue = new Float64Array(levelOffsets[kept]);
  const levelY = new Float64Array(levelValue.length);
  const targetValue = new Float64Array(kept).fill(NaN);
  for (let i = 0; i < kept; i++) {
    const k = order[i];
    let e = entryOffsets[i];
    for (let q = groups.offsets[k]; q < groups.offsets[k + 1]; q++) {
      const m = groups.model[q];
      if (m === target) targetValue[i] = groups.value[q];
      else if (pool(m)) {
        value[e] = groups.value[q];
        gamma[e++] = Math.exp(scores[m] - shift);
      }
    }
    // L_i: entries are best first, so the strictly lower ones form a suffix.
    const lo = entryOffsets[i];
    let acc = 0;
    for (let q = e - 1, run = q; q >= lo; q--) {
      if (value[q] !== value[run]) {
        for (let r = run; r > q; r--) acc += gamma[r];
        run = q;
      }
      below[q] = acc;
    }
    if (groups.kind[k] === KIND_RANKING) insertionLevels(value, lo, e, levelValue, levelY, levelOffsets[i]);
    else {
      const scale = scales.get(cardinalKey(groups.kind[k], groups.key[k]))!;
      levelValue.set(scale.levels, levelOffsets[i]);
      levelY.set(scale.levelY, levelOffsets[i]);
    }
  }
  return {
    nSamples: b.nSamples,
    shift,
    groupOffsets,
    entryOffsets,
    value,
    gamma,
    below,
    levelOffsets,
    levelValue,
    levelY,
    targetValue,
    ...pairwiseTerms(b, target, pool, scores),
  };
}

/** A ranking line's levels: M as a new tier in each of the K + 1 gaps of the pool's K tiers, ascending. */
function insertionLevels(value: Float64Array, lo: number, hi: number, levels: Float64Array, levelY: Float64Array, at: number): void {
  const tiers: number[] = [];
  for (let q = lo; q < hi; q++) if (tiers.length === 0 || tiers[tiers.length - 1] !== value[q]) tiers.push(value[q]);
  const k = tiers.length;
  for (let i = 0; i <= k; i++) {
    const p = k - i;
    levels[at + i] = p === 0 ? tiers[0] + 1 : p === k ? tiers[k - 1] - 1 : (tiers[p - 1] + tiers[p]) / 2;
    levelY[at + i] = 1 - p / k;
  }
}

function pairwiseTerms(b: MeasurementBatch, target: number, pool: (m: number) => boolean, scores: Float64Array) {
  const p = b.pairwise;
  const opponents = Array.from({ length: b.nSamples }, () => new Map<number, number>());
  const lines = Array.from({ length: b.nSamples }, () => [] as Array<[number, number]>);
  for (let r = 0; r < p.sample.length; r++) {
    const a = p.modelA[r];
    const c = p.modelB[r];
    if (a === c) continue;
    const ya = p.pA[r] === p.pA[r] ? p.pA[r] : p.winner[r] === WINNER_A ? 1 : p.winner[r] === WINNER_B ? 0 : 0.5;
    const s = p.sample[r];
    if (pool(a) && pool(c)) {
      opponents[s].set(a, (opponents[s].get(a) ?? 0) + 1);
      opponents[s].set(c, (opponents[s].get(c) ?? 0) + 1);
    } else if (a === target && pool(c)) lines[s].push([scores[c], ya]);
    else if (c === target && pool(a)) lines[s].push([scores[a], 1 - ya]);
  }
  const opponentOffsets = new Int32Array(b.nSamples + 1);
  const lineOffsets = new Int32Array(b.nSamples + 1);
  const opponentTheta: number[] = [];
  const opponentCount: number[] = [];
  const lineTheta: number[] = [];
  const lineY: number[] = [];
  for (let s = 0; s < b.nSamples; s++) {
    // An average participant of the sample plays each model in proportion to its games.
    for (const [m, count] of [...opponents[s]].sort((x, y) => x[0] - y[0])) {
      opponentTheta.push(scores[m]);
      opponentCount.push(count / opponents[s].size);
    }
    for (const [theta, y] of lines[s]) {
      lineTheta.push(theta);
      lineY.push(y);
    }
    opponentOffsets[s + 1] = opponentTheta.length;
    lineOffsets[s + 1] = lineTheta.length;
  }
  return {
    opponentOffsets,
    opponentTheta: Float64Array.from(opponentTheta),
    opponentCount: Float64Array.from(opponentCount),
    lineOffsets,
    lineTheta: Float64Array.from(lineTheta),
    lineY: Float64Array.from(lineY),
  };
}

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
  const r = { u: 0, du: 0 };
  out.mu = out.v = out.h = out.m = 0;
  for (let k = t.groupOffsets[s]; k < t.groupOffsets[s + 1]; k++) {
    let eu = 0;
    let eu2 = 0;
    let ey = 0;
    let ey2 = 0;
    let euy = 0;
    let edu = 0;
    for (let l = t.levelOffsets[k]; l < t.levelOffsets[k + 1]; l++) {
      const w = q[l];
      if (w === 0) continue;
      groupScore(t, k, t.levelValue[l], gm, r);
      const y = t.levelY[l];
      eu += w * r.u;
      eu2 += w * r.u * r.u;
      ey += w * y;
      ey2 += w * y * y;
      euy += w * r.u * y;
      edu += w * r.du;
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
