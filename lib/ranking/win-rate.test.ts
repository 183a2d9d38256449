import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { winRates } from './win-rate';
import { rank } from './leaderboard';

function example() {
  const b = new MeasurementBatchBuilder();
  b.addPairwise('s1', 'A', 'B', 'a'); // A: p 1, outcome 1
  b.addPairwise('s2', 'B', 'A', 'a'); // A: p 0, outcome 0
  b.addPairwise('s3', 'A', 'B', 'tie'); // A: 1/2, 1/2
  b.addPairwise('s4', 'A', 'B', 'a', 0.8); // A: 0.8, 1
  b.addPairwise('s5', 'B', 'A', 'b', 0.3); // A is b: p 0.7, outcome 1
  b.addPairwise('s6', 'A', 'C', 'b'); // not against the baseline: ignored
  return b.build();
}

describe('win rate against a baseline (AlpacaEval style)', () => {
  it('matches a hand-computed example', () => {
    const batch = example();
    const rates = winRates(batch, batch.modelNames.indexOf('B'));
    const a = rates[batch.modelNames.indexOf('A')]!;
    // weighted: mean(1, 0, .5, .8, .7) = .6; sd² = .58/4; se = sd/√5
    expect(a.n).toBe(5);
    expect(a.weighted).toBeCloseTo(60, 10);
    expect(a.se!).toBeCloseTo(100 * Math.sqrt(0.58 / 4 / 5), 10);
    // discrete: (3 wins + 1 tie/2)/5 = .7; sd² = .8/4; se = .2
    expect(a.discrete).toBeCloseTo(70, 10);
    expect(a.seDiscrete!).toBeCloseTo(20, 10);
    expect(rates[batch.modelNames.indexOf('C')]).toBeNull();
    expect(rates[batch.modelNames.indexOf('B')]).toBeNull();
  });

  it('is the score of the win-rate method and attached to every leaderboard row', () => {
    const batch = example();
    const r = rank('win-rate', batch, { baseline: 'B' });
    const a = r.models.find((m) => m.model === 'A')!;
    expect(a.score).toBeCloseTo(60, 10);
    expect(a.ci![0]).toBeCloseTo(60 - 1.959964 * 100 * Math.sqrt(0.58 / 20), 4);
    expect(r.models.find((m) => m.model === 'B')!.score).toBe(50);
    expect(r.models.find((m) => m.model === 'C')!.score).toBeNull();
    // C has results but none against B: named, not left out silently (api.md).
    expect(r.warnings.filter((w) => w.code === 'no_pairwise_with_baseline').map((w) => w.model)).toEqual(['C']);
    const pl = rank('plackett-luce', batch, { baseline: 'B' });
    expect(pl.models.find((m) => m.model === 'A')!.winRate!.weighted).toBeCloseTo(60, 10);
  });

  it('keeps its interval within 0–100%', () => {
    const b = new MeasurementBatchBuilder();
    // Three wins and a narrow loss of D against B: 1.96 se reaches past 100%.
    for (const [s, w] of [['s1', 'a'], ['s2', 'a'], ['s3', 'a'], ['s4', 'a']] as const) b.addPairwise(s, 'D', 'B', w, s === 's4' ? 0.9 : undefined);
    b.addPairwise('s5', 'D', 'B', 'a', 0.1);
    const r = rank('win-rate', b.build(), { baseline: 'B' });
    const d = r.models.find((m) => m.model === 'D')!;
    expect(d.score!).toBeLessThan(100);
    expect(d.score! + 1.959964 * 100 * 0.18).toBeGreaterThan(100);
    expect(d.ci![1]).toBe(100);
    expect(d.ci![0]).toBeGreaterThanOrEqual(0);
  });
});
