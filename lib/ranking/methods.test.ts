import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { breakIntoPairs } from './bradley-terry';
import { buildChoices } from './choices';
import { eloRatings } from './elo';
import { tieredGroups } from './groups';
import { bordaScores } from './borda';
import { meanScores } from './mean-score';
import { rank } from './leaderboard';
import { fitPlackettLuce } from './plackett-luce';
import { addScores } from './test-batches';

const score = (r: ReturnType<typeof rank>, model: string) => r.models.find((m) => m.model === model)!.score;

describe('Elo', () => {
  it('one win moves both ratings by K/2 from equal ratings; a second game uses the new ratings', () => {
    const b = new MeasurementBatchBuilder();
    b.addPairwise('s1', 'a', 'b', 'a');
    const one = eloRatings(buildChoices(b.build()));
    expect(Array.from(one)).toEqual([1002, 998]);

    const b2 = new MeasurementBatchBuilder();
    b2.addPairwise('s1', 'a', 'b', 'a');
    b2.addPairwise('s2', 'a', 'b', 'b');
    const two = eloRatings(buildChoices(b2.build()));
    const delta = 4 * (1 - 1 / (1 + Math.pow(10, (1002 - 998) / 400)));
    expect(two[0]).toBeCloseTo(1002 - delta, 12);
    expect(two[1]).toBeCloseTo(998 + delta, 12);
  });

  it('a top-1 choice is broken into pairs, losers in order, and reported relative to the baseline', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('s', [['a'], ['b'], ['c']]);
    const batch = b.build();
    // a beats b (±2), then a (1002) beats c (1000), then b (998) beats c (998 after the first?): c is 1000 until played
    const e1 = 2;
    const e2 = 4 * (1 - 1 / (1 + Math.pow(10, (1000 - 1002) / 400)));
    const e3 = 4 * (1 - 1 / (1 + Math.pow(10, (1000 - e2 - (1000 - e1)) / 400)));
    const r = rank('elo', batch, { baseline: 'c' });
    expect(score(r, 'a')).toBeCloseTo(1000 + e1 + e2 - (1000 - e2 - e3), 10);
    expect(score(r, 'b')).toBeCloseTo(1000 - e1 + e3 - (1000 - e2 - e3), 10);
    expect(r.models[0].ci).toBeNull();
    expect(r.diagnostics.pairs).toBe(3);
  });
});

describe('Bradley-Terry', () => {
  it('pairwise lines: θ_a − θ_b = log(wins/losses) for a chain', () => {
    const b = new MeasurementBatchBuilder();
    for (const [x, y, w] of [['a', 'b', 'a'], ['a', 'b', 'a'], ['a', 'b', 'b'], ['b', 'c', 'a'], ['b', 'c', 'a'], ['b', 'c', 'b']] as const) {
      b.addPairwise('s', x, y, w);
    }
    const r = rank('bradley-terry', b.build(), { baseline: 'c', prior: 0 });
    expect(score(r, 'b')).toBeCloseTo(Math.log(2), 8);
    expect(score(r, 'a')).toBeCloseTo(2 * Math.log(2), 8);
  });

  it('breaks each choice into winner-vs-loser pairs with the choice weight', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('s', [['a'], ['b', 'c'], ['d']]);
    b.addPairwise('s', 'd', 'a', 'a', 0.25);
    const { choices, nPairs } = breakIntoPairs(buildChoices(b.build()));
    const w = new Map(Array.from(choices.winner, (i, e) => [`${i}>${choices.set[e]}`, choices.weight[e]]));
    expect(nPairs).toBe(3 + 1 + 1 + 2);
    expect(Object.fromEntries(w)).toEqual({ '0>1': 1, '0>2': 1, '0>3': 1.75, '1>3': 1, '2>3': 1, '3>0': 0.25 });
  });

  it('differs from Plackett-Luce on multi-model choices (BT counts every broken pair as independent)', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('s1', [['a'], ['b'], ['c']]);
    b.addRanking('s2', [['c'], ['a'], ['b']]);
    b.addRanking('s3', [['b'], ['c'], ['a']]);
    b.addRanking('s4', [['a'], ['c'], ['b']]);
    const batch = b.build();
    const bt = rank('bradley-terry', batch, { baseline: 'b', prior: 0 });
    const pl = rank('plackett-luce', batch, { baseline: 'b', prior: 0 });
    expect(Math.abs(score(bt, 'a')! - score(pl, 'a')!)).toBeGreaterThan(1e-3);
  });
});

