import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from '../ranking/batch-builder';
import { buildChoices } from '../ranking/choices';
import { tieredGroups } from '../ranking/groups';
import type { MeasurementBatch } from '../ranking/measurements';
import { objectiveScratch, plObjective } from '../ranking/pl-objective';
import { contributionTable, expectedOpponents } from './contribution-table';
import { expectedTerms, levelWeights, observedTerms } from './contributions';
import { cardinalScales } from '../ranking/outcomes';

const POOL = { a: 0.5, b: -0.2, c: 0.1, d: 1 } as const;
const T = 0.3;

/** Every kind of measurement, M included; `mOnS1` is M's accuracy on s1, `mOnS2` its grade on s2. */
function batch(mOnS1: number | null, mOnS2: number | null = 2): MeasurementBatch {
  const b = new MeasurementBatchBuilder();
  for (const m of ['a', 'b', 'c', 'd', 'M']) b.model(m);
  for (const [m, v] of [['a', 1], ['b', 0], ['c', 0], ['d', 1]] as const) b.addScore('s1', m, 'accuracy', v);
  if (mOnS1 !== null) b.addScore('s1', 'M', 'accuracy', mOnS1);
  for (const [m, v] of [['a', 3], ['b', 2], ['c', 1], ['d', 5]] as const) b.addScore('s2', m, 'grade', v);
  if (mOnS2 !== null) b.addScore('s2', 'M', 'grade', mOnS2);
  b.addRanking('s3', [['a'], ['M', 'b'], ['c']]);
  b.addPairwise('s4', 'M', 'a', 'b');
  b.addPairwise('s4', 'b', 'M', 'a', 0.3);
  b.addPairwise('s4', 'M', 'c', 'tie');
  for (const [m, v] of [['a', 1], ['b', 1], ['c', 1], ['d', 1], ['M', 0]] as const) b.addScore('s5', m, 'accuracy', v);
  return b.build();
}

function table(b: MeasurementBatch) {
  const groups = tieredGroups(b);
  const scores = Float64Array.from(b.modelNames, (m) => (m === 'M' ? NaN : POOL[m as keyof typeof POOL]));
  return contributionTable(b, groups, cardinalScales(groups), b.modelNames.indexOf('M'), scores);
}

describe("the placed model's Plackett-Luce score contributions", () => {
  it("sum to the engine's own gradient and information for it (pool held fixed)", () => {
    const b = batch(1);
    const m = b.modelNames.indexOf('M');
    const theta = Float64Array.from(b.modelNames, (x) => (x === 'M' ? T : POOL[x as keyof typeof POOL]));
    const c = buildChoices(b);
    const grad = new Float64Array(b.nModels);
    const info = new Float64Array(b.nModels * b.nModels);
    plObjective(c, theta, c.weight, 0, new Uint8Array(b.nModels).fill(1), grad, info, objectiveScratch(c));
    const t = table(b);
    let u = 0;
    let h = 0;
    for (let s = 0; s < b.nSamples; s++) {
      const o = observedTerms(t, s, T);
      u += o.u;
      h += o.h;
    }
    expect(u).toBeCloseTo(grad[m], 10);
    expect(h).toBeCloseTo(info[m * b.nModels + m], 10);
  });

  it('an unseen binary outcome is Bernoulli(P): μ, v, h are the mixture of the two outcomes', () => {
    const s1 = 0;
    const seen1 = observedTerms(table(batch(1)), s1, T);
    const seen0 = observedTerms(table(batch(0)), s1, T);
    const t = table(batch(null));
    const p = new Float64Array(t.nSamples).fill(0.3);
    const out = expectedTerms(t, s1, T, 0.3, levelWeights(t, p), { mu: 0, v: 0, h: 0, m: 0 });
    expect(out.mu).toBeCloseTo(0.3 * seen1.u + 0.7 * seen0.u, 12);
    expect(out.v).toBeCloseTo(0.3 * 0.7 * (seen1.u - seen0.u) ** 2, 12);
    expect(out.h).toBeCloseTo(0.3 * seen1.h + 0.7 * seen0.h, 12);
    expect(out.m).toBeCloseTo(0.3 * 0.7 * (seen1.u - seen0.u), 12);
  });

  it('a graded outcome predicted at either end is the observed outcome at that end (every level scored at once)', () => {
    const s2 = 1;
    const t = table(batch(1, null));
    for (const [p, grade] of [[0, 1], [1, 5]] as const) {
      const seen = observedTerms(table(batch(1, grade)), s2, T);
      const all = new Float64Array(t.nSamples).fill(p);
      const out = expectedTerms(t, s2, T, p, levelWeights(t, all), { mu: 0, v: 0, h: 0, m: 0 });
      expect(out.mu).toBeCloseTo(seen.u, 12);
      expect(out.h).toBeCloseTo(seen.h, 12);
      expect(out.v).toBeCloseTo(0, 12);
    }
  });

  it('failing a question the whole pool got right costs more than failing a split one', () => {
    const t = table(batch(1));
    const allRight = observedTerms(t, 4, T).u;
    const split = observedTerms(table(batch(0)), 0, T).u;
    expect(allRight).toBeLessThan(split);
    expect(allRight).toBeLessThan(-1);
  });
});

describe('expectedOpponents', () => {
  const games = (pairs: Array<[number, number]>) => {
    const g = new Map<number, Map<number, number>>();
    const play = (m: number, j: number) => g.set(m, (g.get(m) ?? new Map()).set(j, (g.get(m)?.get(j) ?? 0) + 1));
    for (const [a, b] of pairs) {
      play(a, b);
      play(b, a);
    }
    return g;
  };

  it('has a newcomer play the reference where every model plays one (AlpacaEval)', () => {
    const out = new Map(expectedOpponents(games([[1, 0], [2, 0], [3, 0], [4, 0]])));
    // four of five participants play only 0, the median participant plays once
    expect(out.get(0)).toBeCloseTo(4 / 5, 12);
    for (const m of [1, 2, 3, 4]) expect(out.get(m)).toBeCloseTo(1 / 20, 12);
  });

  it('spreads the games over every participant in a round robin', () => {
    const out = expectedOpponents(games([[0, 1], [0, 2], [1, 2]]));
    expect(out.map(([m]) => m)).toEqual([0, 1, 2]);
    for (const [, w] of out) expect(w).toBeCloseTo(2 / 3, 12);
  });
});
