import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { planEvaluation, MAX_BUDGET } from './evaluation-plan';
import { batchOf, syntheticPool, type Row } from './synthetic-pool';

const pool = syntheticPool({ nModels: 16, nSamples: 300, seed: 5, noise: 0.3, spread: 1.5 });
const truth = pool.outcomes(0.6, 77);
const index = new Map(pool.sampleIds.map((id, s) => [id, s]));
/** The pool plus the newcomer's real results on `ids` (its outcome flipped when `flip`). */
const withResults = (ids: string[], flip = false) =>
  batchOf(pool, [...pool.rows, ...ids.map((id): Row => [id, 'newcomer', flip ? 1 - truth[index.get(id)!] : truth[index.get(id)!]])]);

describe('planEvaluation', () => {
  it('refuses a budget outside 1..10,000 or a missing model, naming the parameter', () => {
    const batch = withResults([]);
    for (const budget of [0, -5, MAX_BUDGET + 1, 2.5, NaN, '20' as unknown as number]) {
      expect(() => planEvaluation(batch, { model: 'newcomer', budget })).toThrow(ApiError);
      expect(() => planEvaluation(batch, { model: 'newcomer', budget })).toThrow(/"budget"/);
    }
    expect(() => planEvaluation(batch, { model: ' ', budget: 5 })).toThrow(/"model"/);
    expect(planEvaluation(batch, { model: 'newcomer', budget: MAX_BUDGET }).samples).toHaveLength(300);
  });

  it('is deterministic: the same inputs give the same plan', () => {
    const a = planEvaluation(withResults([]), { model: 'newcomer', budget: 20 });
    const b = planEvaluation(withResults([]), { model: 'newcomer', budget: 20 });
    expect(a.samples).toHaveLength(20);
    expect(b).toEqual(a);
    expect(new Set(a.samples.map((s) => s.id)).size).toBe(20);
  });

  it('places a model the pool has never seen only once it has results', () => {
    const fresh = planEvaluation(withResults([]), { model: 'newcomer', budget: 20 });
    expect(fresh.current).toBeNull();
    expect(fresh.measured).toBe(0);
    expect(fresh.candidates).toBe(300);
    const after = planEvaluation(withResults(fresh.samples.map((s) => s.id)), { model: 'newcomer', budget: 20 });
    expect(after.current).not.toBeNull();
    expect(after.current!.nSamples).toBe(20);
    expect(after.current!.nRanked).toBe(17);
  });

  it('adapts: the next batch follows the results, and the interval narrows as results arrive', () => {
    const first = planEvaluation(withResults([]), { model: 'newcomer', budget: 20 }).samples.map((s) => s.id);
    const real = planEvaluation(withResults(first), { model: 'newcomer', budget: 20 });
    const flipped = planEvaluation(withResults(first, true), { model: 'newcomer', budget: 20 });
    expect(real.samples.some((s) => first.includes(s.id))).toBe(false);
    expect(real.samples.map((s) => s.id)).not.toEqual(flipped.samples.map((s) => s.id));
    expect(real.current!.score).not.toBeCloseTo(flipped.current!.score, 1);

    const second = [...first, ...real.samples.map((s) => s.id)];
    const later = planEvaluation(withResults(second), { model: 'newcomer', budget: 20 });
    const width = (p: typeof later) => p.current!.ci[1] - p.current!.ci[0];
    expect(width(later)).toBeLessThan(width(real));
  });

  it('a model measured on every selected sample gets an empty plan and a message, not an error', () => {
    const plan = planEvaluation(withResults(pool.sampleIds), { model: 'newcomer', budget: 20 });
    expect(plan.samples).toEqual([]);
    expect(plan.message).toMatch(/already been measured on every selected sample/);
    expect(plan.current!.nSamples).toBe(300);
    // every outcome is known: the interval is the point, and it ranks where the full fit does
    expect(plan.current!.ci[1] - plan.current!.ci[0]).toBeLessThan(1e-6);
  });

  it('a budget beyond what is left plans all of it and says so', () => {
    const plan = planEvaluation(withResults(pool.sampleIds.slice(0, 290)), { model: 'newcomer', budget: 50 });
    expect(plan.samples.map((s) => s.id).sort()).toEqual(pool.sampleIds.slice(290));
    expect(plan.message).toMatch(/Only 10 selected samples are left/);
  });
});
