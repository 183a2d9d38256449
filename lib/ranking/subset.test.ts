import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { rank } from './leaderboard';
import type { MeasurementBatch } from './measurements';
import { selectSamples, selectSubsets } from './subset';

/** Every kind of line on six samples, with a ranking line of varying length. */
function batch() {
  const b = new MeasurementBatchBuilder();
  for (let s = 0; s < 6; s++) {
    const id = `s${s}`;
    b.addScore(id, 'a', 'acc', s % 2);
    b.addScore(id, 'b', 'acc', 0.5, s % 3 !== 0);
    b.addUnitTest(id, 'c', 'runs', s / 6);
    b.addPairwise(id, 'a', 'c', s % 2 ? 'a' : 'tie', s === 4 ? 0.7 : undefined);
    if (s !== 2) b.addRanking(id, s % 2 ? [['a'], ['b', 'c']] : [['c'], ['a'], ['b']]);
  }
  return b.build();
}

/** selectSamples' batch with the samples of `mask` renumbered in order, as selectSubsets gives them. */
function renumbered(x: MeasurementBatch, mask: Uint8Array): MeasurementBatch {
  const to = Int32Array.from(mask.reduce<number[]>((acc, m) => [...acc, (acc.at(-1) ?? -1) + m], []));
  const re = (col: Int32Array) => col.map((s) => to[s]);
  const keep = <T,>(list: T[] | undefined) => list?.filter((_, s) => mask[s] === 1);
  return {
    ...x,
    nSamples: mask.reduce((a, m) => a + m, 0),
    sampleIds: keep(x.sampleIds),
    sampleBenchmarks: keep(x.sampleBenchmarks),
    sampleTags: keep(x.sampleTags),
    score: { ...x.score, sample: re(x.score.sample) },
    unitTest: { ...x.unitTest, sample: re(x.unitTest.sample) },
    pairwise: { ...x.pairwise, sample: re(x.pairwise.sample) },
    ranking: { ...x.ranking, sample: re(x.ranking.sample) },
  };
}

describe('selectSubsets', () => {
  it('cuts each mask exactly as selectSamples does, overlapping and empty masks included', () => {
    const b = batch();
    const masks = [
      Uint8Array.from([1, 0, 1, 0, 1, 0]),
      Uint8Array.from([0, 1, 1, 1, 0, 0]),
      new Uint8Array(6),
      new Uint8Array(6).fill(1),
    ];
    expect(selectSubsets(b, masks)).toEqual(masks.map((m) => renumbered(selectSamples(b, m), m)));
  });

  it('renumbers each subset to its own samples', () => {
    const b = batch();
    const [odd] = selectSubsets(b, [Uint8Array.from([0, 1, 0, 1, 0, 1])]);
    expect(odd.nSamples).toBe(3);
    expect(odd.sampleIds).toEqual(['s1', 's3', 's5']);
    expect([...new Set(odd.score.sample)]).toEqual([0, 1, 2]);
    expect(rank('plackett-luce', odd, { baseline: 0 }).models).toEqual(rank('plackett-luce', selectSamples(b, Uint8Array.from([0, 1, 0, 1, 0, 1])), { baseline: 0 }).models);
  });
});
