import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
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

describe('selectSubsets', () => {
  it('cuts each mask exactly as selectSamples does, overlapping and empty masks included', () => {
    const b = batch();
    const masks = [
      Uint8Array.from([1, 0, 1, 0, 1, 0]),
      Uint8Array.from([0, 1, 1, 1, 0, 0]),
      new Uint8Array(6),
      new Uint8Array(6).fill(1),
    ];
    expect(selectSubsets(b, masks)).toEqual(masks.map((m) => selectSamples(b, m)));
  });
});
