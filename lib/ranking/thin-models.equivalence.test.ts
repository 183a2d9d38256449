/**
 * thinModelAdjustments against its previous version (kept verbatim below, renamed
 * previousThinModelAdjustments; only its exports dropped): the same adjustments, bit for bit, on
 * random batches of scores, unit tests, pairwise lines (with ties and p_a) and rankings (with
 * tied tiers), pooled over a few to more than MAX_STRATA strata, with thin models picked at
 * random or skewed to easy samples (so that some are reweighted), and a random baseline.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MeasurementBatchBuilder } from './batch-builder';
import { poolSelection } from './test-batches';
import { prepareBatch } from './leaderboard';
import { fitPlackettLuce } from './plackett-luce';
import { Prng } from './prng';
import { cardinalKey, cardinalScales } from './outcomes';
import { KIND_RANKING, type TieredGroups } from './groups';
import type { ChoiceEvents } from './choices';
import type { MeasurementBatch } from './measurements';
import { CORE, MIN_CELL, MIN_CORE, THIN_COVERAGE, chiSquareSignificant, sampleStrata, thinModelAdjustments, type ThinModelAdjustment } from './thin-models';

const N_BANDS = 12;

interface Shape {
  seed: number;
  models: number;
  samples: number;
  benchmarks: number;
  perSample: number;
  pairwise: number;
  rankings: number;
  unitTests: boolean;
  /** share of the thin model's samples among the easy ones (0: a random pick) */
  skew: number;
  thinShare: number;
  /** share of samples outside the three large benchmarks */
  tail: number;
}

function batchOf(x: Shape): MeasurementBatch {
  const rng = new Prng(x.seed);
  const b = new MeasurementBatchBuilder();
  const skill = Array.from({ length: x.models }, () => 2 * rng.normal());
  for (let s = 0; s < x.samples; s++) {
    // a few large benchmarks and a tail of small ones (strata of one or two samples)
    const bench = rng.next() >= x.tail ? rng.int(Math.min(3, x.benchmarks)) : rng.int(x.benchmarks);
    b.sample(`s${s}`, `bench-${bench}`, rng.next() < 0.9 ? [`t${bench % 5}`, 'x'] : []);
    const difficulty = 1.5 * rng.normal();
    const chosen = new Set<number>();
    while (chosen.size < Math.min(x.perSample, x.models - 1)) chosen.add(1 + rng.int(x.models - 1));
    let easy = 0;
    for (const m of chosen) {
      const v = rng.next() < 1 / (1 + Math.exp(difficulty - skill[m])) ? 1 : 0;
      easy += v;
      b.addScore(`s${s}`, `m${m}`, 'acc', v);
      if (rng.next() < 0.2) b.addScore(`s${s}`, `m${m}`, 'loss', Math.round(4 * rng.next()) / 4, false);
      if (x.unitTests && rng.next() < 0.3) b.addUnitTest(`s${s}`, `m${m}`, 'tests', rng.int(3));
    }
    // model 0 is the thin one: on a random share, or mostly on the easy samples
    const pick = x.skew > 0 ? (easy > 0.6 * chosen.size ? rng.next() < x.skew : rng.next() < 0.03) : rng.next() < x.thinShare;
    if (pick) b.addScore(`s${s}`, 'm0', 'acc', rng.next() < 1 / (1 + Math.exp(difficulty)) ? 1 : 0);
    for (let p = 0; p < x.pairwise; p++) {
      if (rng.next() < 0.5) continue;
      const a = rng.int(x.models);
      const c = rng.int(x.models);
      const u = rng.next();
      b.addPairwise(`s${s}`, `m${a}`, `m${c}`, u < 0.1 ? 'tie' : u < 0.55 ? 'a' : 'b', rng.next() < 0.3 ? rng.next() : undefined);
    }
    for (let r = 0; r < x.rankings; r++) {
      if (rng.next() < 0.5) continue;
      const ms = [...new Set(Array.from({ length: 4 }, () => rng.int(x.models)))];
      const tiers: string[][] = [];
      for (const m of ms) (tiers.length > 0 && rng.next() < 0.2 ? tiers[tiers.length - 1] : (tiers[tiers.length] = [])).push(`m${m}`);
      b.addRanking(`s${s}`, tiers, r === 0 ? 'ranking' : 'judge');
    }
  }
  return b.build();
}

