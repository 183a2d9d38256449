import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from '../ranking/batch-builder';
import { templateIndex, templateLine } from './template';

function batch() {
  const b = new MeasurementBatchBuilder();
  b.sample('s/score', 'bench');
  b.sample('s/lower', 'bench');
  b.sample('s/unit', 'bench');
  b.sample('s/pair', 'arena');
  b.sample('s/rank', 'bench');
  b.sample('s/ref', 'alpaca');
  b.addScore('s/score', 'A', 'accuracy', 1);
  b.addScore('s/score', 'B', 'accuracy', 0);
  b.addScore('s/lower', 'A', 'perplexity', 3, false);
  b.addUnitTest('s/unit', 'A', 'Cites the regulation', 4);
  b.addPairwise('s/pair', 'A', 'B', 'a');
  b.addPairwise('s/pair', 'C', 'A', 'tie');
  b.addPairwise('s/pair', 'B', 'C', 'b');
  b.addRanking('s/rank', [['A'], ['B', 'C']], 'preference');
  b.addPairwise('s/ref', 'A', 'C', 'a', 0.7);
  b.addPairwise('s/ref', 'B', 'C', 'b', 0.2);
  return b.build();
}

describe('templateLine', () => {
  const b = batch();
  const ix = templateIndex(b);
  const scores = Float64Array.from(b.modelNames, (m) => ({ A: 0, B: 1, C: 2 })[m as 'A' | 'B' | 'C']);
  const line = (id: string, score = NaN) => templateLine(b, ix, b.sampleIds!.indexOf(id), 'new', scores, score);

  it('takes the kind, metric, criterion and direction the pool was measured with, value left null', () => {
    expect(line('s/score')).toEqual({ type: 'score', sample: 's/score', model: 'new', metric: 'accuracy', value: null });
    expect(line('s/lower')).toEqual({ type: 'score', sample: 's/lower', model: 'new', metric: 'perplexity', value: null, higher_is_better: false });
    expect(line('s/unit')).toEqual({ type: 'unit_test', sample: 's/unit', model: 'new', criterion: 'Cites the regulation', value: null });
    expect(line('s/rank')).toEqual({ type: 'ranking', sample: 's/rank', metric: 'preference', ranking: null });
  });

  it('pairs a pairwise sample with the opponent nearest the projected score', () => {
    expect(line('s/pair', 1.9)).toMatchObject({ type: 'pairwise', model_a: 'new', model_b: 'C', winner: null });
    expect(line('s/pair', -0.4)).toMatchObject({ model_b: 'A' });
    // no projection yet: the pool's middle (B, score 1)
    expect(line('s/pair')).toMatchObject({ model_b: 'B' });
  });

  it('pairs a sample whose every game involves one reference with that reference', () => {
    expect(line('s/ref', 0.1)).toMatchObject({ type: 'pairwise', model_a: 'new', model_b: 'C' });
  });
});
