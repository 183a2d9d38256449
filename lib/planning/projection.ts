/**
 * The placed model's projected full-selection score: the root t* of the leaderboard's
 * Plackett-Luce score equation for it over every sample of the selection, with the pool held
 * at its fitted strengths, where samples it has been run on contribute their actual u_s and
 * the others their expectation μ_s under its fitted traits (./contributions.ts, ./traits.ts):
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
 */
import type { PlanningContext } from './context';
import { expectedTerms, levelWeights, observedTerms, type SampleTerms } from './contributions';
import { sparseRow, type TraitPosterior } from './traits';

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
  const q = levelWeights(table, post.p);
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
      expectedTerms(table, s, t, post.p[s], q, terms);
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
    expectedTerms(table, open[i], t, post.p[open[i]], q, terms);
    m[i] = terms.m;
    v[i] = terms.v;
    information += terms.h;
  }
  const p = ctx.design.p;
  const g = new Float64Array(p);
  const idx = new Int32Array(3);
  const val = new Float64Array(3);
  let noise = 0;
  const d = new Float64Array(nOpen);
  const noiseOf = new Float64Array(nOpen);
  for (let i = 0; i < nOpen; i++) {
    d[i] = m[i] / information;
    noiseOf[i] = v[i] / (information * information);
    noise += noiseOf[i];
    sparseRow(params, ctx.design, open[i], idx, val);
    for (let a = 0; a < 3; a++) g[idx[a]] += d[i] * val[a];
  }
  const traits = quadratic(post.cov, g, p);
  return { score: t, sd: Math.sqrt(noise + traits), noise, traits, information, open: Int32Array.from(open), d, noiseOf, g };
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