function bits(a: ThinModelAdjustment[]) {
  const f = new Float64Array(1);
  const hex = (x: number) => ((f[0] = x), Buffer.from(f.buffer).toString('hex'));
  return a.map((x) => ({ model: x.model, coverage: hex(x.coverage), effectiveSamples: hex(x.effectiveSamples), score: hex(x.score), variance: hex(x.variance) }));
}

function compare(x: Shape, baselinePick: number, prior: number): number {
  const batch = batchOf(x);
  const { groups, choices } = prepareBatch(batch);
  const baseline = baselinePick % batch.nModels;
  const fit = fitPlackettLuce(choices, { baseline, prior, variance: true, logLikelihood: false });
  for (const variance of [fit.variance, null]) {
    const now = thinModelAdjustments(batch, groups, choices, fit.theta, variance, prior, baseline);
    expect(bits(now)).toEqual(bits(previousThinModelAdjustments(batch, groups, choices, fit.theta, variance, prior, baseline)));
  }
  return thinModelAdjustments(batch, groups, choices, fit.theta, fit.variance, prior, baseline).length;
}

const shape = fc.record({
  seed: fc.integer({ min: 1, max: 1e6 }),
  models: fc.integer({ min: 3, max: 30 }),
  samples: fc.integer({ min: 20, max: 1200 }),
  benchmarks: fc.integer({ min: 1, max: 70 }),
  perSample: fc.integer({ min: 2, max: 30 }),
  pairwise: fc.integer({ min: 0, max: 2 }),
  rankings: fc.integer({ min: 0, max: 2 }),
  unitTests: fc.boolean(),
  skew: fc.oneof(fc.constant(0), fc.double({ min: 0.2, max: 0.9, noNaN: true })),
  thinShare: fc.double({ min: 0.02, max: 0.7, noNaN: true }),
  tail: fc.double({ min: 0.005, max: 0.5, noNaN: true }),
});

describe('thinModelAdjustments, against its previous version', () => {
  it('gives the same adjustments, bit for bit, on random batches', () => {
    let adjusted = 0;
    fc.assert(
      fc.property(shape, fc.nat(), fc.constantFrom(0, 0.1), (x, baseline, prior) => {
        adjusted += compare(x, baseline, prior);
      }),
      { numRuns: 40, seed: 20261126 },
    );
    expect(adjusted).toBeGreaterThan(0); // some batches had thin models reweighted
  });

  it('gives the same adjustments on pool-like selections with tiny strata, where thin models are reweighted', () => {
    let adjusted = 0;
    for (const [seed, samples, tail] of [[3, 4000, 0.01], [5, 2500, 0.02], [9, 1500, 0.01]]) {
      const batch = poolSelection(seed, samples, tail, true);
      const { groups, choices } = prepareBatch(batch);
      const fit = fitPlackettLuce(choices, { baseline: 0, prior: 0.1, variance: true, logLikelihood: false });
      const now = thinModelAdjustments(batch, groups, choices, fit.theta, fit.variance, 0.1, 0);
      expect(bits(now)).toEqual(bits(previousThinModelAdjustments(batch, groups, choices, fit.theta, fit.variance, 0.1, 0)));
      adjusted += now.length;
    }
    expect(adjusted).toBeGreaterThanOrEqual(3);
  });
});

