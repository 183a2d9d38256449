import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import { buildChoices, losersOf, type ChoiceEvents } from './choices';
import type { MeasurementBatch } from './measurements';
import { tieredGroups } from './groups';
import { addScores, addUnitTests } from './test-batches';

/** Events as readable strings "winner>loser,loser@weight#sample", in event order. */
function events(b: MeasurementBatch, c: ChoiceEvents = buildChoices(b)): string[] {
  const name = (m: number) => b.modelNames[m];
  return Array.from(c.winner, (w, e) => {
    const losers = losersOf(c, e).map(name).sort().join(',');
    return `${name(w)}>${losers}@${c.weight[e]}#${c.sample[e]}`;
  });
}

describe('choice events from measurements', () => {
  it('hands out columns of its own when events are gathered in the shared scratch (pairwise lines, sorted by sample or not)', () => {
    // with scores, the pairwise events follow every group's (unsorted); pairwise lines alone come sorted
    const batchOf = (seed: number, scores: boolean) => {
      const b = new MeasurementBatchBuilder();
      for (let s = 0; s < 30; s++) {
        if (scores) addScores(b, `q${s}`, 'acc', { m1: (s + seed) % 2, m2: 1, m3: 0 });
        b.addPairwise(`q${s}`, 'm1', 'm2', (s + seed) % 3 === 0 ? 'tie' : 'a');
      }
      return b.build();
    };
    for (const scores of [true, false]) {
      const first = batchOf(1, scores);
      const c = buildChoices(first);
      const before = events(first, c);
      expect(Array.from(c.sample).every((s, e) => e === 0 || s >= c.sample[e - 1])).toBe(true);
      for (const col of [c.winner, c.set, c.weight, c.sample]) expect(col.buffer.byteLength).toBe(col.byteLength);
      buildChoices(batchOf(2, !scores)); // reuses the scratch
      buildChoices(batchOf(3, scores));
      expect(events(first, c)).toEqual(before);
      expect(events(first)).toEqual(before);
    }
  });

  it('allocates its columns and the groups exactly: no slack for the collector (rows counted first)', () => {
    const b = new MeasurementBatchBuilder();
    for (let s = 0; s < 40; s++) {
      addScores(b, `q${s}`, 'acc', { m1: s % 2, m2: 1, m3: 0, m4: s % 3 === 0 ? 1 : 0 });
      addScores(b, `q${s}`, 'grade', { m1: s % 7, m2: 3, m3: 3, m4: 9 });
      addUnitTests(b, `q${s}`, 'format', { m1: 1, m2: 1, m3: 1 }); // one tier: no events
    }
    const batch = b.build();
    const groups = tieredGroups(batch);
    for (const col of [groups.sample, groups.key, groups.offsets]) expect(col.buffer.byteLength).toBe(col.byteLength);
    const c = buildChoices(batch, groups);
    for (const col of [c.winner, c.set, c.weight, c.sample, c.setStart, c.setEnd, c.entries]) expect(col.buffer.byteLength).toBe(col.byteLength);
    expect(c.winner.length).toBeGreaterThan(0);
  });

  it('score: tiers by value, equal values tie, each model beats all strictly lower tiers', () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's', 'acc', { a: 3, b: 2, c: 2, d: 1 });
    expect(events(b.build()).sort()).toEqual(['a>b,c,d@1#0', 'b>d@1#0', 'c>d@1#0']);
  });

  it('score with higher_is_better = false orders by ascending value', () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's', 'loss', { a: 0.1, b: 0.5, c: 0.9 }, false);
    expect(events(b.build()).sort()).toEqual(['a>b,c@1#0', 'b>c@1#0']);
  });

  it('all tied, or a single model: no events', () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's1', 'acc', { a: 1, b: 1 });
    addScores(b, 's2', 'acc', { a: 0 });
    const c = buildChoices(b.build());
    expect(c.winner.length).toBe(0);
  });

  it('different metrics of one sample are separate groups; samples are separate groups', () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's1', 'acc', { a: 1, b: 0 });
    addScores(b, 's1', 'f1', { a: 0.2, b: 0.7 });
    addScores(b, 's2', 'acc', { a: 0, b: 1 });
    expect(events(b.build()).sort()).toEqual(['a>b@1#0', 'b>a@1#0', 'b>a@1#1']);
  });

  it('a later score for the same (sample, model, metric) replaces the earlier one', () => {
    const b = new MeasurementBatchBuilder();
    b.addScore('s', 'a', 'acc', 1);
    b.addScore('s', 'b', 'acc', 0.5);
    b.addScore('s', 'a', 'acc', 0);
    const batch = b.build();
    const c = buildChoices(batch);
    expect(events(batch, c)).toEqual(['b>a@1#0']);
    expect(c.duplicates).toBe(1);
  });

  it('unit tests: each (sample, criterion) is a group, higher is better', () => {
    const b = new MeasurementBatchBuilder();
    addUnitTests(b, 's', 'cites law', { a: 5, b: 3, c: 3 });
    addUnitTests(b, 's', 'is concise', { a: 1, b: 2 });
    expect(events(b.build()).sort()).toEqual(['a>b,c@1#0', 'b>a@1#0']);
  });

  it('unit tests and scores with the same key name stay separate groups', () => {
    const b = new MeasurementBatchBuilder();
    addScores(b, 's', 'x', { a: 1, b: 0 });
    addUnitTests(b, 's', 'x', { a: 1, b: 5 });
    expect(events(b.build()).sort()).toEqual(['a>b@1#0', 'b>a@1#0']);
  });

  it('ranking tiers: every model beats all models in lower tiers', () => {
    const b = new MeasurementBatchBuilder();
    b.addRanking('s', [['m1'], ['m2', 'm3'], ['m4']]);
    expect(events(b.build()).sort()).toEqual(['m1>m2,m3,m4@1#0', 'm2>m4@1#0', 'm3>m4@1#0']);
  });

  it('pairwise: a win is (a,[b]) with weight 1; a loss (b,[a])', () => {
    const b = new MeasurementBatchBuilder();
    b.addPairwise('s', 'a', 'b', 'a');
    b.addPairwise('s', 'a', 'b', 'b');
    expect(events(b.build())).toEqual(['a>b@1#0', 'b>a@1#0']);
  });

  it('pairwise tie without p_a: both directions with weight 1/2', () => {
    const b = new MeasurementBatchBuilder();
    b.addPairwise('s', 'a', 'b', 'tie');
    expect(events(b.build())).toEqual(['a>b@0.5#0', 'b>a@0.5#0']);
  });

  it('pairwise with p_a: weights p_a and 1 - p_a, weight-0 events dropped', () => {
    const b = new MeasurementBatchBuilder();
    b.addPairwise('s', 'a', 'b', 'a', 0.75);
    b.addPairwise('s', 'a', 'b', 'tie', 0.5);
    b.addPairwise('s', 'a', 'b', 'b', 0);
    b.addPairwise('s', 'a', 'b', 'a', 1);
    expect(events(b.build())).toEqual(['a>b@0.75#0', 'b>a@0.25#0', 'a>b@0.5#0', 'b>a@0.5#0', 'b>a@1#0', 'a>b@1#0']);
  });

  it('winners of one tier share one stored loser set; sets are never expanded', () => {
    const b = new MeasurementBatchBuilder();
    // 3 correct, 4 wrong: 3 events over one 4-model loser set
    for (const m of ['a', 'b', 'c']) b.addScore('s', m, 'acc', 1);
    for (const m of ['d', 'e', 'f', 'g']) b.addScore('s', m, 'acc', 0);
    const c = buildChoices(b.build());
    expect(c.winner.length).toBe(3);
    expect(new Set(c.set).size).toBe(1);
    // storage: 7 singleton blocks + one 7-model block, not 3 x 4 pairs
    expect(c.entries.length).toBe(7 + 7);
    expect(c.nChoiceSetEntries).toBe(3 * (1 + 4));
  });

  it('nested loser sets of a many-tier group share one block', () => {
    const b = new MeasurementBatchBuilder();
    for (let m = 0; m < 50; m++) b.addScore('s', `m${m}`, 'score', m);
    const c = buildChoices(b.build());
    expect(c.winner.length).toBe(49);
    expect(c.entries.length).toBe(50 + 50); // not 49·50/2 = 1225
    expect(c.nChoiceSetEntries).toBe(Array.from({ length: 49 }, (_, k) => k + 2).reduce((s, x) => s + x, 0));
  });

  it('events are sorted by sample with per-sample ranges', () => {
    const b = new MeasurementBatchBuilder();
    b.sample('s0');
    b.sample('s1');
    b.sample('s2');
    b.addPairwise('s2', 'a', 'b', 'a');
    b.addScore('s0', 'a', 'acc', 1);
    b.addScore('s0', 'b', 'acc', 0);
    b.addPairwise('s0', 'b', 'a', 'a');
    const c = buildChoices(b.build());
    expect(Array.from(c.sample)).toEqual([0, 0, 2]);
    expect(Array.from(c.sampleOffsets)).toEqual([0, 2, 2, 3]);
  });

  it('pairwise lines comparing a model with itself are ignored and counted', () => {
    const b = new MeasurementBatchBuilder();
    b.addPairwise('s', 'a', 'a', 'a');
    const c = buildChoices(b.build());
    expect(c.winner.length).toBe(0);
    expect(c.invalidPairwise).toBe(1);
  });
});
