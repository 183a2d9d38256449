import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { subsetFingerprints } from './subset-fingerprint';
import { benchmarkSubsets, topTagSubsets } from './subset-fits';

type Line = [sample: string, benchmark: string, model: string, value: number];

function batch(lines: Line[], extra: (b: MeasurementBatchBuilder) => void = () => {}) {
  const b = new MeasurementBatchBuilder();
  for (const [sample, benchmark, model, value] of lines) b.addScore(b.sample(sample, benchmark, [`tag-${benchmark}`]), model, 'acc', value);
  extra(b);
  return b.build();
}

const LINES: Line[] = [
  ['x/1', 'x', 'm1', 1],
  ['x/1', 'x', 'm2', 0],
  ['x/2', 'x', 'm1', 0],
  ['y/1', 'y', 'm2', 1],
  ['y/1', 'y', 'm3', 0],
];

const prints = (lines: Line[], extra?: (b: MeasurementBatchBuilder) => void) => {
  const b = batch(lines, extra);
  return Object.fromEntries([...benchmarkSubsets(b), ...topTagSubsets(b, 10)].map((s, i, all) => [s.name, subsetFingerprints(b, all)[i]]));
};

describe('subsetFingerprints', () => {
  it('depends on the content, not on the order of lines or the dense indices of samples and models', () => {
    const base = prints(LINES);
    const shuffled = prints([LINES[3], ['z/1', 'z', 'm0', 1], LINES[1], LINES[4], LINES[2], LINES[0]]);
    expect(shuffled.x).toBe(base.x);
    expect(shuffled.y).toBe(base.y);
    expect(shuffled['tag-x']).toBe(base['tag-x']);
    expect(shuffled.z).toBeDefined();
  });

  it('changes with any value, model, metric direction or added line of the subset, and only there', () => {
    const base = prints(LINES);
    const changed = [
      prints([LINES[0], ['x/1', 'x', 'm2', 0.5], ...LINES.slice(2)]),
      prints([LINES[0], ['x/1', 'x', 'm3', 0], ...LINES.slice(2)]),
      prints([...LINES, ['x/2', 'x', 'm2', 1]]),
      prints(LINES, (b) => b.addScore(b.sample('x/2', 'x', ['tag-x']), 'm2', 'acc', 1, false)),
      prints(LINES, (b) => b.addPairwise(b.sample('x/2', 'x', ['tag-x']), 'm1', 'm2', 'a')),
    ];
    for (const c of changed) {
      expect(c.x).not.toBe(base.x);
      expect(c['tag-x']).not.toBe(base['tag-x']);
      expect(c.y).toBe(base.y);
    }
    const winners = ['a', 'b'].map((w) => prints(LINES, (b) => b.addPairwise(b.sample('x/2', 'x', ['tag-x']), 'm1', 'm2', w as 'a' | 'b')).x);
    expect(winners[0]).not.toBe(winners[1]);
  });
});