describe('cardinalScales, counting a group\'s values per run of equal values', () => {
  it('gives the scales of the value-by-value count (every value a group of its own)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(0, -0, 1, 0.5, 2, NaN, -3), { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 30 }), fc.boolean(), (lists, twoKinds) => {
        const groups = (values: number[][], kinds: number[]): TieredGroups => {
          const offsets = new Int32Array(values.length + 1);
          values.forEach((v, i) => (offsets[i + 1] = offsets[i] + v.length));
          const n = offsets[values.length];
          return {
            sample: new Int32Array(values.length),
            kind: Uint8Array.from(kinds),
            key: new Int32Array(values.length),
            offsets,
            model: new Int32Array(n),
            tier: new Int32Array(n),
            value: Float64Array.from(values.flat()),
            duplicates: 0,
          };
        };
        // sorted descending within a group, as tieredGroups leaves them (runs of equal values)
        const sorted = lists.map((v) => [...v].sort((x, y) => (y > x ? 1 : y < x ? -1 : 0)));
        const kinds = sorted.map((_, i) => (twoKinds ? i % 2 : 0));
        const fast = cardinalScales(groups(sorted, kinds));
        const single = cardinalScales(groups(sorted.flat().map((x) => [x]), sorted.flatMap((v, i) => v.map(() => kinds[i]))));
        expect([...fast.keys()].sort()).toEqual([...single.keys()].sort());
        for (const [id, scale] of fast) {
          const other = single.get(id)!;
          expect(Array.from(scale.levels)).toEqual(Array.from(other.levels));
          expect(Array.from(scale.levelY)).toEqual(Array.from(other.levelY));
          for (const v of [0, -0, 1, 0.5, 2, NaN, -3, 0.25, 7]) expect(Object.is(scale.y(v), other.y(v))).toBe(true);
        }
      }),
      { numRuns: 200, seed: 7 },
    );
  });
});

/** A capability query's selection of a generated pool: 60 models, 9 scores and one pairwise line a sample, mostly from three benchmarks. */

// ---- The previous version, verbatim (exports dropped) ----

/** Per sample: the sum and count of the core models' cardinal outcomes y ∈ [0, 1]; per model (CSR): its own (sample, y) entries among them. */
interface CardinalOutcomes {
  sum: Float64Array;
  count: Int32Array;
  offsets: Int32Array;
  sample: Int32Array;
  y: Float64Array;
}

function cardinalOutcomes(batch: MeasurementBatch, groups: TieredGroups, counts: (m: number, s: number) => boolean): CardinalOutcomes {
  const scales = cardinalScales(groups);
  const sum = new Float64Array(batch.nSamples);
  const count = new Int32Array(batch.nSamples);
  const offsets = new Int32Array(batch.nModels + 1);
  const yOf = new Float64Array(groups.model.length).fill(NaN);
  for (let k = 0; k < groups.sample.length; k++) {
    if (groups.kind[k] === KIND_RANKING) continue;
    const scale = scales.get(cardinalKey(groups.kind[k], groups.key[k]))!;
    const s = groups.sample[k];
    for (let q = groups.offsets[k]; q < groups.offsets[k + 1]; q++) {
      if (!counts(groups.model[q], s)) continue;
      const y = scale.y(groups.value[q]);
      if (!(y === y)) continue;
      yOf[q] = y;
      sum[s] += y;
      count[s]++;
      offsets[groups.model[q] + 1]++;
    }
  }
  for (let m = 0; m < batch.nModels; m++) offsets[m + 1] += offsets[m];
  const at = offsets.slice(0, batch.nModels);
  const sample = new Int32Array(offsets[batch.nModels]);
  const y = new Float64Array(sample.length);
  for (let k = 0; k < groups.sample.length; k++) {
    for (let q = groups.offsets[k]; q < groups.offsets[k + 1]; q++) {
      if (!(yOf[q] === yOf[q])) continue;
      const i = at[groups.model[q]]++;
      sample[i] = groups.sample[k];
      y[i] = yOf[q];
    }
  }
  return { sum, count, offsets, sample, y };
}

