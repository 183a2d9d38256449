/**
 * Per-(sample, model) outcomes on one 0..1 "goodness" scale, from score and unit-test rows:
 *   g = (v − lo_k) / (hi_k − lo_k)   if higher is better,   (hi_k − v) / (hi_k − lo_k)   otherwise,
 * with lo_k, hi_k the smallest and largest value of metric (or criterion) k within the sample's
 * benchmark (a metric constant within its benchmark gives g = 1/2). Several metrics on one
 * sample average. This is the item-response view of a benchmark (Lord 1980, ch. 2: p-values and
 * item–total correlations), which floor/ceiling and discrimination read. Pairwise and ranking
 * lines carry no absolute outcome and are left out. Rows come out sorted by sample:
 *   sample s holds models model[offsets[s] .. offsets[s+1]) with goodness value[...].
 */
import type { MeasurementBatch } from "@/lib/ranking/measurements";

export interface Outcomes {
  nSamples: number;
  nModels: number;
  offsets: Int32Array;
  model: Int32Array;
  value: Float64Array;
}

/** Per sample, the dense index of its benchmark, and the benchmark names. */
export function benchmarkIndex(b: MeasurementBatch): { names: string[]; ofSample: Int32Array } {
  const names: string[] = [];
  const seen = new Map<string, number>();
  const ofSample = new Int32Array(b.nSamples);
  for (let s = 0; s < b.nSamples; s++) {
    const name = b.sampleBenchmarks?.[s] ?? "";
    let i = seen.get(name);
    if (i === undefined) seen.set(name, (i = names.push(name) - 1));
    ofSample[s] = i;
  }
  return { names, ofSample };
}

/** Smallest and largest value per (benchmark, key): index bench * nKeys + key. */
export function valueRanges(bench: Int32Array, nBench: number, nKeys: number, sample: Int32Array, key: Int32Array, value: Float64Array): { lo: Float64Array; hi: Float64Array } {
  const lo = new Float64Array(nBench * nKeys).fill(Infinity);
  const hi = new Float64Array(nBench * nKeys).fill(-Infinity);
  for (let r = 0; r < sample.length; r++) {
    const k = bench[sample[r]] * nKeys + key[r];
    if (value[r] < lo[k]) lo[k] = value[r];
    if (value[r] > hi[k]) hi[k] = value[r];
  }
  return { lo, hi };
}

export function goodness(v: number, lo: number, hi: number, higherIsBetter: boolean): number {
  if (!(hi > lo)) return 0.5;
  const g = (v - lo) / (hi - lo);
  return higherIsBetter ? g : 1 - g;
}

export function sampleOutcomes(b: MeasurementBatch): Outcomes {
  const { ofSample, names } = benchmarkIndex(b);
  const { score, unitTest } = b;
  const sr = valueRanges(ofSample, names.length, b.metricNames.length, score.sample, score.metric, score.value);
  const ur = valueRanges(ofSample, names.length, b.criterionNames.length, unitTest.sample, unitTest.criterion, unitTest.value);
  const nRows = score.sample.length + unitTest.sample.length;
  const rowSample = new Int32Array(nRows);
  const rowModel = new Int32Array(nRows);
  const rowG = new Float64Array(nRows);
  for (let r = 0; r < score.sample.length; r++) {
    const k = ofSample[score.sample[r]] * b.metricNames.length + score.metric[r];
    rowSample[r] = score.sample[r];
    rowModel[r] = score.model[r];
    rowG[r] = goodness(score.value[r], sr.lo[k], sr.hi[k], score.higherIsBetter[r] === 1);
  }
  for (let r = 0, q = score.sample.length; r < unitTest.sample.length; r++, q++) {
    const k = ofSample[unitTest.sample[r]] * b.criterionNames.length + unitTest.criterion[r];
    rowSample[q] = unitTest.sample[r];
    rowModel[q] = unitTest.model[r];
    rowG[q] = goodness(unitTest.value[r], ur.lo[k], ur.hi[k], true);
  }
  return collapseBySample(b.nSamples, b.nModels, rowSample, rowModel, rowG);
}

/** Counting sort of rows by sample, then one mean per (sample, model). */
function collapseBySample(nSamples: number, nModels: number, sample: Int32Array, model: Int32Array, g: Float64Array): Outcomes {
  const start = new Int32Array(nSamples + 1);
  for (let r = 0; r < sample.length; r++) start[sample[r] + 1]++;
  for (let s = 0; s < nSamples; s++) start[s + 1] += start[s];
  const order = new Int32Array(sample.length);
  const fill = start.slice(0, nSamples);
  for (let r = 0; r < sample.length; r++) order[fill[sample[r]]++] = r;

  const sum = new Float64Array(nModels);
  const count = new Int32Array(nModels);
  const offsets = new Int32Array(nSamples + 1);
  const outModel: number[] = [];
  const outValue: number[] = [];
  for (let s = 0; s < nSamples; s++) {
    const touched: number[] = [];
    for (let q = start[s]; q < start[s + 1]; q++) {
      const r = order[q];
      if (count[model[r]]++ === 0) touched.push(model[r]);
      sum[model[r]] += g[r];
    }
    for (const m of touched) {
      outModel.push(m);
      outValue.push(sum[m] / count[m]);
      sum[m] = 0;
      count[m] = 0;
    }
    offsets[s + 1] = outModel.length;
  }
  return { nSamples, nModels, offsets, model: Int32Array.from(outModel), value: Float64Array.from(outValue) };
}
