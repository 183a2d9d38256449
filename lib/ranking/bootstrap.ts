/**
 * Nonparametric bootstrap over samples (Efron 1979; for ranking leaderboards as in Chatbot
 * Arena, Chiang et al. 2024): draw the samples that have data with replacement, as many as
 * there are, and recompute the statistic with each sample's events weighted by how often it
 * was drawn. A resample is therefore only a vector of per-sample multiplicities; the events
 * themselves are never copied. Percentile 95% intervals per model (./intervals.ts).
 *
 * A statistic may be undefined (NaN) for a model in some resamples (under the MLE, a model that
 * drops out of the baseline's strongly connected component is ±∞). If that happens in more than
 * 2.5% of resamples one tail of the interval is unbounded, so the interval is NaN (null);
 * otherwise it is taken over the defined draws. Callers warn on any undefined draw.
 */
import { Prng } from './prng';
import { quantileSorted } from './intervals';

export const DEFAULT_RESAMPLES = 100;
export const DEFAULT_SEED = 20240601;

export interface BootstrapOptions {
  resamples?: number;
  seed?: number;
}

export interface BootstrapResult {
  lo: Float64Array;
  hi: Float64Array;
  resamples: number;
  seed: number;
  /** per model, resamples in which its statistic was undefined */
  undefinedDraws: Int32Array;
}

/** Per-sample multiplicities for one resample of `units` (sample indices with data). */
export function resampleWeights(rng: Prng, units: Int32Array, nSamples: number, out: Float64Array): Float64Array {
  out.fill(0);
  for (let k = 0; k < units.length; k++) out[units[rng.int(units.length)]]++;
  return out;
}

export function bootstrapPercentile(
  units: Int32Array,
  nSamples: number,
  nModels: number,
  opts: BootstrapOptions,
  statistic: (sampleWeight: Float64Array) => Float64Array,
): BootstrapResult {
  const resamples = opts.resamples ?? DEFAULT_RESAMPLES;
  const seed = opts.seed ?? DEFAULT_SEED;
  const rng = new Prng(seed);
  const draws = new Float64Array(resamples * nModels);
  const weight = new Float64Array(nSamples);
  for (let r = 0; r < resamples; r++) {
    draws.set(statistic(resampleWeights(rng, units, nSamples, weight)), r * nModels);
  }
  const lo = new Float64Array(nModels).fill(NaN);
  const hi = new Float64Array(nModels).fill(NaN);
  const undefinedDraws = new Int32Array(nModels);
  const column = new Float64Array(resamples);
  for (let m = 0; m < nModels; m++) {
    let k = 0;
    for (let r = 0; r < resamples; r++) {
      const x = draws[r * nModels + m];
      if (Number.isFinite(x)) column[k++] = x;
    }
    undefinedDraws[m] = resamples - k;
    if (k === 0 || undefinedDraws[m] > 0.025 * resamples) continue;
    const sorted = column.subarray(0, k).sort();
    lo[m] = quantileSorted(sorted, 0.025);
    hi[m] = quantileSorted(sorted, 0.975);
  }
  return { lo, hi, resamples, seed, undefinedDraws };
}
