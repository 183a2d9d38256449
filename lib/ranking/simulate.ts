/**
 * Synthetic measurements drawn from a known Plackett-Luce model, for recovery tests and the
 * benchmark. A full PL ranking of a model subset is drawn with the Gumbel-max trick (Yellott
 * 1977): sorting θ_i + G_i, G_i ~ Gumbel(0, 1) i.i.d., descending gives exactly the PL
 * distribution over rankings, whose likelihood is the product of the top-1 choices that
 * ./choices.ts builds from it. Per sample:
 *   - one score group: values θ_i + G_i (half the samples as a lower-is-better "loss" = −value);
 *   - one unit-test group: the PL ranking cut into five equal buckets scored 5..1 (ties);
 *   - pairwise lines: a beats b with probability σ(θ_a − θ_b); a `pWithP` share carry
 *     p_a = σ(θ_a − θ_b + N(0, 0.5²)) (winner = the side with p > 1/2), the rest a drawn
 *     outcome, 5% of them a tie;
 *   - ranking lines of `rankingSize` models, adjacent models merged into one tier w.p. 0.1.
 * Seeded (./prng.ts): the same options give the same batch.
 */
import { MeasurementBatchBuilder } from './batch-builder';
import type { MeasurementBatch } from './measurements';
import { Prng } from './prng';

export interface SimulationOptions {
  nModels: number;
  nSamples: number;
  seed: number;
  /** true log-strengths; default N(0, spread²) draws */
  theta?: Float64Array;
  spread?: number;
  /** models per score group (0 = none) */
  scoreGroup?: number;
  /** models per unit-test group (0 = none) */
  unitTestGroup?: number;
  pairwise?: number;
  pWithP?: number;
  rankings?: number;
  rankingSize?: number;
}

export function simulatePlackettLuce(o: SimulationOptions): { batch: MeasurementBatch; theta: Float64Array } {
  const rng = new Prng(o.seed);
  const theta = o.theta ?? Float64Array.from({ length: o.nModels }, () => (o.spread ?? 1) * rng.normal());
  const b = new MeasurementBatchBuilder();
  for (let m = 0; m < o.nModels; m++) b.model(`model-${String(m).padStart(3, '0')}`);
  const perm = Int32Array.from({ length: o.nModels }, (_, i) => i);
  const keys = new Float64Array(o.nModels);
  // A uniformly random k-subset, ordered as a PL ranking (best first).
  const plRanking = (k: number): Int32Array => {
    for (let i = 0; i < k; i++) {
      const j = i + rng.int(o.nModels - i);
      const t = perm[i];
      perm[i] = perm[j];
      perm[j] = t;
    }
    const sub = perm.slice(0, k);
    for (const m of sub) keys[m] = theta[m] + rng.gumbel();
    return sub.sort((x, y) => keys[y] - keys[x]);
  };
  const sigma = (x: number) => 1 / (1 + Math.exp(-x));

  for (let s = 0; s < o.nSamples; s++) {
    const sample = b.sample(`sample-${s}`, 'simulated');
    if (o.scoreGroup) {
      const lower = rng.next() < 0.5;
      for (const m of plRanking(o.scoreGroup)) {
        b.addScore(sample, m, lower ? 'loss' : 'score', lower ? -keys[m] : keys[m], !lower);
      }
    }
    if (o.unitTestGroup) {
      const r = plRanking(o.unitTestGroup);
      r.forEach((m, pos) => b.addUnitTest(sample, m, 'criterion', 5 - Math.floor((5 * pos) / r.length)));
    }
    for (let k = 0; k < (o.pairwise ?? 0); k++) {
      const [a, c] = plRanking(2).sort();
      if (rng.next() < (o.pWithP ?? 0.5)) {
        const p = sigma(theta[a] - theta[c] + 0.5 * rng.normal());
        b.addPairwise(sample, a, c, p > 0.5 ? 'a' : 'b', p);
      } else {
        const u = rng.next();
        b.addPairwise(sample, a, c, u < 0.05 ? 'tie' : rng.next() < sigma(theta[a] - theta[c]) ? 'a' : 'b');
      }
    }
    for (let k = 0; k < (o.rankings ?? 0); k++) {
      const tiers: number[][] = [];
      for (const m of plRanking(o.rankingSize ?? 5)) {
        if (tiers.length > 0 && rng.next() < 0.1) tiers[tiers.length - 1].push(m);
        else tiers.push([m]);
      }
      b.addRanking(sample, tiers);
    }
  }
  return { batch: b.build(), theta };
}
