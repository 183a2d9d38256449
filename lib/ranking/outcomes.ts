/**
 * One outcome y_ms ∈ [0, 1] per (sample s, model m) from a MeasurementBatch, the response the
 * sample model of ./calibrate.ts explains (1 = best possible on that sample, 0 = worst):
 *
 *   score / unit_test   y = (F(v) − F(v_min)) / (F(v_max) − F(v_min)),  F = mid-rank ECDF of all
 *                       values of that metric (criterion) in the batch, v direction-adjusted
 *                       (./groups.ts); binary accuracy gives exactly y = v ∈ {0, 1}, a graded
 *                       1–10 score its rank-based position, robust to outlying values
 *   ranking line        y = 1 − tier / (last tier)   (a one-tier line says nothing and is skipped)
 *   pairwise line       y_a = p_a (else 1 / 0 / ½ for a win / loss / tie), y_b = 1 − y_a
 *
 * and y_ms is the mean over all of m's groups and lines on s. Rank-based, like the engine
 * (./choices.ts reads only the order of values), and cardinal across samples, so a question
 * every model answered still tells a weak newcomer something (y = 1 for the others).
 * Stored CSR by sample: the outcomes of s are [offsets[s], offsets[s + 1]), models ascending.
 */
import { KIND_RANKING, tieredGroups, type TieredGroups } from './groups';
import { WINNER_A, WINNER_B, type MeasurementBatch } from './measurements';

export interface SampleOutcomes {
  nSamples: number;
  nModels: number;
  /** length nSamples + 1 */
  offsets: Int32Array;
  model: Int32Array;
  y: Float64Array;
}

/** Outcomes M could get in a group of one metric: its values (ascending) and their y. */
export interface MetricScale {
  y: (v: number) => number;
  /** the metric's distinct values, or MAX_LEVELS quantiles of them when there are more */
  levels: Float64Array;
  levelY: Float64Array;
}

export const MAX_LEVELS = 16;

/** Mid-rank ECDF of one metric's values (given as value → count) rescaled to [0, 1]; y NaN if the metric is constant. */
function rankScale(counts: Map<number, number>): MetricScale {
  const distinct = Float64Array.from(counts.keys()).sort();
  const k = distinct.length;
  if (k < 2) return { y: () => NaN, levels: new Float64Array(0), levelY: new Float64Array(0) };
  const mid = new Float64Array(k);
  let below = 0;
  for (let i = 0; i < k; i++) {
    const c = counts.get(distinct[i])!;
    mid[i] = below + c / 2;
    below += c;
  }
  const yOf = new Map<number, number>();
  for (let i = 0; i < k; i++) yOf.set(distinct[i], (mid[i] - mid[0]) / (mid[k - 1] - mid[0]));
  const y = (v: number) => {
    const known = yOf.get(v);
    if (known !== undefined) return known;
    // a value between the observed ones (an unseen model's): interpolate the mid-ranks
    let i = 0;
    while (i < k && distinct[i] < v) i++;
    if (i === 0) return 0;
    if (i === k) return 1;
    const f = (v - distinct[i - 1]) / (distinct[i] - distinct[i - 1]);
    return yOf.get(distinct[i - 1])! + f * (yOf.get(distinct[i])! - yOf.get(distinct[i - 1])!);
  };
  const levels = k <= MAX_LEVELS ? distinct : quantileLevels(distinct, mid, below);
  return { y, levels, levelY: levels.map(y) };
}

/** MAX_LEVELS values at evenly spaced mid-rank positions. */
function quantileLevels(distinct: Float64Array, mid: Float64Array, total: number): Float64Array {
  const out = new Float64Array(MAX_LEVELS);
  let i = 0;
  for (let q = 0; q < MAX_LEVELS; q++) {
    const target = (q / (MAX_LEVELS - 1)) * total;
    while (i < distinct.length - 1 && mid[i] < target) i++;
    out[q] = distinct[i];
  }
  return out;
}

