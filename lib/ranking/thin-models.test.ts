import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { rank } from './leaderboard';
import { chiSquareSignificant, thinModelAdjustments } from './thin-models';
import { prepareBatch } from './leaderboard';
import { fitPlackettLuce } from './plackett-luce';
import { poolSelection } from './test-batches';
import { Prng } from './prng';
import type { LeaderboardRow } from './leaderboard-types';

const MODELS = 24;
const SAMPLES = 6000;
const NEW = 'new-model';

/**
 * 0/1 answers with a difficulty and a discrimination per question (a 2PL model: P(correct) =
 * σ(a_s (θ_m − b_s))), the kind of data on which a model's Plackett–Luce score depends on the
 * mix of questions it was run on. `keep(s, poolShare)` says which questions NEW was run on
 * (poolShare: the share of the other models that answered s correctly).
 */
function pool(keep: (s: number, poolShare: number, rng: Prng) => boolean) {
  const rng = new Prng(7);
  const theta = Array.from({ length: MODELS }, (_, m) => -2 + (4 * m) / (MODELS - 1));
  const b = new MeasurementBatchBuilder();
  for (let s = 0; s < SAMPLES; s++) {
    b.sample(`q${s}`, 'bench', [s % 3 === 0 ? 'law' : 'math']);
    const difficulty = 1.6 * rng.normal();
    const a = 0.3 + 1.4 * rng.next();
    let correct = 0;
    for (let m = 0; m < MODELS; m++) {
      const v = rng.next() < 1 / (1 + Math.exp(a * (difficulty - theta[m]))) ? 1 : 0;
      correct += v;
      b.addScore(`q${s}`, `m${m}`, 'acc', v);
    }
    const own = rng.next() < 1 / (1 + Math.exp(a * (difficulty - 0.5))) ? 1 : 0;
    if (keep(s, correct / MODELS, rng)) b.addScore(`q${s}`, NEW, 'acc', own);
  }
  return b.build();
}

const row = (rows: LeaderboardRow[], model: string) => rows.find((r) => r.model === model)!;

