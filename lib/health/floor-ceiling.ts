/**
 * Floor, ceiling and degeneracy of a benchmark, read from per-sample goodness (./outcomes.ts):
 *   model mean  ḡ_m = mean over the benchmark's samples of g_{s,m};
 *   at floor    ḡ_m ≤ NEAR,  at ceiling  ḡ_m ≥ 1 − NEAR;
 *   degenerate  a sample measured on ≥ 2 models whose g are all equal (every model ties: it
 *               yields no choice event, ../ranking/choices.ts, and so no information).
 * The DROP signature (Open LLM Leaderboard, Dec 2023: a normaliser that dropped numbers followed
 * by a newline scored most models' F1 under 10%) is most models at the floor and most samples
 * degenerate at 0.
 */
import type { Outcomes } from "./outcomes";

/** ḡ within this distance of 0 (or 1) counts as at the floor (or ceiling). */
export const NEAR = 0.1;

export interface FloorCeiling {
  nModels: number;
  atFloor: number;
  atCeiling: number;
  nSamples: number;
  degenerate: number;
  /** indices of degenerate samples */
  degenerateSamples: Int32Array;
}

export function modelMeans(o: Outcomes, inBench: Uint8Array): Float64Array {
  const sum = new Float64Array(o.nModels);
  const count = new Int32Array(o.nModels);
  for (let s = 0; s < o.nSamples; s++) {
    if (!inBench[s]) continue;
    for (let q = o.offsets[s]; q < o.offsets[s + 1]; q++) {
      sum[o.model[q]] += o.value[q];
      count[o.model[q]]++;
    }
  }
  return sum.map((x, m) => (count[m] > 0 ? x / count[m] : NaN));
}

export function floorCeiling(o: Outcomes, inBench: Uint8Array): FloorCeiling {
  const means = modelMeans(o, inBench);
  let nModels = 0;
  let atFloor = 0;
  let atCeiling = 0;
  for (const g of means) {
    if (!Number.isFinite(g)) continue;
    nModels++;
    if (g <= NEAR) atFloor++;
    if (g >= 1 - NEAR) atCeiling++;
  }
  let nSamples = 0;
  const degenerate: number[] = [];
  for (let s = 0; s < o.nSamples; s++) {
    const lo = o.offsets[s];
    const hi = o.offsets[s + 1];
    if (!inBench[s] || hi - lo < 2) continue;
    nSamples++;
    let min = Infinity;
    let max = -Infinity;
    for (let q = lo; q < hi; q++) {
      min = Math.min(min, o.value[q]);
      max = Math.max(max, o.value[q]);
    }
    if (max - min < 1e-12) degenerate.push(s);
  }
  return { nModels, atFloor, atCeiling, nSamples, degenerate: degenerate.length, degenerateSamples: Int32Array.from(degenerate) };
}