/** The samples each model is measured on (groups and pairwise lines), restricted to `keep`, CSR by model. */
function modelSamples(batch: MeasurementBatch, groups: TieredGroups, keep: Uint8Array): { offsets: Int32Array; sample: Int32Array } {
  const n = batch.nModels;
  const p = batch.pairwise;
  const offsets = new Int32Array(n + 1);
  const each = (visit: (m: number, s: number) => void) => {
    for (let k = 0; k < groups.sample.length; k++) {
      const s = groups.sample[k];
      if (keep[s]) for (let q = groups.offsets[k]; q < groups.offsets[k + 1]; q++) visit(groups.model[q], s);
    }
    for (let r = 0; r < p.sample.length; r++) {
      if (!keep[p.sample[r]]) continue;
      visit(p.modelA[r], p.sample[r]);
      visit(p.modelB[r], p.sample[r]);
    }
  };
  each((m) => offsets[m + 1]++);
  for (let m = 0; m < n; m++) offsets[m + 1] += offsets[m];
  const at = offsets.slice(0, n);
  const raw = new Int32Array(offsets[n]);
  each((m, s) => {
    raw[at[m]++] = s;
  });
  // A sample counts once per model (several metrics, or lines, on one sample): compacted with a stamp.
  const stamp = new Int32Array(batch.nSamples);
  const compact = new Int32Array(n + 1);
  let w = 0;
  for (let m = 0; m < n; m++) {
    for (let i = offsets[m]; i < offsets[m + 1]; i++) {
      if (stamp[raw[i]] === m + 1) continue;
      stamp[raw[i]] = m + 1;
      raw[w++] = raw[i];
    }
    compact[m + 1] = w;
  }
  return { offsets: compact, sample: raw.subarray(0, w) };
}

/**
 * Samples per (model, stratum), in one pass over the rows: a model is counted once per sample
 * while the rows come sample by sample, which tiered groups of scores and unit tests do, so the
 * counts are exact without pairwise or ranking lines (`exact`) and an upper bound with them.
 */
function stratumCounts(batch: MeasurementBatch, groups: TieredGroups, informative: Uint8Array, stratum: Int32Array, nStrata: number): { counts: Int32Array; exact: boolean } {
  const counts = new Int32Array(batch.nModels * nStrata);
  const last = new Int32Array(batch.nModels).fill(-1);
  const count = (m: number, s: number) => {
    if (last[m] === s) return;
    last[m] = s;
    counts[m * nStrata + stratum[s]]++;
  };
  let exact = batch.pairwise.sample.length === 0;
  for (let k = 0; k < groups.sample.length; k++) {
    const s = groups.sample[k];
    if (groups.kind[k] === KIND_RANKING) exact = false;
    if (!informative[s]) continue;
    for (let q = groups.offsets[k]; q < groups.offsets[k + 1]; q++) count(groups.model[q], s);
  }
  const p = batch.pairwise;
  for (let r = 0; r < p.sample.length; r++) {
    if (!informative[p.sample[r]]) continue;
    count(p.modelA[r], p.sample[r]);
    count(p.modelB[r], p.sample[r]);
  }
  return { counts, exact };
}

/** Whether model m (its samples per stratum in `counts`) is measured on under THIN_COVERAGE of its strata. */
function isThin(counts: Int32Array, m: number, strataSize: Int32Array): boolean {
  const nStrata = strataSize.length;
  let measured = 0;
  let frame = 0;
  for (let t = 0; t < nStrata; t++) {
    const c = counts[m * nStrata + t];
    if (c === 0) continue;
    measured += c;
    frame += strataSize[t];
  }
  return measured > 0 && measured < THIN_COVERAGE * frame;
}

