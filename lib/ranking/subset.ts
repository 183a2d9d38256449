/**
 * Subsets of a MeasurementBatch (./measurements.ts) for selections and robustness studies:
 * keep rows by a per-kind mask, keep whole samples, or drop an exact fraction of measurement
 * lines or of samples uniformly at random (seeded, ./prng.ts). Model and sample indices are
 * kept as they are (a dropped sample simply has no rows), so results stay comparable with the
 * full batch index for index.
 */
import type { MeasurementBatch } from './measurements';
import { Prng, sampleWithoutReplacement } from './prng';

export interface RowMasks {
  score: Uint8Array;
  unitTest: Uint8Array;
  pairwise: Uint8Array;
  ranking: Uint8Array;
}

function pick<T extends Int32Array | Float64Array | Uint8Array>(col: T, keep: Uint8Array, kept: number): T {
  const out = new (col.constructor as new (n: number) => T)(kept);
  let k = 0;
  for (let r = 0; r < col.length; r++) if (keep[r]) out[k++] = col[r];
  return out;
}

function count(mask: Uint8Array): number {
  let k = 0;
  for (let i = 0; i < mask.length; i++) k += mask[i];
  return k;
}

export function filterRows(b: MeasurementBatch, keep: RowMasks): MeasurementBatch {
  const ns = count(keep.score);
  const nu = count(keep.unitTest);
  const np = count(keep.pairwise);
  const nr = count(keep.ranking);
  const { ranking } = b;
  const offsets = new Int32Array(nr + 1);
  let entries = 0;
  for (let r = 0, k = 0; r < ranking.sample.length; r++) {
    if (!keep.ranking[r]) continue;
    entries += ranking.offsets[r + 1] - ranking.offsets[r];
    offsets[++k] = entries;
  }
  const model = new Int32Array(entries);
  const tier = new Int32Array(entries);
  for (let r = 0, p = 0; r < ranking.sample.length; r++) {
    if (!keep.ranking[r]) continue;
    for (let q = ranking.offsets[r]; q < ranking.offsets[r + 1]; q++, p++) {
      model[p] = ranking.model[q];
      tier[p] = ranking.tier[q];
    }
  }
  return {
    ...b,
    score: {
      sample: pick(b.score.sample, keep.score, ns),
      model: pick(b.score.model, keep.score, ns),
      metric: pick(b.score.metric, keep.score, ns),
      value: pick(b.score.value, keep.score, ns),
      higherIsBetter: pick(b.score.higherIsBetter, keep.score, ns),
    },
    unitTest: {
      sample: pick(b.unitTest.sample, keep.unitTest, nu),
      model: pick(b.unitTest.model, keep.unitTest, nu),
      criterion: pick(b.unitTest.criterion, keep.unitTest, nu),
      value: pick(b.unitTest.value, keep.unitTest, nu),
    },
    pairwise: {
      sample: pick(b.pairwise.sample, keep.pairwise, np),
      modelA: pick(b.pairwise.modelA, keep.pairwise, np),
      modelB: pick(b.pairwise.modelB, keep.pairwise, np),
      winner: pick(b.pairwise.winner, keep.pairwise, np),
      pA: pick(b.pairwise.pA, keep.pairwise, np),
    },
    ranking: { sample: pick(ranking.sample, keep.ranking, nr), key: pick(ranking.key, keep.ranking, nr), offsets, model, tier },
  };
}

/** Keeps the rows of samples with keepSample[s] = 1. */
export function selectSamples(b: MeasurementBatch, keepSample: Uint8Array): MeasurementBatch {
  const bySample = (col: Int32Array) => {
    const m = new Uint8Array(col.length);
    for (let r = 0; r < col.length; r++) m[r] = keepSample[col[r]];
    return m;
  };
  return filterRows(b, {
    score: bySample(b.score.sample),
    unitTest: bySample(b.unitTest.sample),
    pairwise: bySample(b.pairwise.sample),
    ranking: bySample(b.ranking.sample),
  });
}

/** Drops round(fraction × lines) measurement lines (any kind), uniformly without replacement. */
export function dropMeasurements(b: MeasurementBatch, fraction: number, seed: number): MeasurementBatch {
  const sizes = [b.score.sample.length, b.unitTest.sample.length, b.pairwise.sample.length, b.ranking.sample.length];
  const total = sizes[0] + sizes[1] + sizes[2] + sizes[3];
  const drop = sampleWithoutReplacement(new Prng(seed), total, Math.round(fraction * total));
  const all = new Uint8Array(total).fill(1);
  for (let i = 0; i < drop.length; i++) all[drop[i]] = 0;
  let at = 0;
  const [score, unitTest, pairwise, ranking] = sizes.map((n) => all.subarray(at, (at += n)));
  return filterRows(b, { score, unitTest, pairwise, ranking });
}

/** Drops round(fraction × nSamples) whole samples, uniformly without replacement. */
export function dropSamples(b: MeasurementBatch, fraction: number, seed: number): MeasurementBatch {
  const keep = new Uint8Array(b.nSamples).fill(1);
  const drop = sampleWithoutReplacement(new Prng(seed), b.nSamples, Math.round(fraction * b.nSamples));
  for (let i = 0; i < drop.length; i++) keep[drop[i]] = 0;
  return selectSamples(b, keep);
}