describe('Borda and mean score', () => {
  function batch() {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's1', 'q', { a: 3, b: 2, c: 2, d: 1 });
    addScores(b, 's2', 'q', { a: 0, b: 1 });
    b.addPairwise('s3', 'a', 'c', 'a');
    return b.build();
  }

  it('Borda: points = models strictly below / (m − 1), averaged over groups', () => {
    const x = batch();
    const borda = bordaScores(x, tieredGroups(x));
    // a: (1 + 0 + 1)/3; b: (1/3 + 1)/2; c: (1/3 + 0)/2; d: 0
    expect(Array.from(borda.mean)).toEqual([2 / 3, 2 / 3, 1 / 6, 0].map((v) => expect.closeTo(v, 12)));
    expect(borda.n[0]).toBe(3);
  });

  it('mean: min-max per metric across samples, p-weighted pairwise share, normalised ranking position', () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's1', 'acc', { a: 1, b: 0 });
    addScores(b, 's2', 'acc', { a: 1, b: 1, c: 0 });
    addScores(b, 's1', 'loss', { a: 2, b: 4 }, false);
    addScores(b, 's1', 'const', { c: 7 });
    b.addRanking('s3', [['a'], ['b', 'c']]);
    b.addPairwise('s3', 'a', 'c', 'b', 0.25);
    const x = b.build();
    const mean = meanScores(x, tieredGroups(x));
    // a: acc 1, 1; loss 1; ranking 1; pairwise .25. b: 0, 1, 0, .25. c: acc 0, ranking .25, pairwise .75
    expect(mean.mean[0]).toBeCloseTo(4.25 / 5, 12);
    expect(mean.mean[1]).toBeCloseTo(1.25 / 4, 12);
    expect(mean.mean[2]).toBeCloseTo(1 / 3, 12);
    expect(mean.n[2]).toBe(3); // the constant metric carries no information and is skipped
  });

  it('rank() turns them into leaderboards with mean ± 1.96 se intervals', () => {
    const r = rank('borda', batch());
    expect(r.models[0].model).toBe('a');
    expect(r.models[0].rank).toBe(1);
    expect(r.models[1].rank).toBe(1); // b ties with a
    const se = Math.sqrt(((1 - 2 / 3) ** 2 + (0 - 2 / 3) ** 2 + (1 - 2 / 3) ** 2) / 2 / 3);
    expect(r.models[0].ci![1]).toBeCloseTo(2 / 3 + 1.959964 * se, 5);
  });
});

describe('Plackett-Luce fit', () => {
  it('converges from a cold start, from a warm start, and from a supplied information matrix', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('s1', [['a'], ['b'], ['c']]);
    b.addRanking('s2', [['c'], ['a'], ['b']]);
    b.addRanking('s3', [['b'], ['a', 'c']]);
    b.addPairwise('s4', 'a', 'b', 'a', 0.6);
    const c = buildChoices(b.build());
    const cold = fitPlackettLuce(c, { baseline: 1 });
    expect(cold.converged).toBe(true);
    const warm = fitPlackettLuce(c, { baseline: 1, start: cold.theta.map((x) => x + 0.3) });
    const chord = fitPlackettLuce(c, { baseline: 1, start: new Float64Array(3), information: cold.information });
    for (let m = 0; m < 3; m++) {
      expect(warm.scores[m]).toBeCloseTo(cold.scores[m], 9);
      expect(chord.scores[m]).toBeCloseTo(cold.scores[m], 9);
    }
    // the gradient vanishes at the optimum: a small move lowers ℓ
    const moved = fitPlackettLuce(c, { baseline: 1, start: cold.theta.map((x, m) => (m === 0 ? x + 1e-3 : x)), maxIterations: 0 });
    expect(moved.logLikelihood).toBeLessThan(cold.logLikelihood);
  });

  it('falls back to a cold start when a warm start is unusable (overflowing θ), with the cold fit\'s answer', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('s1', [['a'], ['b'], ['c']]);
    b.addRanking('s2', [['c'], ['a'], ['b']]);
    b.addRanking('s3', [['b'], ['a', 'c']]);
    const c = buildChoices(b.build());
    const cold = fitPlackettLuce(c, { baseline: 1 });
    const far = fitPlackettLuce(c, { baseline: 1, start: Float64Array.from([800, 0, -800]) });
    expect(far.converged).toBe(true);
    for (let m = 0; m < 3; m++) expect(far.scores[m]).toBeCloseTo(cold.scores[m], 9);
  });

  it('reports non-convergence when capped', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('s1', [['a'], ['b'], ['c']]);
    b.addRanking('s2', [['c'], ['b'], ['a']]);
    b.addRanking('s3', [['b'], ['a'], ['c']]);
    const fit = fitPlackettLuce(buildChoices(b.build()), { baseline: 0, maxIterations: 1, tol: 1e-14 });
    expect(fit.converged).toBe(false);
  });
});