/** Difficulty band of a mean outcome: 0 for 0, 1–10 its decile, N_BANDS − 1 for 1; unbanded (fewer than MIN_CORE outcomes) N_BANDS. */
function bandOf(sum: number, count: number): number {
  if (count < MIN_CORE) return N_BANDS;
  const mean = sum / count;
  return mean <= 0 ? 0 : mean >= 1 ? N_BANDS - 1 : 1 + Math.min(9, Math.floor(mean * 10));
}


/**
 * The thin models' post-stratified θ (the joint fit's θ for everyone else) and variances, for
 * the thin models whose samples' cell mix differs from their strata's beyond chance (χ² test at
 * 1% over the merged cells; a random subset is left as fitted). Nothing is modified.
 */
function previousThinModelAdjustments(
  batch: MeasurementBatch,
  groups: TieredGroups,
  c: ChoiceEvents,
  theta: Float64Array,
  variance: Float64Array | null,
  prior: number,
  /** the model whose score is fixed at 0: left as fitted (reweighting it would move every other score) */
  baseline = -1,
): ThinModelAdjustment[] {
  const n = batch.nModels;
  const informative = new Uint8Array(batch.nSamples);
  for (let s = 0; s < batch.nSamples; s++) if (c.sampleOffsets[s + 1] > c.sampleOffsets[s]) informative[s] = 1;
  const { stratum, nStrata } = sampleStrata(batch);
  const strataSize = new Int32Array(nStrata);
  for (let s = 0; s < batch.nSamples; s++) if (informative[s]) strataSize[stratum[s]]++;
  // Quick exits from one pass over the rows: no model can be in a stratum's core (a sparse pool:
  // nothing to stratify by), or, where the counts are exact, no model is thin.
  const quick = stratumCounts(batch, groups, informative, stratum, nStrata);
  let mayHaveCore = false;
  for (let i = 0; i < quick.counts.length && !mayHaveCore; i++) mayHaveCore = strataSize[i % nStrata] > 0 && quick.counts[i] >= CORE * strataSize[i % nStrata];
  if (!mayHaveCore) return [];
  if (quick.exact && !theta.some((x, m) => m !== baseline && Number.isFinite(x) && isThin(quick.counts, m, strataSize))) return [];
  const bySample = modelSamples(batch, groups, informative);
  // Samples per (model, stratum), exact: the quick counts where they were, else from the lists.
  let counts = quick.counts;
  if (!quick.exact) {
    counts = new Int32Array(n * nStrata);
    for (let m = 0; m < n; m++) for (let i = bySample.offsets[m]; i < bySample.offsets[m + 1]; i++) counts[m * nStrata + stratum[bySample.sample[i]]]++;
  }
  const candidates: number[] = [];
  for (let m = 0; m < n; m++) if (m !== baseline && Number.isFinite(theta[m]) && isThin(counts, m, strataSize)) candidates.push(m);
  if (candidates.length === 0) return [];

  // A sample's difficulty: the mean outcome of its stratum's core models (measured on ≥ CORE of
  // it), the same models on every sample of the stratum, so a thin model's samples and the
  // rest are banded alike (banding by whichever models were measured would not be: on a pool
  // of ~10 models a sample, the mean of 9 others and of 10 fall in different bands). A model in
  // a core is left out of its own samples' difficulty below.
  const inCore = new Uint8Array(n * nStrata);
  for (let i = 0; i < inCore.length; i++) if (counts[i] >= CORE * strataSize[i % nStrata]) inCore[i] = 1;
  const hasCore = new Uint8Array(nStrata);
  for (let i = 0; i < inCore.length; i++) if (inCore[i]) hasCore[i % nStrata] = 1;
  if (!hasCore.some((x) => x === 1)) return []; // no stratum's difficulty can be read: nothing to stratify by
  const card = cardinalOutcomes(batch, groups, (m, s) => inCore[m * nStrata + stratum[s]] === 1);
  const width = N_BANDS + 1;
  const globalCell = new Int32Array(batch.nSamples);
  const N = new Float64Array(nStrata * width);
  for (let s = 0; s < batch.nSamples; s++) {
    globalCell[s] = stratum[s] * width + bandOf(card.sum[s], card.count[s]);
    if (informative[s]) N[globalCell[s]]++;
  }
  const ownSum = new Float64Array(batch.nSamples);
  const ownCount = new Int32Array(batch.nSamples);
  const cellOf = new Int32Array(batch.nSamples);
  const out: ThinModelAdjustment[] = [];
  for (const m of candidates) {
    const lo = bySample.offsets[m];
    const hi = bySample.offsets[m + 1];
    const Nm = new Float64Array(N.length);
    const k = new Float64Array(N.length);
    const touched = new Uint8Array(nStrata);
    let readable = false;
    for (let i = lo; i < hi; i++) {
      const t = stratum[bySample.sample[i]];
      touched[t] = 1;
      if (hasCore[t]) readable = true;
    }
    if (!readable) continue; // no difficulty to stratify by in any of its strata
    for (let i = card.offsets[m]; i < card.offsets[m + 1]; i++) {
      ownSum[card.sample[i]] += card.y[i];
      ownCount[card.sample[i]]++;
    }
    let frame = 0;
    for (let t = 0; t < nStrata; t++) {
      if (!touched[t]) continue;
      frame += strataSize[t];
      for (let b = 0; b < width; b++) Nm[t * width + b] = N[t * width + b];
    }
    for (let i = lo; i < hi; i++) {
      const s = bySample.sample[i];
      const cell = stratum[s] * width + bandOf(card.sum[s] - ownSum[s], card.count[s] - ownCount[s]);
      cellOf[s] = cell;
      Nm[globalCell[s]]--;
      Nm[cell]++;
      k[cell]++;
    }
    for (let i = card.offsets[m]; i < card.offsets[m + 1]; i++) {
      ownSum[card.sample[i]] = 0;
      ownCount[card.sample[i]] = 0;
    }
    const merged = mergedCellWeights(Nm, k, nStrata, hi - lo, frame);
    if (!merged.uneven) continue;
    const w = new Float64Array(hi - lo);
    let sw = 0;
    let sw2 = 0;
    for (let i = lo; i < hi; i++) {
      w[i - lo] = merged.weight[cellOf[bySample.sample[i]]];
      sw += w[i - lo];
      sw2 += w[i - lo] ** 2;
    }
    const fit = weightedStrength(c, theta, m, bySample.sample.subarray(lo, hi), w, prior);
    out.push({
      model: m,
      coverage: (hi - lo) / frame,
      effectiveSamples: (sw * sw) / sw2,
      score: fit.theta,
      variance: Math.max(fit.variance, variance ? variance[m] : 0),
    });
  }
  return out;
}

