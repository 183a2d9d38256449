/**
 * The placed model's projected full-selection score: the root t* of the leaderboard's
 * Plackett-Luce score equation for it over every sample of the selection, with the pool held
 * at its fitted strengths, where samples it has been run on contribute their actual u_s and
 * the others their expectation μ_s under its traits (./contributions.ts, ./traits.ts):
 *
 *   F(t) = Σ_{s measured} u_s(t) + Σ_{s not yet} μ_s(t) + π (1 − 2σ(t − θ̄)) = 0
 *
 * (π = the leaderboard's prior, ../ranking/prior.ts, keeping t finite for a model that never
 * lost). The score it will get once every sample is run differs from t* by two things
 * (linearised, H = −F′(t*) = Σ h_s):
 *
 *   noise     Σ_{s not yet} v_s / H²          the outcomes not yet seen
 *   traits    gᵀ Σ g,  g = Σ_{s not yet} m_s x_s / H   what is not yet known about φ
 *
 * so the prediction is t* ± z √(noise + traits): a prediction interval for the score of the
 * full selection (a finite-population prediction, Royall 1970), not for a strength behind it.
 * Newton on F with a bracket (F decreases in t).
 *
 * μ_s is taken at P_s averaged over the traits' posterior (`predictive`: η_s = logit P_s is
 * normal with variance x_sᵀΣx_s), not at its mode: a sample whose P_s is still uncertain is
 * expected nearer ½ than the mode says. Why, measured by bench:plan (10%): at the mode the
 * projection ran high on AlpacaEval 1 (mean score error +0.21 with random samples, 12 held-out
 * models x 3 draws; +0.04 averaged) and a plan leaning on the samples it had learnt most about
 * was overconfident on the rest (all of MMLU-Pro, 8 held-out models x 2 draws: planned score
 * RMSE 0.100, stated sd 0.075; averaged, the plan's score RMSE fell to 0.74x random's from 0.93x).
 */
import type { PlanningContext } from './context';
import { expectedTerms, levelWeights, observedTerms, type SampleTerms } from './contributions';
import { NNZ, sparseRow, type TraitPosterior } from './traits';

export interface Projection {
  score: number;
  sd: number;
  noise: number;
  traits: number;
  /** H = Σ h_s at the score */
  information: number;
  /** unmeasured samples of the universe, and per sample m_s / H and v_s / H² */
  open: Int32Array;
  d: Float64Array;
  noiseOf: Float64Array;
  /** g (length p) */
  g: Float64Array;
}

export function projectScore(ctx: PlanningContext, post: TraitPosterior, measured: Uint8Array, universe: Uint8Array, prior: number): Projection {
  const { table, params } = ctx;
  const pp = predictive(ctx, post);
  const q = levelWeights(table, pp);
  const open: number[] = [];
  const observed: number[] = [];
  for (let s = 0; s < table.nSamples; s++) {
    if (measured[s]) observed.push(s);
    else if (universe[s] && ctx.hasPool[s]) open.push(s);
  }
  const terms: SampleTerms = { mu: 0, v: 0, h: 0, m: 0 };
  const center = params.center;
  const evaluate = (t: number) => {
    const sg = 1 / (1 + Math.exp(-(t - center)));
    let f = prior * (1 - 2 * sg);
    let h = 2 * prior * sg * (1 - sg);
    for (const s of observed) {
      const o = observedTerms(table, s, t);
      f += o.u;
      h += o.h;
    }
    for (const s of open) {
      expectedTerms(table, s, t, pp[s], q, terms);
      f += terms.mu;
      h += terms.h;
    }
    return { f, h };
  };
  const poolScores = Array.from(ctx.scores).filter(Number.isFinite);
  let lo = Math.min(center, ...poolScores) - 30;
  let hi = Math.max(center, ...poolScores) + 30;
  let t = Math.min(hi, Math.max(lo, post.phi[0]));
  for (let it = 0; it < 60; it++) {
    const { f, h } = evaluate(t);
    if (f > 0) lo = t;
    else hi = t;
    let next = t + f / Math.max(h, 1e-12);
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    const step = Math.abs(next - t);
    t = next;
    if (step < 1e-7 || hi - lo < 1e-7) break;
  }

  const nOpen = open.length;
  const m = new Float64Array(nOpen);
  const v = new Float64Array(nOpen);
  const sg = 1 / (1 + Math.exp(-(t - center)));
  let information = 2 * prior * sg * (1 - sg);
  for (const s of observed) information += observedTerms(table, s, t).h;
  for (let i = 0; i < nOpen; i++) {
    expectedTerms(table, open[i], t, pp[open[i]], q, terms);
    m[i] = terms.m;
    v[i] = terms.v;
    information += terms.h;
  }
  const p = ctx.design.p;
  const g = new Float64Array(p);
  const idx = new Int32Array(NNZ);
  const val = new Float64Array(NNZ);
  let noise = 0;
  const d = new Float64Array(nOpen);
  const noiseOf = new Float64Array(nOpen);
  for (let i = 0; i < nOpen; i++) {
    d[i] = m[i] / information;
    noiseOf[i] = v[i] / (information * information);
    noise += noiseOf[i];
    sparseRow(params, ctx.design, open[i], idx, val);
    for (let a = 0; a < NNZ; a++) g[idx[a]] += d[i] * val[a];
  }
  const traits = quadratic(post.cov, g, p);
  return { score: t, sd: Math.sqrt(noise + traits), noise, traits, information, open: Int32Array.from(open), d, noiseOf, g };
}

/** P_s averaged over the traits' posterior: σ(η̂_s / √(1 + π x_sᵀΣx_s / 8)) (MacKay 1992). */
export function predictive(ctx: PlanningContext, post: TraitPosterior): Float64Array {
  const { p } = ctx.design;
  const out = new Float64Array(post.p.length);
  const idx = new Int32Array(NNZ);
  const val = new Float64Array(NNZ);
  for (let s = 0; s < out.length; s++) {
    const eta = Math.log(post.p[s] / (1 - post.p[s]));
    sparseRow(ctx.params, ctx.design, s, idx, val);
    let v = 0;
    for (let a = 0; a < NNZ; a++) for (let e = 0; e < NNZ; e++) v += val[a] * val[e] * post.cov[idx[a] * p + idx[e]];
    out[s] = Number.isFinite(eta) ? 1 / (1 + Math.exp(-eta / Math.sqrt(1 + (Math.PI * v) / 8))) : post.p[s];
  }
  return out;
}

/** gᵀ A g for a symmetric p x p A. */
export function quadratic(a: Float64Array, g: Float64Array, p: number): number {
  let s = 0;
  for (let i = 0; i < p; i++) {
    if (g[i] === 0) continue;
    let row = 0;
    for (let j = 0; j < p; j++) row += a[i * p + j] * g[j];
    s += g[i] * row;
  }
  return s;
}