describe('post-stratified thin models', () => {
  const full = row(rank('plackett-luce', pool(() => true)).models, NEW);
  // A skewed pick: mostly the questions most models answer, a few of the rest.
  const skewed = pool((_, share, rng) => (share > 0.6 ? rng.next() < 0.4 : rng.next() < 0.03));

  it('moves a model run on a skewed mix of questions towards its full-data score, with a wider interval', () => {
    const plain = rank('plackett-luce', skewed, { postStratify: false });
    const weighted = rank('plackett-luce', skewed);
    const p = row(plain.models, NEW);
    const w = row(weighted.models, NEW);
    const bias = Math.abs(p.score! - full.score!);
    expect(bias).toBeGreaterThan(2 * ((p.ci![1] - p.ci![0]) / 3.92)); // the skew biases the joint fit beyond its interval ...
    expect(p.ci![0] > full.score! || p.ci![1] < full.score!).toBe(true);
    expect(Math.abs(w.score! - full.score!)).toBeLessThan(bias / 4); // ... and the weights undo most of it
    expect(w.ci![1] - w.ci![0]).toBeGreaterThan(p.ci![1] - p.ci![0]);
    expect(w.ci![0]).toBeLessThanOrEqual(full.score!);
    expect(w.ci![1]).toBeGreaterThanOrEqual(full.score!);
    const warning = weighted.warnings.find((x) => x.code === 'design_weighted');
    expect(warning?.model).toBe(NEW);
    expect(warning?.message).toMatch(/post-stratified/);
    // the other models keep the joint fit
    for (const r of plain.models) if (r.model !== NEW) expect(row(weighted.models, r.model).score).toBe(r.score);
  });

  it('leaves a thin model chosen as the baseline as fitted: its score stays 0', () => {
    const result = rank('plackett-luce', skewed, { baseline: NEW });
    expect(row(result.models, NEW).score).toBe(0);
    expect(result.warnings.some((x) => x.code === 'design_weighted')).toBe(false);
    expect(result.models).toEqual(rank('plackett-luce', skewed, { baseline: NEW, postStratify: false }).models);
  });

  it('keeps the bootstrap interval at least as wide and centres it on the weighted score', () => {
    const boot = rank('plackett-luce', skewed, { ci: 'bootstrap', bootstrap: { resamples: 30 } });
    const analytic = row(rank('plackett-luce', skewed).models, NEW);
    const w = row(boot.models, NEW);
    expect(w.score).toBeCloseTo(analytic.score!, 12);
    expect((w.ci![0] + w.ci![1]) / 2).toBeCloseTo(w.score!, 12);
    expect(w.ci![1] - w.ci![0]).toBeGreaterThanOrEqual(analytic.ci![1] - analytic.ci![0] - 1e-12);
  });

  it('barely moves a model run on a random tenth, and leaves a fully measured or half-measured model exactly as fitted', () => {
    const random = pool((_, __, rng) => rng.next() < 0.1);
    const p = row(rank('plackett-luce', random, { postStratify: false }).models, NEW);
    const w = row(rank('plackett-luce', random).models, NEW);
    const se = (p.ci![1] - p.ci![0]) / (2 * 1.96);
    expect(Math.abs(w.score! - p.score!)).toBeLessThan(0.5 * se);
    for (const batch of [pool(() => true), pool((s) => s % 2 === 0)]) {
      const a = rank('plackett-luce', batch, { postStratify: false });
      const b = rank('plackett-luce', batch);
      expect(b.models).toEqual(a.models);
      expect(b.warnings.some((x) => x.code === 'design_weighted')).toBe(false);
    }
  });

  it('leaves a model measured on a whole benchmark of a pooled selection exactly as fitted', () => {
    const b = new MeasurementBatchBuilder();
    const rng = new Prng(3);
    for (let s = 0; s < 400; s++) {
      const bench = s < 100 ? 'small' : 'large';
      b.sample(`q${s}`, bench);
      for (let m = 0; m < 6; m++) b.addScore(`q${s}`, `m${m}`, 'acc', rng.next() < 0.3 + 0.1 * m ? 1 : 0);
      if (bench === 'small') b.addScore(`q${s}`, NEW, 'acc', rng.next() < 0.5 ? 1 : 0);
    }
    const batch = b.build();
    expect(rank('plackett-luce', batch).models).toEqual(rank('plackett-luce', batch, { postStratify: false }).models);
  });

  it('does not band pairwise samples by the opponent (whose outcome is the model’s own)', () => {
    const b = new MeasurementBatchBuilder();
    const rng = new Prng(11);
    for (let s = 0; s < 300; s++) {
      b.sample(`p${s}`, 'arena');
      const a = rng.int(8);
      const c = (a + 1 + rng.int(7)) % 8;
      b.addPairwise(`p${s}`, `m${a}`, `m${c}`, rng.next() < 0.5 + 0.05 * (a - c) ? 'a' : 'b');
    }
    const batch = b.build();
    expect(rank('plackett-luce', batch).models).toEqual(rank('plackett-luce', batch, { postStratify: false }).models);
  });

  it('rarely flags models measured on random samples where a tail of tiny benchmarks holds a sample or two of a model', () => {
    // A tiny stratum is in a model's frame only because the model has a sample there, so its
    // count reads as over-represented; such strata stay out of the test. Before, 28 of these
    // 354 model tests (8%) came out "uneven" at a nominal 1%.
    let flagged = 0;
    let tests = 0;
    for (const [seed, samples, tail] of [[11, 7000, 0.003], [12, 7000, 0.003], [13, 10000, 0.002], [14, 5000, 0.004], [15, 7000, 0.002], [16, 14000, 0.001]]) {
      const batch = poolSelection(seed, samples, tail);
      const { groups, choices } = prepareBatch(batch);
      const fit = fitPlackettLuce(choices, { baseline: 0, prior: 0.1, variance: true, logLikelihood: false });
      flagged += thinModelAdjustments(batch, groups, choices, fit.theta, fit.variance, 0.1, 0).length;
      tests += batch.nModels - 1;
    }
    expect(tests).toBe(354);
    expect(flagged).toBeLessThanOrEqual(7); // 2%, with room for chance at 1%
  });

  it('still reweights a model run only on the easiest samples of such a pool', () => {
    const batch = poolSelection(3, 4000, 0.01, true);
    const { groups, choices } = prepareBatch(batch);
    const fit = fitPlackettLuce(choices, { baseline: 0, prior: 0.1, variance: true, logLikelihood: false });
    const m59 = batch.modelNames.indexOf('m59');
    expect(thinModelAdjustments(batch, groups, choices, fit.theta, fit.variance, 0.1, 0).map((a) => a.model)).toContain(m59);
  });

  it('tests the cell mix at 1% (χ² 0.99 quantiles: 23.209 at 10 df, 135.807 at 100)', () => {
    for (const [q, df] of [[23.209, 10], [135.807, 100]]) {
      expect(chiSquareSignificant(0.97 * q, df)).toBe(false);
      expect(chiSquareSignificant(1.03 * q, df)).toBe(true);
    }
    expect(chiSquareSignificant(1000, 0)).toBe(false);
  });
});