/**
 * Post-stratification weight of each cell, (N_c / k_c) · (n / frame), with the bands of a
 * stratum merged in band order (unbanded samples last) until every merged cell holds
 * ≥ MIN_CELL of the model's samples (a last short run joins the one before; a stratum with
 * fewer is one cell); `uneven` when the merged cells' counts differ from their shares of the
 * frame beyond chance (χ² at 1%).
 */
function mergedCellWeights(N: Float64Array, k: Float64Array, nStrata: number, n: number, frame: number): { weight: Float64Array; uneven: boolean } {
  const weight = new Float64Array(N.length);
  const width = N_BANDS + 1;
  let chi2 = 0;
  let cells = 0;
  for (let t = 0; t < nStrata; t++) {
    const runs: { cells: number[]; N: number; k: number }[] = [];
    let cur = { cells: [] as number[], N: 0, k: 0 };
    for (let b = 0; b < width; b++) {
      const cell = t * width + b;
      if (N[cell] === 0) continue;
      cur.cells.push(cell);
      cur.N += N[cell];
      cur.k += k[cell];
      if (cur.k >= MIN_CELL) {
        runs.push(cur);
        cur = { cells: [], N: 0, k: 0 };
      }
    }
    if (cur.cells.length > 0) {
      const last = runs[runs.length - 1];
      if (last) {
        last.cells.push(...cur.cells);
        last.N += cur.N;
        last.k += cur.k;
      } else runs.push(cur);
    }
    // (Since kept in step with thin-models.ts: a stratum the model is expected to hold fewer than
    // MIN_CELL samples of stays out of the χ² test.)
    const tested = (n * runs.reduce((sum, r) => sum + r.N, 0)) / frame >= MIN_CELL;
    for (const r of runs) {
      const expected = (n * r.N) / frame;
      if (tested && expected > 0) {
        chi2 += (r.k - expected) ** 2 / expected;
        cells++;
      }
      const w = r.k > 0 ? (r.N / r.k) * (n / frame) : 0;
      for (const cell of r.cells) weight[cell] = w;
    }
  }
  return { weight, uneven: chiSquareSignificant(chi2, cells - 1) };
}

