/**
 * The Plackett-Luce objective (./pl-objective.ts) against a plain re-derivation of it:
 *
 *   ℓ(θ) = Σ_e w_e [θ_{i_e} − log Σ_{j∈C_e} e^{θ_j}] + prior Σ_i [θ_i − 2 log(1 + e^{θ_i})]
 *   ∇ℓ   = Σ_e w_e [1_{i_e} − p_e] + prior (1 − 2σ(θ))
 *   J    = Σ_e w_e [diag(p_e) − p_e p_eᵀ] + 2 prior diag(σ(θ)(1 − σ(θ)))
 *
 * written out per choice event (a softmax over C_e = {winner} ∪ losers, O(|C_e|²) each, no
 * suffix sums, no shift), and against central finite differences of ℓ and of ∇ℓ. Problems are
 * small and random (seeded): tiered rankings, 0/1 scores, pairwise battles with ties and
 * weighted preferences (p_a), extra per-event weights (bootstrap-like multiplicities, zeros
 * included), prior > 0 and prior = 0, all models active or one left out. The Newton fit
 * (./pl-newton.ts) must end where the plain gradient vanishes with J_ff⁻¹ as its covariance,
 * and the per-sample scores of the sandwich (./cluster-robust.ts) must add up to the plain
 * gradient.
 */
import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { buildChoices, losersOf, type ChoiceEvents } from './choices';
import { fitPlackettLuce } from './plackett-luce';
import { objectiveScratch, plObjective, SHARED_SCRATCH_ENTRIES } from './pl-objective';
import { Prng } from './prng';
import { plSampleScores } from './sample-scores';

/** Fast vs plain, relative to the largest magnitude in the compared arrays. */
const EXACT = 1e-12;
/** Central differences with step H: truncation O(H²) and rounding O(ε|ℓ|/H), relative. */
const H = 1e-5;
const FINITE_DIFFERENCE = 1e-7;

interface Objective {
  ll: number;
  grad: Float64Array;
  info: Float64Array;
}

function plainObjective(c: ChoiceEvents, theta: Float64Array, weight: Float64Array, prior: number, active: Uint8Array): Objective {
  const n = c.nModels;
  const grad = new Float64Array(n);
  const info = new Float64Array(n * n);
  let ll = 0;
  for (let e = 0; e < c.winner.length; e++) {
    const w = weight[e];
    const i = c.winner[e];
    if (!(w > 0) || !active[i]) continue;
    const choice = [i, ...losersOf(c, e).filter((j) => active[j])];
    const top = Math.max(...choice.map((j) => theta[j]));
    const logD = top + Math.log(choice.reduce((s, j) => s + Math.exp(theta[j] - top), 0));
    const p = choice.map((j) => Math.exp(theta[j] - logD));
    ll += w * (theta[i] - logD);
    grad[i] += w;
    choice.forEach((k, a) => {
      grad[k] -= w * p[a];
      info[k * n + k] += w * p[a];
      choice.forEach((l, b) => (info[k * n + l] -= w * p[a] * p[b]));
    });
  }
  for (let m = 0; m < n; m++) {
    if (!active[m] || prior === 0) continue;
    const t = theta[m];
    const sig = 1 / (1 + Math.exp(-t));
    ll += prior * (t - 2 * Math.log1p(Math.exp(t)));
    grad[m] += prior * (1 - 2 * sig);
    info[m * n + m] += 2 * prior * sig * (1 - sig);
  }
  return { ll, grad, info };
}

function fastObjective(c: ChoiceEvents, theta: Float64Array, weight: Float64Array, prior: number, active: Uint8Array): Objective {
  const grad = new Float64Array(c.nModels);
  const info = new Float64Array(c.nModels * c.nModels);
  const ll = plObjective(c, theta, weight, prior, active, grad, info, objectiveScratch(c));
  return { ll, grad, info };
}

/** max |a − b| / max(1, max |b|): agreement relative to the scale of the reference. */
function relativeError(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let diff = 0;
  let scale = 1;
  for (let k = 0; k < b.length; k++) {
    diff = Math.max(diff, Math.abs(a[k] - b[k]));
    scale = Math.max(scale, Math.abs(b[k]));
  }
  return diff / scale;
}

interface Problem {
  c: ChoiceEvents;
  theta: Float64Array;
  weight: Float64Array;
  active: Uint8Array;
}

