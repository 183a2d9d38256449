import { describe, expect, it } from 'vitest';
import { rank } from '../ranking/leaderboard';
import { discriminationTiers, N_TIERS, type MarginFloors } from './cells';
import { planningContext } from './context';
import { FLOOR, GROUPED_FLOOR, sampleFloors } from './plan';
import { MeasurementBatchBuilder } from '../ranking/batch-builder';
import { planRound } from './round';
import { batchOf, syntheticPool } from './synthetic-pool';
import { N_BANDS } from './traits';

// 20 pool models, 400 questions in two strata ('first' = the first 200, 'second'), 30% of them
// mostly luck (discrimination ≈ 0): the plan should prefer the discriminating ones (while still
// learning the newcomer's deviation on every discrimination tier) but keep
// every difficulty band and stratum at its floor's share (scores: bands GROUPED_FLOOR, strata FLOOR).
const pool = syntheticPool({ nModels: 20, nSamples: 400, seed: 21, noise: 0.3, spread: 1.5 });
const batch = batchOf(pool, pool.rows);
const fit = rank('plackett-luce', batch, { ci: 'none' });
const byName = new Map(fit.models.map((r) => [r.model, r.score ?? NaN]));
const scores = Float64Array.from(batch.modelNames, (m) => byName.get(m) ?? NaN);
const ctx = planningContext(batch, 'newcomer', scores);

describe('plan cells', () => {
  it('splits the samples into terciles of their calibrated discrimination', () => {
    const tier = discriminationTiers(ctx);
    const counts = new Array(N_TIERS).fill(0);
    tier.forEach((t) => counts[t]++);
    for (const c of counts) expect(Math.abs(c - 400 / N_TIERS)).toBeLessThanOrEqual(1);
    const range = (t: number) => {
      const b = Array.from(ctx.params.beta).filter((_, s) => tier[s] === t);
      return [Math.min(...b), Math.max(...b)];
    };
    for (let t = 1; t < N_TIERS; t++) expect(range(t)[0]).toBeGreaterThanOrEqual(range(t - 1)[1]);
  });

  const share = (picked: number[], of: (s: number) => number, k: number) => {
    let size = 0;
    for (let s = 0; s < batch.nSamples; s++) size += of(s) === k ? 1 : 0;
    return { size, got: picked.filter((s) => of(s) === k).length };
  };

  it('keeps every difficulty band at GROUPED_FLOOR of its share, every stratum at FLOOR, and prefers discriminating samples', () => {
    const measured = new Uint8Array(batch.nSamples);
    const budget = 100;
    const picked = planRound(ctx, measured, budget).samples.map((p) => p.sample);
    expect(new Set(picked).size).toBe(budget);
    let binding = 0;
    for (let b = 0; b < N_BANDS; b++) {
      const { size, got } = share(picked, (s) => ctx.design.band[s], b);
      expect(got).toBeGreaterThanOrEqual(Math.floor((GROUPED_FLOOR * size * budget) / 400) - 1);
      if (got < Math.floor((FLOOR * size * budget) / 400) - 1) binding++;
    }
    // the lower floor of grouped samples is what lets the plan leave some band below FLOOR
    expect(binding).toBeGreaterThan(0);
    for (const k of [0, 1]) {
      const { size, got } = share(picked, (s) => ctx.design.stratum[s], k);
      expect(size).toBe(200);
      expect(got).toBeGreaterThanOrEqual(Math.floor((FLOOR * size * budget) / 400) - 1);
    }
    const tier = discriminationTiers(ctx);
    const top = picked.filter((s) => tier[s] === N_TIERS - 1).length;
    const bottom = picked.filter((s) => tier[s] === 0).length;
    // more of the discriminating third, but every third measured: each has its own trait deviation (./traits.ts)
    expect(top).toBeGreaterThan(1.25 * bottom);
    expect(bottom).toBeGreaterThanOrEqual(10);
  });

  it('floors each margin by the sum of its samples\' floors', () => {
    const plan = (floor: number | MarginFloors) => planRound(ctx, new Uint8Array(batch.nSamples), 100, { floor }).samples.map((p) => p.sample);
    // the band the plan leaves furthest below its proportional share when nothing is floored
    const free = plan(0);
    const deficit = (b: number) => {
      const { size, got } = share(free, (s) => ctx.design.band[s], b);
      return (size * 100) / 400 - got;
    };
    const starved = Array.from({ length: N_BANDS }, (_, b) => b).reduce((x, y) => (deficit(y) > deficit(x) ? y : x));
    expect(deficit(starved)).toBeGreaterThan(2);
    // a floor of 1 on that band's samples alone brings it to its full share
    const floors = { band: Float64Array.from(ctx.design.band, (b) => (b === starved ? 1 : 0)), stratum: new Float64Array(batch.nSamples) };
    const picked = plan(floors);
    const { size, got } = share(picked, (s) => ctx.design.band[s], starved);
    expect(got).toBeGreaterThanOrEqual(Math.floor((size * 100) / 400) - 1);
    // deterministic: the same inputs give the same plan
    expect(plan(floors)).toEqual(picked);
    // a rising floor at 1 (as a rising floor nears it when the count grows) brings every band to its share
    const zero = new Float64Array(batch.nSamples);
    const full = plan({ band: zero, stratum: zero, rising: { samples: new Uint8Array(batch.nSamples).fill(1), floor: () => 1 } });
    for (let b = 0; b < N_BANDS; b++) {
      const { size: n, got: k } = share(full, (s) => ctx.design.band[s], b);
      expect(k).toBeGreaterThanOrEqual(Math.floor((n * 100) / 400) - 1);
    }
  });
});

