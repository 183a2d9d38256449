/**
 * Pools with a known truth for the planning tests: binary outcomes from a two-parameter
 * logistic model, y_js ~ Bernoulli(σ(a_s (θ_j − b_s))), with difficulties b_s ~ N(0, spread²) and a
 * share `noise` of samples whose outcome hardly depends on strength (a_s = 0.05: questions
 * that are mostly luck), the rest a_s ~ U(1, 2.5). Pool strengths are evenly spaced over
 * [−2, 2]. Every draw is seeded (../ranking/prng.ts), so a pool is the same on every run.
 */
import { MeasurementBatchBuilder } from '../ranking/batch-builder';
import type { MeasurementBatch } from '../ranking/measurements';
import { Prng } from '../ranking/prng';

export type Row = [sample: string, model: string, value: number];

export interface SyntheticPool {
  sampleIds: string[];
  rows: Row[];
  /** the fixed outcomes of a model of strength θ, one per sample (its own seed) */
  outcomes(theta: number, seed: number): number[];
}

export function syntheticPool(o: { nModels: number; nSamples: number; seed: number; noise: number; spread: number }): SyntheticPool {
  const rng = new Prng(o.seed);
  const sampleIds = Array.from({ length: o.nSamples }, (_, s) => `syn/${String(s).padStart(4, '0')}`);
  const b = Float64Array.from(sampleIds, () => o.spread * rng.normal());
  const a = Float64Array.from(sampleIds, () => (rng.next() < o.noise ? 0.05 : 1 + 1.5 * rng.next()));
  const outcomes = (theta: number, seed: number) => {
    const r = new Prng(seed);
    return sampleIds.map((_, s) => (r.next() < 1 / (1 + Math.exp(-a[s] * (theta - b[s]))) ? 1 : 0));
  };
  const rows: Row[] = [];
  for (let j = 0; j < o.nModels; j++) {
    const theta = -2 + (4 * j) / Math.max(1, o.nModels - 1);
    outcomes(theta, o.seed * 1000 + j).forEach((y, s) => rows.push([sampleIds[s], `pool-${String(j).padStart(2, '0')}`, y]));
  }
  return { sampleIds, rows, outcomes };
}

/** A batch of `rows`, every sample of the pool interned (in order) whether measured or not. */
export function batchOf(pool: SyntheticPool, rows: Row[]): MeasurementBatch {
  const b = new MeasurementBatchBuilder();
  for (const id of pool.sampleIds) b.sample(id, 'synthetic', [id < 'syn/0200' ? 'first' : 'second']);
  for (const [s, m, v] of rows) b.addScore(s, m, 'accuracy', v);
  return b.build();
}