/** Scale of each (kind, key) of cardinal groups, by cardinalKey(kind, key). */
export function cardinalScales(g: TieredGroups): Map<number, MetricScale> {
  const byKey = new Map<number, Map<number, number>>();
  for (let k = 0; k < g.sample.length; k++) {
    if (g.kind[k] === KIND_RANKING) continue;
    const id = cardinalKey(g.kind[k], g.key[k]);
    let counts = byKey.get(id);
    if (!counts) byKey.set(id, (counts = new Map()));
    // A group's values come sorted: counted per run of equal values.
    let last = NaN;
    let run = 0;
    for (let q = g.offsets[k]; q < g.offsets[k + 1]; q++) {
      const v = g.value[q];
      if (v === last) run++;
      else {
        if (run > 0) counts.set(last, (counts.get(last) ?? 0) + run);
        last = v;
        run = 1;
      }
    }
    if (run > 0) counts.set(last, (counts.get(last) ?? 0) + run);
  }
  const scales = new Map<number, MetricScale>();
  for (const [id, counts] of byKey) scales.set(id, rankScale(counts));
  return scales;
}

export function cardinalKey(kind: number, key: number): number {
  return kind * 1e9 + key;
}

export function sampleOutcomes(b: MeasurementBatch, groups: TieredGroups = tieredGroups(b), scales = cardinalScales(groups)): SampleOutcomes {
  const cap = groups.model.length + 2 * b.pairwise.sample.length;
  const sample = new Int32Array(cap);
  const model = new Int32Array(cap);
  const value = new Float64Array(cap);
  let n = 0;
  const push = (s: number, m: number, y: number) => {
    if (!Number.isFinite(y)) return;
    sample[n] = s;
    model[n] = m;
    value[n++] = y;
  };
  for (let k = 0; k < groups.sample.length; k++) {
    const lo = groups.offsets[k];
    const hi = groups.offsets[k + 1];
    if (groups.kind[k] === KIND_RANKING) {
      const last = groups.tier[hi - 1];
      if (last === 0) continue;
      for (let q = lo; q < hi; q++) push(groups.sample[k], groups.model[q], 1 - groups.tier[q] / last);
    } else {
      const scale = scales.get(cardinalKey(groups.kind[k], groups.key[k]))!;
      for (let q = lo; q < hi; q++) push(groups.sample[k], groups.model[q], scale.y(groups.value[q]));
    }
  }
  const p = b.pairwise;
  for (let r = 0; r < p.sample.length; r++) {
    if (p.modelA[r] === p.modelB[r]) continue;
    const ya = p.pA[r] === p.pA[r] ? p.pA[r] : p.winner[r] === WINNER_A ? 1 : p.winner[r] === WINNER_B ? 0 : 0.5;
    push(p.sample[r], p.modelA[r], ya);
    push(p.sample[r], p.modelB[r], 1 - ya);
  }
  return aggregate(b.nSamples, b.nModels, sample.subarray(0, n), model.subarray(0, n), value.subarray(0, n));
}

/**
 * Mean y per (sample, model), CSR by sample with models ascending: one counting sort by sample,
 * then per sample a sum and count per model (models touched are few, so they are sorted in place).
 */
function aggregate(nSamples: number, nModels: number, sample: Int32Array, model: Int32Array, value: Float64Array): SampleOutcomes {
  const n = sample.length;
  const start = new Int32Array(nSamples + 1);
  for (let i = 0; i < n; i++) start[sample[i] + 1]++;
  for (let s = 0; s < nSamples; s++) start[s + 1] += start[s];
  const cursor = start.slice(0, nSamples);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[cursor[sample[i]]++] = i;

  const sum = new Float64Array(nModels);
  const count = new Int32Array(nModels);
  const touched = new Int32Array(nModels);
  const offsets = new Int32Array(nSamples + 1);
  const outModel = new Int32Array(n);
  const outY = new Float64Array(n);
  let kept = 0;
  for (let s = 0; s < nSamples; s++) {
    let nt = 0;
    for (let k = start[s]; k < start[s + 1]; k++) {
      const m = model[order[k]];
      if (count[m] === 0) touched[nt++] = m;
      sum[m] += value[order[k]];
      count[m]++;
    }
    touched.subarray(0, nt).sort();
    for (let i = 0; i < nt; i++) {
      const m = touched[i];
      outModel[kept] = m;
      outY[kept++] = sum[m] / count[m];
      sum[m] = 0;
      count[m] = 0;
    }
    offsets[s + 1] = kept;
  }
  return { nSamples, nModels, offsets, model: outModel.slice(0, kept), y: outY.slice(0, kept) };
}