describe('sampleFloors', () => {
  it('gives samples with pairwise lines FLOOR in their band and stratum, samples with grouped results GROUPED_FLOOR in both, and no rising floor', () => {
    const b = new MeasurementBatchBuilder();
    b.addScore('q1', 'm1', 'accuracy', 1);
    b.addScore('q1', 'm2', 'accuracy', 0);
    b.addPairwise('p1', 'm1', 'm2', 'a');
    b.addRanking('r1', [['m1'], ['m2']]);
    const built = b.build();
    const floors = sampleFloors(built);
    const at = (id: string) => floors.band[built.sampleIds!.indexOf(id)];
    expect(at('p1')).toBe(FLOOR);
    expect(at('q1')).toBe(GROUPED_FLOOR);
    expect(at('r1')).toBe(GROUPED_FLOOR);
    expect(Array.from(floors.stratum)).toEqual(Array.from(built.sampleIds!, (id) => (id === 'p1' ? FLOOR : GROUPED_FLOOR)));
    // the leaderboard post-stratifies a model run on a plan's picks (../ranking/thin-models.ts), so the band floor no longer rises with the count
    expect(floors.rising).toBeUndefined();
    expect(GROUPED_FLOOR).toBeLessThan(FLOOR);
  });

  it('takes bench:plan overrides: the stratum floor of grouped samples and N of the rising band floor', () => {
    const b = new MeasurementBatchBuilder();
    b.addScore('q1', 'm1', 'accuracy', 1);
    b.addScore('q1', 'm2', 'accuracy', 0);
    b.addPairwise('p1', 'm1', 'm2', 'a');
    const built = b.build();
    const floors = sampleFloors(built, { groupedStratum: 0.8, risingN: 300 });
    const at = (id: string) => floors.stratum[built.sampleIds!.indexOf(id)];
    expect(at('q1')).toBe(0.8);
    expect(at('p1')).toBe(FLOOR);
    expect(Array.from(floors.rising!.samples)).toEqual(Array.from(built.sampleIds!, (id) => (id === 'p1' ? 0 : 1)));
    expect(floors.rising!.floor(1203)).toBeCloseTo(1 - 300 / 1203, 12);
    // without overrides, the shipped floors
    expect(sampleFloors(built).rising).toBeUndefined();
    expect(Array.from(sampleFloors(built).stratum)).toEqual(Array.from(built.sampleIds!, (id) => (id === 'p1' ? FLOOR : GROUPED_FLOOR)));
  });
});
