/**
 * Tiered groups: for one sample and one metric (score), criterion (unit_test) or ranking line,
 * the models ordered best-first into tiers of equal value (results-format v1, "From
 * measurements to sample-level rankings"). For a score with higher_is_better = false the
 * ordering key is -value. Pairwise lines are not groups; see ./choices.ts.
 *
 * Score and unit-test rows are bucketed by (sample, key) with two stable counting sorts
 * (O(rows + nSamples + nKeys); one when there is a single key) over flat typed copies of the
 * columns; each bucket is then sorted by value, which is cheap because
 * a bucket holds at most one row per model. Within a bucket a later row for the same model
 * replaces an earlier one (the spec's key); each replaced row is counted in `duplicates`.
 */
import { scratchPool } from './scratch';
import type { MeasurementBatch } from './measurements';

export const KIND_SCORE = 0;
export const KIND_UNIT_TEST = 1;
export const KIND_RANKING = 2;
export const KIND_PAIRWISE = 3;

export interface TieredGroups {
  sample: Int32Array;
  /** KIND_SCORE, KIND_UNIT_TEST or KIND_RANKING */
  kind: Uint8Array;
  /** index into metricNames / criterionNames / rankingKeys, by kind */
  key: Int32Array;
  /** length nGroups + 1, into model / tier / value */
  offsets: Int32Array;
  /** best first */
  model: Int32Array;
  /** 0 = best; non-decreasing within a group */
  tier: Int32Array;
  /** the (direction-adjusted) value that ordered the model; tier-derived for rankings */
  value: Float64Array;
  duplicates: number;
}

/** Scratch for tieredGroups's arrays that do not escape it (row order, counts). */
const scratch = scratchPool(1 << 19);
const SLOT_ORDER = 0;
const SLOT_KEY_ORDER = 1;
const SLOT_COUNT = 2;

/**
 * Stable counting sort of row indices 0..n-1 by key[r] ∈ [0, nKeys), restricted to the rows of
 * `order` when given (in its order): the new order, in scratch slot `slot`, and for each key k the
 * end of its rows in it (`ends`, in scratch: read before the next sort).
 */
function countingSort(key: Int32Array, nKeys: number, order: Int32Array | null, slot: number): { order: Int32Array; ends: Int32Array } {
  const n = key.length;
  const count = scratch.i32(SLOT_COUNT, nKeys + 1).fill(0);
  for (let r = 0; r < n; r++) count[key[r] + 1]++;
  for (let k = 0; k < nKeys; k++) count[k + 1] += count[k];
  const out = scratch.i32(slot, n);
  if (order) for (let i = 0; i < n; i++) out[count[key[order[i]]]++] = order[i];
  else for (let r = 0; r < n; r++) out[count[key[r]]++] = r;
  return { order: out, ends: count };
}

/** Distinct values up to which a bucket is sorted through per-value bit sets of its models. */
const MAX_SET_VALUES = 8;
const setValues = new Float64Array(MAX_SET_VALUES);
const setRank = new Int32Array(MAX_SET_VALUES);

/**
 * Sorts idx[0..n) by val descending, ties by model ascending (deterministic; models are
 * distinct within a bucket, so for finite values the order is total and any sort gives it).
 * A bucket with few distinct finite values (0/1 answers, a few levels) is sorted through bit
 * sets: each row's model is set in the set of its value, and the sets are read back value by
 * value (descending), models ascending. `bits` (MAX_SET_VALUES x words, words = ⌈nModels/32⌉)
 * is zero between calls (each read clears it); `rowOf` and `valueIndex` (nModels) need no clearing. Otherwise,
 * by insertion (or the built-in sort beyond 32 rows).
 */
