import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { sampleOutcomes, type SampleOutcomes } from './outcomes';

/** y of model `m` on sample `s` (undefined when it has none). */
function y(o: SampleOutcomes, b: { modelNames: string[]; sampleIds?: string[] }, s: string, m: string): number | undefined {
  const si = b.sampleIds!.indexOf(s);
  const mi = b.modelNames.indexOf(m);
  for (let k = o.offsets[si]; k < o.offsets[si + 1]; k++) if (o.model[k] === mi) return o.y[k];
  return undefined;
}

describe('sample outcomes (y in [0, 1] per sample and model)', () => {
  it('binary accuracy is y = value, including samples every model got right', () => {
    const b = new MeasurementBatchBuilder();
    b.addScore('s1', 'a', 'accuracy', 1);
    b.addScore('s1', 'b', 'accuracy', 0);
    b.addScore('s2', 'a', 'accuracy', 1);
    b.addScore('s2', 'b', 'accuracy', 1);
    const batch = b.build();
    const o = sampleOutcomes(batch);
    expect([y(o, batch, 's1', 'a'), y(o, batch, 's1', 'b'), y(o, batch, 's2', 'a'), y(o, batch, 's2', 'b')]).toEqual([1, 0, 1, 1]);
  });

  it('graded scores by rank over the whole metric, direction-adjusted; a constant metric says nothing', () => {
    const b = new MeasurementBatchBuilder();
    // loss (lower is better) with values 1, 2, 2, 100: mid-ranks 0.5, 2, 2, 3.5 of 4 → y 1, 0.5, 0.5, 0
    b.addScore('s1', 'a', 'loss', 1, false);
    b.addScore('s1', 'b', 'loss', 2, false);
    b.addScore('s2', 'a', 'loss', 2, false);
    b.addScore('s2', 'b', 'loss', 100, false);
    b.addScore('s1', 'a', 'flat', 3);
    b.addScore('s1', 'b', 'flat', 3);
    const batch = b.build();
    const o = sampleOutcomes(batch);
    expect(y(o, batch, 's1', 'a')).toBeCloseTo((1 + 1) / 2, 12); // loss 1 → 1, flat → skipped
    expect(y(o, batch, 's1', 'b')).toBeCloseTo(0.5, 12);
    expect(y(o, batch, 's2', 'a')).toBeCloseTo(0.5, 12);
    expect(y(o, batch, 's2', 'b')).toBe(0);
  });

  it('ranking lines by tier, pairwise lines by p_a or the winner, averaged per sample', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('r', [['a'], ['b', 'c'], ['d']]);
    b.addPairwise('p', 'a', 'b', 'a');
    b.addPairwise('p', 'a', 'b', 'tie');
    b.addPairwise('p', 'c', 'a', 'a', 0.8); // P(c better than a) = 0.8
    const batch = b.build();
    const o = sampleOutcomes(batch);
    expect([y(o, batch, 'r', 'a'), y(o, batch, 'r', 'b'), y(o, batch, 'r', 'c'), y(o, batch, 'r', 'd')]).toEqual([1, 0.5, 0.5, 0]);
    expect(y(o, batch, 'p', 'a')).toBeCloseTo((1 + 0.5 + 0.2) / 3, 12);
    expect(y(o, batch, 'p', 'b')).toBeCloseTo(0.25, 12);
    expect(y(o, batch, 'p', 'c')).toBeCloseTo(0.8, 12);
    expect(y(o, batch, 'p', 'd')).toBeUndefined();
  });
});