/** Every measurement kind that makes choice events, on nModels models (with gaps). */
function randomProblem(seed: number, opts: { reweight: boolean; dropModel: boolean }): Problem {
  const rng = new Prng(seed);
  const n = 3 + rng.int(6);
  const b = new MeasurementBatchBuilder();
  for (let m = 0; m < n; m++) b.model(`m${m}`);
  const nSamples = 4 + rng.int(8);
  for (let s = 0; s < nSamples; s++) {
    const sample = b.sample(`s${s}`);
    const kind = rng.int(3);
    if (kind === 0) {
      // A partial ranking with tied tiers: 2..n models, 1..3 per tier.
      const shuffled = Array.from({ length: n }, (_, m) => m).sort(() => rng.next() - 0.5);
      const size = 2 + rng.int(n - 1);
      const tiers: number[][] = [];
      for (let q = 0; q < size; ) {
        const t = Math.min(size - q, 1 + rng.int(3));
        tiers.push(shuffled.slice(q, q + t));
        q += t;
      }
      b.addRanking(sample, tiers);
    } else if (kind === 1) {
      for (let m = 0; m < n; m++) if (rng.next() < 0.8) b.addScore(sample, m, 'accuracy', rng.int(2));
    } else {
      for (let k = 0; k < 3; k++) {
        const a = rng.int(n);
        const bb = (a + 1 + rng.int(n - 1)) % n;
        const r = rng.next();
        if (r < 0.4) b.addPairwise(sample, a, bb, 'a', rng.next());
        else b.addPairwise(sample, a, bb, r < 0.6 ? 'tie' : r < 0.8 ? 'a' : 'b');
      }
    }
  }
  const c = buildChoices(b.build());
  const weight = c.weight.slice();
  if (opts.reweight) for (let e = 0; e < weight.length; e++) weight[e] *= rng.next() < 0.2 ? 0 : rng.int(3) + rng.next();
  const theta = Float64Array.from({ length: n }, () => 1.5 * rng.normal());
  const active = new Uint8Array(n).fill(1);
  if (opts.dropModel) active[rng.int(n)] = 0;
  return { c, theta, weight, active };
}

const SEEDS = Array.from({ length: 12 }, (_, k) => 1000 + 37 * k);
const CASES = SEEDS.flatMap((seed, k) =>
  [0.1, 0, 2.5].map((prior) => ({ seed, prior, reweight: k % 2 === 0, dropModel: k % 3 === 1 })),
);

describe.each(CASES)('seed $seed, prior $prior, reweighted $reweight, one model inactive $dropModel', ({ seed, prior, reweight, dropModel }) => {
  const p = randomProblem(seed, { reweight, dropModel });
  const { c, theta, weight, active } = p;
  const n = c.nModels;

  it('has weighted events of several sizes to test', () => {
    expect(c.winner.length).toBeGreaterThan(5);
    expect(new Set(Array.from(c.winner, (_, e) => losersOf(c, e).length)).size).toBeGreaterThan(1);
    expect(Array.from(weight).some((w) => w > 0 && w !== 1)).toBe(true);
  });

  it('ℓ, ∇ℓ and J equal the plain per-event softmax', () => {
    const fast = fastObjective(c, theta, weight, prior, active);
    const plain = plainObjective(c, theta, weight, prior, active);
    expect(Math.abs(fast.ll - plain.ll) / Math.max(1, Math.abs(plain.ll))).toBeLessThan(EXACT);
    expect(relativeError(fast.grad, plain.grad)).toBeLessThan(EXACT);
    expect(relativeError(fast.info, plain.info)).toBeLessThan(EXACT);
  });

  it('∇ℓ is the central difference of ℓ and J that of −∇ℓ', () => {
    const fast = fastObjective(c, theta, weight, prior, active);
    const fdGrad = new Float64Array(n);
    const fdInfo = new Float64Array(n * n);
    for (let k = 0; k < n; k++) {
      if (!active[k]) continue;
      const up = theta.slice();
      const down = theta.slice();
      up[k] += H;
      down[k] -= H;
      const fUp = fastObjective(c, up, weight, prior, active);
      const fDown = fastObjective(c, down, weight, prior, active);
      fdGrad[k] = (fUp.ll - fDown.ll) / (2 * H);
      for (let m = 0; m < n; m++) fdInfo[m * n + k] = -(fUp.grad[m] - fDown.grad[m]) / (2 * H);
    }
    expect(relativeError(fdGrad, fast.grad)).toBeLessThan(FINITE_DIFFERENCE);
    expect(relativeError(fdInfo, fast.info)).toBeLessThan(FINITE_DIFFERENCE);
  });

  it('leaves inactive models out, and J is symmetric with the prior as its only row sums', () => {
    const { grad, info } = fastObjective(c, theta, weight, prior, active);
    for (let m = 0; m < n; m++) {
      let rowSum = 0;
      for (let k = 0; k < n; k++) {
        expect(info[m * n + k]).toBe(info[k * n + m]);
        if (!active[m] || !active[k]) expect(info[m * n + k]).toBe(0);
        rowSum += info[m * n + k];
      }
      if (!active[m]) expect(grad[m]).toBe(0);
      const sig = 1 / (1 + Math.exp(-theta[m]));
      const priorCurvature = active[m] ? 2 * prior * sig * (1 - sig) : 0;
      expect(Math.abs(rowSum - priorCurvature)).toBeLessThan(EXACT * Math.max(1, info[m * n + m]));
    }
  });

  it('the gradient-only passes (no J, no ℓ) give the same gradient', () => {
    const full = fastObjective(c, theta, weight, prior, active);
    const grad = new Float64Array(n);
    const ll = plObjective(c, theta, weight, prior, active, grad, null, objectiveScratch(c), false);
    expect(ll).toBeNaN();
    expect(relativeError(grad, full.grad)).toBeLessThan(EXACT);
  });

  it('the Newton fit ends where the plain gradient vanishes, with J_ff⁻¹ as covariance', () => {
    // Under the MLE only the baseline's strongly connected component has finite estimates, so
    // the fit picks its own active set (./identifiability.ts).
    const baseline = active.indexOf(1);
    const fit = fitPlackettLuce(c, { baseline, prior, weight, active: prior > 0 ? active : undefined });
    expect(fit.converged).toBe(true);
    const at = fit.theta.map((t) => (Number.isFinite(t) ? t : 0));
    const plain = plainObjective(c, at, weight, prior, fit.active);
    const free = Array.from(fit.free);
    expect(Math.max(0, ...free.map((m) => Math.abs(plain.grad[m])))).toBeLessThan(1e-9);
    if (!fit.covariance || free.length === 0) return;
    // J is taken at the last Newton point that computed it, within ~1e-3 of the optimum.
    const nf = free.length;
    let worst = 0;
    for (let a = 0; a < nf; a++) {
      for (let b = 0; b < nf; b++) {
        let s = 0;
        for (let k = 0; k < nf; k++) s += fit.covariance[a * nf + k] * plain.info[free[k] * n + free[b]];
        worst = Math.max(worst, Math.abs(s - (a === b ? 1 : 0)));
      }
    }
    expect(worst).toBeLessThan(5e-3);
  });

  it("the sandwich's per-sample scores add up to the plain data gradient", () => {
    // plSampleScores uses the events' own weights and no prior.
    const plain = plainObjective(c, theta, c.weight, 0, active);
    let top = -Infinity;
    for (let m = 0; m < n; m++) if (active[m]) top = Math.max(top, theta[m]);
    const gamma = theta.map((t, m) => (active[m] ? Math.exp(t - top) : 0));
    const scores = plSampleScores(c, gamma);
    const total = new Float64Array(n);
    const g = new Float64Array(n);
    for (let s = 0; s < c.nSamples; s++) {
      g.fill(0);
      if (!scores(s, g)) continue;
      for (let m = 0; m < n; m++) total[m] += g[m];
    }
    expect(relativeError(total, plain.grad)).toBeLessThan(EXACT);
  });
});