function sortBucket(idx: Int32Array, n: number, val: Float64Array, model: Int32Array, bits: Uint32Array, words: number, rowOf: Int32Array, valueIndex: Int32Array): void {
  if (n < 2) return;
  let d = 0;
  // Each row's value as its index among the bucket's distinct values (in order of appearance).
  for (let i = 0; i < n; i++) {
    const v = val[idx[i]];
    let j = 0;
    while (j < d && setValues[j] !== v) j++;
    valueIndex[i] = j;
    if (j < d) continue;
    if (d === MAX_SET_VALUES || !(v === v)) {
      d = -1; // too many distinct values, or NaN (no total order): sorted by comparisons
      break;
    }
    setValues[d++] = v;
  }
  if (d > 0 && d * words <= 4 * n + 8) {
    // rank (0 = largest) of each distinct value: the number of larger ones
    for (let a = 0; a < d; a++) {
      let rank = 0;
      for (let c = 0; c < d; c++) if (setValues[c] > setValues[a]) rank++;
      setRank[a] = rank;
    }
    for (let i = 0; i < n; i++) {
      const r = idx[i];
      const m = model[r];
      rowOf[m] = r;
      bits[setRank[valueIndex[i]] * words + (m >>> 5)] |= 1 << (m & 31);
    }
    let out = 0;
    for (let w = 0; w < d * words; w++) {
      let x = bits[w] | 0;
      if (x === 0) continue;
      bits[w] = 0;
      const base = (w % words) << 5;
      while (x !== 0) {
        const t = x & -x;
        idx[out++] = rowOf[base + 31 - Math.clz32(t)];
        x ^= t;
      }
    }
    return;
  }
  if (n <= 32) {
    for (let i = 1; i < n; i++) {
      const x = idx[i];
      const vx = val[x];
      const mx = model[x];
      let j = i - 1;
      while (j >= 0 && (vx > val[idx[j]] || (vx === val[idx[j]] && mx < model[idx[j]]))) {
        idx[j + 1] = idx[j];
        j--;
      }
      idx[j + 1] = x;
    }
    return;
  }
  const before = (x: number, y: number) => val[x] > val[y] || (val[x] === val[y] && model[x] < model[y]);
  idx.subarray(0, n).sort((x, y) => (before(x, y) ? -1 : before(y, x) ? 1 : 0));
}