/**
 * θ_m solving Σ_s w_s ∂ℓ_s/∂θ_m + prior (1 − 2σ(θ_m)) = 0 with the others at `theta` (1-D
 * Newton, concave), and its weighted sandwich variance.
 */
function weightedStrength(c: ChoiceEvents, theta: Float64Array, m: number, samples: Int32Array, w: Float64Array, prior: number): { theta: number; variance: number } {
  // Per event of m: its weight (sample weight x event weight), whether m won, the strength of
  // the rest of its choice set, and which of m's samples it is on.
  let cap = 0;
  for (let i = 0; i < samples.length; i++) cap += c.sampleOffsets[samples[i] + 1] - c.sampleOffsets[samples[i]];
  const evWeight = new Float64Array(cap);
  const evRest = new Float64Array(cap);
  const evWon = new Uint8Array(cap);
  const evSample = new Int32Array(cap);
  let ne = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    for (let e = c.sampleOffsets[s]; e < c.sampleOffsets[s + 1]; e++) {
      if (!(c.weight[e] > 0)) continue;
      const set = c.set[e];
      const won = c.winner[e] === m;
      let inSet = won;
      let rest = won ? 0 : Math.exp(theta[c.winner[e]]);
      for (let j = c.setStart[set]; j < c.setEnd[set]; j++) {
        const x = c.entries[j];
        if (x === m) inSet = true;
        else rest += Math.exp(theta[x]);
      }
      if (!inSet) continue;
      evWeight[ne] = w[i] * c.weight[e];
      evRest[ne] = rest;
      evWon[ne] = won ? 1 : 0;
      evSample[ne++] = i;
    }
  }
  let t = theta[m];
  const gs = new Float64Array(samples.length);
  let g = 0;
  let h = 0;
  const pass = () => {
    gs.fill(0);
    g = 0;
    h = 0;
    const em = Math.exp(t);
    for (let e = 0; e < ne; e++) {
      const p = em / (em + evRest[e]);
      gs[evSample[e]] += evWeight[e] * (evWon[e] - p);
      h += evWeight[e] * p * (1 - p);
    }
    for (let i = 0; i < gs.length; i++) g += gs[i];
    const sig = 1 / (1 + Math.exp(-t));
    g += prior * (1 - 2 * sig);
    h += 2 * prior * sig * (1 - sig);
  };
  for (let it = 0; it < 100; it++) {
    pass();
    if (!(h > 0)) break;
    const step = Math.max(-2, Math.min(2, g / h));
    t += step;
    if (Math.abs(step) < 1e-10) break;
  }
  pass();
  let meat = 0;
  for (let i = 0; i < gs.length; i++) meat += gs[i] * gs[i];
  return { theta: t, variance: h > 0 ? meat / (h * h) : Infinity };
}
