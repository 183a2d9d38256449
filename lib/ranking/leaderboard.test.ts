import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { rank } from './leaderboard';
import { headToHead, sampleRanking } from './views';
import { simulatePlackettLuce } from './simulate';
import { addScores } from './test-batches';
import { dropSamples } from './subset';

const { batch } = simulatePlackettLuce({ nModels: 10, nSamples: 200, seed: 5, scoreGroup: 6, pairwise: 2 });

describe('LeaderboardResult', () => {
  it('has baseline 0, rows sorted by rank, ranks inside their rank intervals', () => {
    const r = rank('plackett-luce', batch, { baseline: 'model-004' });
    expect(r.method).toBe('plackett-luce');
    expect(r.baseline).toBe('model-004');
    expect(r.nSamples).toBe(200);
    expect(r.nMeasurements).toBe(200 * 8);
    expect(r.diagnostics.prior).toBe(0.1);
    const base = r.models.find((m) => m.model === 'model-004')!;
    expect(base.score).toBe(0);
    expect(base.ci).toEqual([0, 0]);
    for (let i = 1; i < r.models.length; i++) expect(r.models[i].score!).toBeLessThanOrEqual(r.models[i - 1].score!);
    for (const m of r.models) {
      expect(m.rankInterval![0]).toBeLessThanOrEqual(m.rank!);
      expect(m.rankInterval![1]).toBeGreaterThanOrEqual(m.rank!);
      expect(m.ci![0]).toBeLessThan(m.score! + 1e-12);
      expect(m.nSamples).toBeGreaterThan(0);
    }
  });

  it('rank intervals follow the CIs: best = 1 + #clearly better, worst = n − #clearly worse', () => {
    const r = rank('plackett-luce', batch);
    for (const m of r.models) {
      const better = r.models.filter((o) => o !== m && o.ci![0] > m.ci![1]).length;
      const worse = r.models.filter((o) => o !== m && o.ci![1] < m.ci![0]).length;
      expect(m.rankInterval).toEqual([1 + better, r.models.length - worse]);
    }
  });

  it('bootstrap intervals are deterministic for a seed and differ across seeds', () => {
    const a = rank('plackett-luce', batch, { ci: 'bootstrap', bootstrap: { resamples: 100, seed: 1 } });
    const b = rank('plackett-luce', batch, { ci: 'bootstrap', bootstrap: { resamples: 100, seed: 1 } });
    const c = rank('plackett-luce', batch, { ci: 'bootstrap', bootstrap: { resamples: 100, seed: 2 } });
    expect(a.models.map((m) => m.ci)).toEqual(b.models.map((m) => m.ci));
    expect(a.models.map((m) => m.ci)).not.toEqual(c.models.map((m) => m.ci));
    expect(a.diagnostics).toMatchObject({ ciMethod: 'bootstrap', resamples: 100, seed: 1 });
    // close to the analytic intervals on data that really are Plackett-Luce
    const an = rank('plackett-luce', batch, {});
    for (const m of a.models) {
      const w = an.models.find((x) => x.model === m.model)!;
      if (w.ci![1] === w.ci![0]) continue;
      const ratio = (m.ci![1] - m.ci![0]) / (w.ci![1] - w.ci![0]);
      expect(ratio).toBeGreaterThan(0.6);
      expect(ratio).toBeLessThan(1.6);
    }
  });

  it('every method returns the same shape', () => {
    for (const method of ['plackett-luce', 'bradley-terry', 'elo', 'mean', 'borda', 'win-rate'] as const) {
      const r = rank(method, batch, { baseline: 'model-000', ci: method === 'elo' ? 'bootstrap' : undefined, bootstrap: { resamples: 100 } });
      expect(r.models).toHaveLength(10);
      expect(r.method).toBe(method);
      expect(r.models[0].rank).toBe(1);
      if (method !== 'win-rate') expect(r.models.every((m) => m.ci !== null)).toBe(true);
    }
  });

  it('rejects an unknown baseline', () => {
    expect(() => rank('plackett-luce', batch, { baseline: 'nobody' })).toThrow(/not in the batch/);
  });
});

describe('views', () => {
  it('headToHead: P(i beats j) = 1/(1 + e^(s_j − s_i)), null for missing scores', () => {
    const p = headToHead([0, Math.log(3), null]);
    expect(p[1][0]).toBeCloseTo(0.75, 12);
    expect(p[0][1]).toBeCloseTo(0.25, 12);
    expect(p[0][0]).toBeNull();
    expect(p[2][0]).toBeNull();
  });

  it('sampleRanking: the tiers of every group of one sample', () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's1', 'acc', { a: 1, b: 0, c: 1 });
    addScores(b, 's1', 'loss', { a: 0.3, b: 0.1 }, false);
    addScores(b, 's2', 'acc', { a: 0 });
    b.addRanking('s1', [['c'], ['a', 'b']]);
    b.addPairwise('s1', 'a', 'b', 'b', 0.2);
    const x = b.build();
    expect(sampleRanking(x, 0)).toEqual([
      { kind: 'score', key: 'acc', tiers: [['a', 'c'], ['b']], values: [1, 0] },
      { kind: 'score', key: 'loss', tiers: [['b'], ['a']], values: [0.1, 0.3] },
      { kind: 'ranking', key: 'ranking', tiers: [['c'], ['a', 'b']] },
      { kind: 'pairwise', key: 'pairwise', tiers: [['b'], ['a']], pA: 0.2 },
    ]);
  });
});

describe('warm start', () => {
  it('starts from an earlier fit of similar data and meets the same optimum', () => {
    for (const prior of [0.1, 0]) {
      const before = rank('plackett-luce', dropSamples(batch, 0.005, 1), { baseline: 'model-004', prior });
      const cold = rank('plackett-luce', batch, { baseline: 'model-004', prior });
      const warm = rank('plackett-luce', batch, { baseline: 'model-004', prior, warmStart: before.theta });
      expect(before.theta!.size).toBe(10);
      expect(warm.diagnostics.converged).toBe(true);
      expect(warm.models.map((r) => r.model)).toEqual(cold.models.map((r) => r.model));
      warm.models.forEach((r, i) => {
        expect(r.score!).toBeCloseTo(cold.models[i].score!, 9);
        expect(r.ci![1] - r.ci![0]).toBeCloseTo(cold.models[i].ci![1] - cold.models[i].ci![0], 3);
      });
      for (const [name, theta] of warm.theta!) expect(theta).toBeCloseTo(cold.theta!.get(name)!, 9);
    }
  });

  it('starts where it is told: from the optimum itself one step confirms it', () => {
    const cold = rank('plackett-luce', batch, { baseline: 'model-004' });
    const again = rank('plackett-luce', batch, { baseline: 'model-004', warmStart: cold.theta });
    expect(cold.diagnostics.iterations).toBeGreaterThan(1);
    expect(again.diagnostics.iterations).toBe(1);
    again.models.forEach((r, i) => expect(r.score!).toBeCloseTo(cold.models[i].score!, 12));
  });

  it('starts a model the earlier fit did not have at 0', () => {
    const cold = rank('plackett-luce', batch, { baseline: 'model-004' });
    const partial = new Map([...cold.theta!].filter(([name]) => name !== 'model-007'));
    const warm = rank('plackett-luce', batch, { baseline: 'model-004', warmStart: partial });
    warm.models.forEach((r, i) => expect(r.score!).toBeCloseTo(cold.models[i].score!, 9));
  });
});