export function tieredGroups(b: MeasurementBatch): TieredGroups {
  const nScore = b.score.sample.length;
  const nUnit = b.unitTest.sample.length;
  const nRows = nScore + nUnit;
  const nRank = b.ranking.sample.length;
  const nRankEntries = b.ranking.model.length;
  // Unified cardinal rows: r < nScore is score row r, else unit-test row r - nScore; a unit
  // test's key follows the metrics.
  const nMetrics = b.metricNames.length;
  const nKeys = nMetrics + b.criterionNames.length;
  // Without unit tests the score columns are the rows as they are (no copies of a pool's columns).
  const joined = (score: Int32Array, unit: Int32Array) => {
    if (nUnit === 0) return score;
    const out = new Int32Array(nRows);
    out.set(score);
    out.set(unit, nScore);
    return out;
  };
  const rowSample = joined(b.score.sample, b.unitTest.sample);
  const rowModels = joined(b.score.model, b.unitTest.model);
  const rowKey = joined(b.score.metric, b.unitTest.criterion);
  for (let r = 0; r < nUnit; r++) rowKey[nScore + r] += nMetrics;
  // Direction-adjusted values: the score column itself when every score is higher-is-better and
  // there are no unit tests (read only below).
  let allHigher = nUnit === 0;
  for (let r = 0; r < nScore && allHigher; r++) allHigher = b.score.higherIsBetter[r] !== 0;
  let rowValue = b.score.value;
  if (!allHigher) {
    rowValue = new Float64Array(nRows);
    for (let r = 0; r < nScore; r++) rowValue[r] = b.score.higherIsBetter[r] ? b.score.value[r] : -b.score.value[r];
    rowValue.set(b.unitTest.value, nScore);
  }

  // By sample, then key, then input order: two stable counting sorts (the first only when there
  // is more than one key).
  const sorted = countingSort(rowSample, b.nSamples, nKeys > 1 ? countingSort(rowKey, nKeys, null, SLOT_KEY_ORDER).order : null, SLOT_ORDER);
  const order = sorted.order;

  // Group columns sized by the number of (sample, key) buckets, not by the rows (a pool's ~30
  // models a sample made them ~30x too long, megabytes per query for the collector).
  // With one key a bucket is a sample: its rows end where the sort's count of it ends.
  const sampleEnd = nKeys === 1 ? sorted.ends : null;
  let nBuckets = 0;
  if (sampleEnd) {
    for (let t = 0, start = 0; t < b.nSamples; t++) {
      if (sampleEnd[t] > start) nBuckets++;
      start = sampleEnd[t];
    }
  } else {
    for (let i = 0; i < nRows; i++) {
      if (i === 0 || rowSample[order[i]] !== rowSample[order[i - 1]] || rowKey[order[i]] !== rowKey[order[i - 1]]) nBuckets++;
    }
  }
  const cap = nRows + nRankEntries;
  const nGroupsCap = nBuckets + nRank;
  const out = {
    sample: new Int32Array(nGroupsCap),
    kind: new Uint8Array(nGroupsCap),
    key: new Int32Array(nGroupsCap),
    offsets: new Int32Array(nGroupsCap + 1),
    model: new Int32Array(cap),
    tier: new Int32Array(cap),
    value: new Float64Array(cap),
  };
  let g = 0;
  let e = 0;
  let duplicates = 0;
  const stamp = new Int32Array(b.nModels).fill(-1);
  const bucket = new Int32Array(b.nModels);
  // sortBucket's per-value bit sets of models (zero between buckets) and each model's row
  const words = (b.nModels + 31) >>> 5;
  const bits = new Uint32Array(MAX_SET_VALUES * words);
  const rowOf = new Int32Array(b.nModels);
  const valueIndex = new Int32Array(b.nModels);

  for (let i = 0; i < nRows; ) {
    const s = rowSample[order[i]];
    const k = rowKey[order[i]];
    let j = i;
    if (sampleEnd) j = sampleEnd[s];
    else while (j < nRows && rowSample[order[j]] === s && rowKey[order[j]] === k) j++;
    // Rows are in input order within the bucket: walk backwards so the last row per model wins.
    let n = 0;
    for (let q = j - 1; q >= i; q--) {
      const r = order[q];
      if (stamp[rowModels[r]] === g) duplicates++;
      else {
        stamp[rowModels[r]] = g;
        bucket[n++] = r;
      }
    }
    sortBucket(bucket, n, rowValue, rowModels, bits, words, rowOf, valueIndex);
    out.sample[g] = s;
    out.kind[g] = k < nMetrics ? 0 : 1;
    out.key[g] = k < nMetrics ? k : k - nMetrics;
    let tier = 0;
    for (let q = 0; q < n; q++) {
      const r = bucket[q];
      if (q > 0 && rowValue[r] !== rowValue[bucket[q - 1]]) tier++;
      out.model[e] = rowModels[r];
      out.tier[e] = tier;
      out.value[e] = rowValue[r];
      e++;
    }
    out.offsets[++g] = e;
    i = j;
  }

  // Rankings: a later line for the same (sample, key) replaces an earlier one.
  const { ranking } = b;
  const latest = new Map<number, number>();
  const nRankKeys = Math.max(1, b.rankingKeys.length);
  for (let r = 0; r < nRank; r++) latest.set(ranking.sample[r] * nRankKeys + ranking.key[r], r);
  for (let r = 0; r < nRank; r++) {
    if (latest.get(ranking.sample[r] * nRankKeys + ranking.key[r]) !== r) {
      duplicates++;
      continue;
    }
    out.sample[g] = ranking.sample[r];
    out.kind[g] = KIND_RANKING;
    out.key[g] = ranking.key[r];
    let tier = -1;
    let lastInput = -1;
    for (let q = ranking.offsets[r]; q < ranking.offsets[r + 1]; q++) {
      const m = ranking.model[q];
      if (stamp[m] === g) {
        duplicates++;
        continue;
      }
      stamp[m] = g;
      if (ranking.tier[q] !== lastInput) {
        tier++;
        lastInput = ranking.tier[q];
      }
      out.model[e] = m;
      out.tier[e] = tier;
      out.value[e] = -tier;
      e++;
    }
    out.offsets[++g] = e;
  }

  return {
    sample: out.sample.subarray(0, g),
    kind: out.kind.subarray(0, g),
    key: out.key.subarray(0, g),
    offsets: out.offsets.subarray(0, g + 1),
    model: out.model.subarray(0, e),
    tier: out.tier.subarray(0, e),
    value: out.value.subarray(0, e),
    duplicates,
  };
}