describe('objectiveScratch', () => {
  const big = randomProblem(SEEDS[3], { reweight: true, dropModel: false });
  const small = randomProblem(SEEDS[4], { reweight: false, dropModel: true });
  const fresh = (c: ChoiceEvents) => {
    const m = c.entries.length;
    return { gamma: new Float64Array(c.nModels), suf: new Float64Array(m), posA: new Float64Array(m), posR: new Float64Array(m) };
  };

  it('hands out the same buffers from one call to the next, a large fit its own', () => {
    expect(objectiveScratch(small.c).suf.buffer).toBe(objectiveScratch(big.c).suf.buffer);
    const huge = { ...small.c, nModels: small.c.nModels, entries: new Int32Array(SHARED_SCRATCH_ENTRIES + 1) };
    expect(objectiveScratch(huge).suf.buffer).not.toBe(objectiveScratch(small.c).suf.buffer);
  });

  it('carries nothing between calls: objective and fit on buffers left dirty equal those on fresh arrays', () => {
    for (const p of [big, small]) {
      const dirty = objectiveScratch(p.c);
      for (const a of [dirty.gamma, dirty.suf, dirty.posA, dirty.posR]) a.fill(Number.NaN);
      const n = p.c.nModels;
      const [g1, g2] = [new Float64Array(n), new Float64Array(n)];
      const [i1, i2] = [new Float64Array(n * n), new Float64Array(n * n)];
      const ll1 = plObjective(p.c, p.theta, p.weight, 0.1, p.active, g1, i1, dirty);
      const ll2 = plObjective(p.c, p.theta, p.weight, 0.1, p.active, g2, i2, fresh(p.c));
      expect([ll1, Array.from(g1), Array.from(i1)]).toEqual([ll2, Array.from(g2), Array.from(i2)]);
      for (const a of [dirty.gamma, dirty.suf, dirty.posA, dirty.posR]) a.fill(Number.NaN);
      const opts = { baseline: p.active.indexOf(1), prior: 0.1, weight: p.weight, active: p.active };
      const shared = fitPlackettLuce(p.c, opts);
      const own = fitPlackettLuce(p.c, { ...opts, scratch: fresh(p.c) });
      expect(Array.from(shared.theta)).toEqual(Array.from(own.theta));
      expect(Array.from(shared.variance)).toEqual(Array.from(own.variance));
      expect(shared.logLikelihood).toBe(own.logLikelihood);
    }
  });
});
