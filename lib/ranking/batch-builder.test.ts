import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { measurementCount, samplesPerModel, WINNER_TIE } from './measurements';

describe('MeasurementBatchBuilder', () => {
  it('interns models, samples and keys to dense indices', () => {
    const b = new MeasurementBatchBuilder();
    b.sample('s1', 'bench', ['t']);
    b.addScore('s1', 'x', 'acc', 1);
    b.addScore('s2', 'y', 'acc', 0);
    b.addUnitTest('s2', 'x', 'crit', 4);
    b.addPairwise('s1', 'y', 'z', 'tie', 0.4);
    b.addRanking('s3', [['z'], [], ['x', 'y']], 'pref');
    const batch = b.build();
    expect(batch.modelNames).toEqual(['x', 'y', 'z']);
    expect(batch.sampleIds).toEqual(['s1', 's2', 's3']);
    expect(batch.sampleBenchmarks).toEqual(['bench', '', '']);
    expect(batch.sampleTags?.[0]).toEqual(['t']);
    expect(Array.from(batch.score.model)).toEqual([0, 1]);
    expect(batch.metricNames).toEqual(['acc']);
    expect(batch.criterionNames).toEqual(['crit']);
    expect(batch.rankingKeys).toEqual(['pref']);
    expect(batch.pairwise.winner[0]).toBe(WINNER_TIE);
    expect(batch.pairwise.pA[0]).toBe(0.4);
    // empty tiers are skipped, tiers renumbered
    expect(Array.from(batch.ranking.offsets)).toEqual([0, 3]);
    expect(Array.from(batch.ranking.tier)).toEqual([0, 1, 1]);
    expect(measurementCount(batch)).toBe(5);
    expect(Array.from(samplesPerModel(batch))).toEqual([3, 3, 2]);
  });

  it('grows past its initial capacity and accepts interned indices', () => {
    const b = new MeasurementBatchBuilder();
    const m = [b.model('a'), b.model('b')];
    const s = b.sample('s');
    for (let r = 0; r < 10_000; r++) b.addScore(s, m[r % 2], 'acc', r);
    const batch = b.build();
    expect(batch.score.value.length).toBe(10_000);
    expect(batch.score.value[9_999]).toBe(9_999);
  });

  it('rejects invalid input', () => {
    const b = new MeasurementBatchBuilder();
    expect(() => b.addScore('s', 'a', 'acc', NaN)).toThrow(/finite/);
    expect(() => b.addPairwise('s', 'a', 'b', 'a', 1.5)).toThrow(/p_a/);
    expect(() => b.addScore('s', 7, 'acc', 1)).toThrow(/not interned/);
    b.build();
    expect(() => b.addScore('s', 'a', 'acc', 1)).toThrow(/build/);
  });
});
