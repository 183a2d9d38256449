import { describe, expect, it } from 'vitest';
import { MeasurementBatchBuilder } from './batch-builder';
import type { MeasurementBatch } from './measurements';
import { rank } from './leaderboard';
import type { RankMethod } from './leaderboard-types';
import { Prng } from './prng';
import { simulatePlackettLuce } from './simulate';

const base = simulatePlackettLuce({ nModels: 8, nSamples: 60, seed: 11, scoreGroup: 5, unitTestGroup: 4, pairwise: 2, rankings: 1, rankingSize: 4 }).batch;

interface Row {
  kind: 'score' | 'unit' | 'pair' | 'rank';
  r: number;
}

/** Rebuilds a batch, optionally reordering samples, renaming models, or shifting a metric. */
function rebuild(b: MeasurementBatch, opts: { sampleOrder?: number[]; modelOrder?: number[]; shift?: { metric: string; by: number } }) {
  const out = new MeasurementBatchBuilder();
  for (const m of opts.modelOrder ?? b.modelNames.map((_, i) => i)) out.model(b.modelNames[m]);
  for (const s of opts.sampleOrder ?? b.sampleIds!.map((_, i) => i)) out.sample(b.sampleIds![s]);
  const rows: Row[] = [];
  for (let r = 0; r < b.score.sample.length; r++) rows.push({ kind: 'score', r });
  for (let r = 0; r < b.unitTest.sample.length; r++) rows.push({ kind: 'unit', r });
  for (let r = 0; r < b.pairwise.sample.length; r++) rows.push({ kind: 'pair', r });
  for (let r = 0; r < b.ranking.sample.length; r++) rows.push({ kind: 'rank', r });
  const sid = (s: number) => b.sampleIds![s];
  const mid = (m: number) => b.modelNames[m];
  for (const { kind, r } of rows) {
    if (kind === 'score') {
      const metric = b.metricNames[b.score.metric[r]];
      const v = b.score.value[r] + (opts.shift?.metric === metric ? opts.shift.by : 0);
      out.addScore(sid(b.score.sample[r]), mid(b.score.model[r]), metric, v, b.score.higherIsBetter[r] === 1);
    } else if (kind === 'unit') {
      out.addUnitTest(sid(b.unitTest.sample[r]), mid(b.unitTest.model[r]), b.criterionNames[b.unitTest.criterion[r]], b.unitTest.value[r]);
    } else if (kind === 'pair') {
      const w = (['a', 'b', 'tie'] as const)[b.pairwise.winner[r]];
      const p = b.pairwise.pA[r];
      out.addPairwise(sid(b.pairwise.sample[r]), mid(b.pairwise.modelA[r]), mid(b.pairwise.modelB[r]), w, p === p ? p : undefined);
    } else {
      const tiers: string[][] = [];
      for (let q = b.ranking.offsets[r]; q < b.ranking.offsets[r + 1]; q++) {
        (tiers[b.ranking.tier[q]] ??= []).push(mid(b.ranking.model[q]));
      }
      out.addRanking(sid(b.ranking.sample[r]), tiers, b.rankingKeys[b.ranking.key[r]]);
    }
  }
  return out.build();
}

const methods: RankMethod[] = ['plackett-luce', 'bradley-terry', 'mean', 'borda'];
function scores(b: MeasurementBatch, method: RankMethod): Record<string, number | null> {
  const r = rank(method, b, { baseline: 'model-003', prior: 0 });
  return Object.fromEntries(r.models.map((m) => [m.model, m.score]));
}
function expectSame(x: Record<string, number | null>, y: Record<string, number | null>) {
  expect(Object.keys(y).sort()).toEqual(Object.keys(x).sort());
  for (const k of Object.keys(x)) expect(y[k]).toBeCloseTo(x[k]!, 9);
}
function shuffled(n: number, seed: number): number[] {
  const rng = new Prng(seed);
  const a = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

describe('invariance', () => {
  for (const method of methods) {
    it(`${method}: permuting samples changes nothing`, () => {
      expectSame(scores(base, method), scores(rebuild(base, { sampleOrder: shuffled(base.nSamples, 1) }), method));
    });

    it(`${method}: relabelling models permutes the scores with them`, () => {
      const order = shuffled(base.nModels, 2);
      const relabelled = rebuild(base, { modelOrder: order });
      expect(relabelled.modelNames).not.toEqual(base.modelNames);
      expectSame(scores(base, method), scores(relabelled, method));
    });

    it(`${method}: adding a constant to every value of a score metric changes nothing`, () => {
      expectSame(scores(base, method), scores(rebuild(base, { shift: { metric: 'score', by: 123.5 } }), method));
      expectSame(scores(base, method), scores(rebuild(base, { shift: { metric: 'loss', by: -7 } }), method));
    });
  }

  it('the rebuild itself preserves the data (control)', () => {
    expectSame(scores(base, 'plackett-luce'), scores(rebuild(base, {}), 'plackett-luce'));
  });
});
