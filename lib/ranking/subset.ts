/**
 * Subsets of a MeasurementBatch (./measurements.ts) for selections and robustness studies:
 * keep rows by a per-kind mask, keep whole samples, or drop an exact fraction of measurement
 * lines or of samples uniformly at random (seeded, ./prng.ts). Model and sample indices are
 * kept as they are (a dropped sample simply has no rows), so results stay comparable with the
 * full batch index for index; only selectSubsets renumbers samples (for per-subset fits).
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

type Column = Int32Array | Float64Array | Uint8Array;

function take<T extends Column>(col: T, rows: Int32Array): T {
  const out = new (col.constructor as new (n: number) => T)(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = col[rows[k]];
  return out;
}

/** Old sample index → its index among the samples of `mask` (-1 outside it), into `to`; returns those samples. */
function renumbering(mask: Uint8Array, to: Int32Array): number[] {
  const members: number[] = [];
  for (let s = 0; s < mask.length; s++) to[s] = mask[s] ? members.push(s) - 1 : -1;
  return members;
}

/** sample column of the given rows, renumbered. */
function takeSamples(col: Int32Array, rows: Int32Array, to: Int32Array): Int32Array {
  const out = new Int32Array(rows.length);
  for (let k = 0; k < rows.length; k++) out[k] = to[col[rows[k]]];
  return out;
}

/**
 * The batch of the given rows of each kind (ascending row indices), over the samples of `mask`
 * renumbered in order (`to`: old index → new; `members`: new index → old).
 */
function takeRows(b: MeasurementBatch, rows: { score: Int32Array; unitTest: Int32Array; pairwise: Int32Array; ranking: Int32Array }, to: Int32Array, members: number[]): MeasurementBatch {
  const { ranking } = b;
  const offsets = new Int32Array(rows.ranking.length + 1);
  for (let k = 0; k < rows.ranking.length; k++) {
    const r = rows.ranking[k];
    offsets[k + 1] = offsets[k] + ranking.offsets[r + 1] - ranking.offsets[r];
  }
  const model = new Int32Array(offsets[rows.ranking.length]);
  const tier = new Int32Array(model.length);
  for (let k = 0; k < rows.ranking.length; k++) {
    const r = rows.ranking[k];
    model.set(ranking.model.subarray(ranking.offsets[r], ranking.offsets[r + 1]), offsets[k]);
    tier.set(ranking.tier.subarray(ranking.offsets[r], ranking.offsets[r + 1]), offsets[k]);
  }
  const labels = <T,>(list: T[] | undefined) => list && members.map((s) => list[s]);
  return {
    ...b,
    nSamples: members.length,
    sampleIds: labels(b.sampleIds),
    sampleBenchmarks: labels(b.sampleBenchmarks),
    sampleTags: labels(b.sampleTags),
    score: {
      sample: takeSamples(b.score.sample, rows.score, to),
      model: take(b.score.model, rows.score),
      metric: take(b.score.metric, rows.score),
      value: take(b.score.value, rows.score),
      higherIsBetter: take(b.score.higherIsBetter, rows.score),
    },
    unitTest: {
      sample: takeSamples(b.unitTest.sample, rows.unitTest, to),
      model: take(b.unitTest.model, rows.unitTest),
      criterion: take(b.unitTest.criterion, rows.unitTest),
      value: take(b.unitTest.value, rows.unitTest),
    },
    pairwise: {
      sample: takeSamples(b.pairwise.sample, rows.pairwise, to),
      modelA: take(b.pairwise.modelA, rows.pairwise),
      modelB: take(b.pairwise.modelB, rows.pairwise),
      winner: take(b.pairwise.winner, rows.pairwise),
      pA: take(b.pairwise.pA, rows.pairwise),
    },
    ranking: { sample: takeSamples(ranking.sample, rows.ranking, to), key: take(ranking.key, rows.ranking), offsets, model, tier },
  };
}

/**
 * selectSamples(b, mask) for every mask, in one pass over the rows instead of one per mask: each
 * row goes to the subsets its sample is in (benchmarks partition the samples; tags overlap).
 * Unlike selectSamples, each subset's samples are renumbered: sample k of subset i is the k-th
 * sample of mask i (labels cut alike), so that what a fit costs per sample (grouping, choice
 * events, clusters) scales with the subset, not with the batch it was cut from.
 */
export function selectSubsets(b: MeasurementBatch, masks: readonly Uint8Array[]): MeasurementBatch[] {
  const n = b.nSamples;
  // Subsets of sample s: list[offsets[s] .. offsets[s + 1]).
  const offsets = new Int32Array(n + 1);
  for (const mask of masks) for (let s = 0; s < n; s++) offsets[s + 1] += mask[s];
  for (let s = 0; s < n; s++) offsets[s + 1] += offsets[s];
  const list = new Int32Array(offsets[n]);
  const fill = offsets.slice(0, n);
  masks.forEach((mask, i) => {
    for (let s = 0; s < n; s++) if (mask[s]) list[fill[s]++] = i;
  });
  const split = (sample: Int32Array): Int32Array[] => {
    const counts = new Int32Array(masks.length);
    for (let r = 0; r < sample.length; r++) for (let j = offsets[sample[r]]; j < offsets[sample[r] + 1]; j++) counts[list[j]]++;
    const out = Array.from(counts, (c) => new Int32Array(c));
    counts.fill(0);
    for (let r = 0; r < sample.length; r++) {
      for (let j = offsets[sample[r]]; j < offsets[sample[r] + 1]; j++) out[list[j]][counts[list[j]]++] = r;
    }
    return out;
  };
  const score = split(b.score.sample);
  const unitTest = split(b.unitTest.sample);
  const pairwise = split(b.pairwise.sample);
  const ranking = split(b.ranking.sample);
  const to = new Int32Array(n);
  return masks.map((mask, i) => takeRows(b, { score: score[i], unitTest: unitTest[i], pairwise: pairwise[i], ranking: ranking[i] }, to, renumbering(mask, to)));
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
