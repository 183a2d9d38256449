/**
 * tieredGroups against its previous version (kept verbatim below, renamed previousTieredGroups):
 * the same groups, bit for bit (values' signs included), on random batches of scores (higher and
 * lower is better, several metrics, repeated rows), unit tests and rankings, with buckets small
 * and large, few and many distinct values, models sparse and dense among the batch's.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MeasurementBatchBuilder } from './batch-builder';
import { KIND_RANKING, tieredGroups, type TieredGroups } from './groups';
import { Prng } from './prng';
import type { MeasurementBatch } from './measurements';

interface Shape {
  seed: number;
  models: number;
  samples: number;
  perSample: number;
  metrics: number;
  levels: number;
  lowerIsBetter: number;
  unitTests: number;
  rankings: number;
  repeats: number;
}

function batchOf(x: Shape): MeasurementBatch {
  const rng = new Prng(x.seed);
  const b = new MeasurementBatchBuilder();
  for (let s = 0; s < x.samples; s++) {
    const sample = b.sample(`s${s}`);
    // some samples without scores (only unit tests or rankings, or nothing): empty buckets in the sort
    for (let k = 0; k < (x.seed % 2 === 1 && s % 5 === 4 ? 0 : x.metrics); k++) {
      const chosen = new Set<number>();
      while (chosen.size < Math.min(x.perSample, x.models)) chosen.add(rng.int(x.models));
      const lower = rng.next() < x.lowerIsBetter;
      for (const m of chosen) {
        // levels 0..L-1 (0 and, lower-is-better, -0), or continuous values when levels is 0
        const v = x.levels > 0 ? rng.int(x.levels) : rng.normal();
        b.addScore(sample, `m${m}`, `metric-${k}`, v, !lower);
        if (rng.next() < x.repeats) b.addScore(sample, `m${m}`, `metric-${k}`, x.levels > 0 ? rng.int(x.levels) : rng.normal(), !lower);
      }
    }
    for (let k = 0; k < x.unitTests; k++) {
      for (let m = 0; m < x.models; m++) if (rng.next() < 0.5) b.addUnitTest(sample, `m${m}`, `test-${k}`, rng.int(Math.max(2, x.levels)) / 2);
    }
    for (let r = 0; r < x.rankings; r++) {
      const tiers: string[][] = [];
      for (const m of new Set(Array.from({ length: 5 }, () => rng.int(x.models)))) (tiers.length > 0 && rng.next() < 0.25 ? tiers[tiers.length - 1] : (tiers[tiers.length] = [])).push(`m${m}`);
      b.addRanking(sample, tiers, rng.next() < 0.5 ? 'ranking' : 'judge');
    }
  }
  return b.build();
}

const columns = (g: TieredGroups) => ({
  sample: Array.from(g.sample),
  kind: Array.from(g.kind),
  key: Array.from(g.key),
  offsets: Array.from(g.offsets),
  model: Array.from(g.model),
  tier: Array.from(g.tier),
  value: Array.from(new Uint32Array(Float64Array.from(g.value).buffer)),
  duplicates: g.duplicates,
});

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1e6 }),
  models: fc.integer({ min: 1, max: 80 }),
  samples: fc.integer({ min: 1, max: 120 }),
  perSample: fc.integer({ min: 1, max: 80 }),
  metrics: fc.integer({ min: 1, max: 3 }),
  levels: fc.integer({ min: 0, max: 12 }),
  lowerIsBetter: fc.constantFrom(0, 0.5, 1),
  unitTests: fc.integer({ min: 0, max: 2 }),
  rankings: fc.integer({ min: 0, max: 2 }),
  repeats: fc.constantFrom(0, 0.1),
});

describe('tieredGroups, against its previous version', () => {
  it('gives the same groups, bit for bit, on random batches', () => {
    fc.assert(
      fc.property(shape, (x) => {
        const batch = batchOf(x);
        expect(columns(tieredGroups(batch))).toEqual(columns(previousTieredGroups(batch)));
      }),
      { numRuns: 150, seed: 20261126 },
    );
  });

  it('gives the same groups on the dense 0/1 buckets the bit-set sort takes (every model on every sample, lower-is-better -0 included)', () => {
    for (const [models, lowerIsBetter] of [[30, 0], [30, 1], [17, 0.5], [200, 0]]) {
      const batch = batchOf({ seed: models, models, samples: 200, perSample: models, metrics: 2, levels: 2, lowerIsBetter, unitTests: 1, rankings: 0, repeats: 0.05 });
      expect(columns(tieredGroups(batch))).toEqual(columns(previousTieredGroups(batch)));
    }
  });
});

// ---- The previous version, verbatim (exports dropped) ----

/**
 * Stable counting sort of row indices 0..n-1 by key[r] ∈ [0, nKeys), restricted to the rows of
 * `order` when given (in its order); returns the new order.
 */
function countingSort(key: Int32Array, nKeys: number, order: Int32Array | null): Int32Array {
  const n = key.length;
  const count = new Int32Array(nKeys + 1);
  for (let r = 0; r < n; r++) count[key[r] + 1]++;
  for (let k = 0; k < nKeys; k++) count[k + 1] += count[k];
  const out = new Int32Array(n);
  if (order) for (let i = 0; i < n; i++) out[count[key[order[i]]]++] = order[i];
  else for (let r = 0; r < n; r++) out[count[key[r]]++] = r;
  return out;
}

/** Sorts idx[0..n) by val descending, ties by model ascending (deterministic). */
function sortBucket(idx: Int32Array, n: number, val: Float64Array, model: Int32Array): void {
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

function previousTieredGroups(b: MeasurementBatch): TieredGroups {
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
  const rowValue = new Float64Array(nRows);
  for (let r = 0; r < nScore; r++) rowValue[r] = b.score.higherIsBetter[r] ? b.score.value[r] : -b.score.value[r];
  rowValue.set(b.unitTest.value, nScore);

  // By sample, then key, then input order: two stable counting sorts (the first only when there
  // is more than one key).
  const order = countingSort(rowSample, b.nSamples, nKeys > 1 ? countingSort(rowKey, nKeys, null) : null);

  // Group columns sized by the number of (sample, key) buckets, not by the rows (a pool's ~30
  // models a sample made them ~30x too long, megabytes per query for the collector).
  let nBuckets = 0;
  for (let i = 0; i < nRows; i++) {
    if (i === 0 || rowSample[order[i]] !== rowSample[order[i - 1]] || rowKey[order[i]] !== rowKey[order[i - 1]]) nBuckets++;
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

  for (let i = 0; i < nRows; ) {
    const s = rowSample[order[i]];
    const k = rowKey[order[i]];
    let j = i;
    while (j < nRows && rowSample[order[j]] === s && rowKey[order[j]] === k) j++;
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
    sortBucket(bucket, n, rowValue, rowModels);
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
