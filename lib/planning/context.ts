/**
 * Everything the planner needs about one selection and one model to place, computed once and
 * reused across rounds: every model's outcomes (./outcomes.ts), the samples calibrated on the
 * pool without the placed model (./calibrate.ts), the placed model's trait design with its
 * pool-estimated priors (./traits.ts), the Plackett-Luce geometry of every sample
 * (./contributions.ts).
 */
import { tieredGroups, type TieredGroups } from '../ranking/groups';
import type { MeasurementBatch } from '../ranking/measurements';
import { calibrateSamples, type SampleParameters } from './calibrate';
import { contributionTable, type ContributionTable } from './contribution-table';
import { cardinalScales, sampleOutcomes, type SampleOutcomes } from '../ranking/outcomes';
import { sampleStrata } from '../ranking/thin-models';
import { convergedTraitPrior, difficultyBands, N_TIERS, poolTraitPrior, traitDesign, type PoolOutcomes, type TraitDesign } from './traits';

export interface PlanningContext {
  batch: MeasurementBatch;
  /** the placed model's name */
  model: string;
  /** the placed model's index in the batch, −1 if the pool has never seen it */
  target: number;
  /** the pool's Plackett-Luce scores by model index (NaN for the placed model and unfitted ones) */
  scores: Float64Array;
  outcomes: SampleOutcomes;
  params: SampleParameters;
  design: TraitDesign;
  table: ContributionTable;
  /** samples with at least one pool outcome */
  hasPool: Uint8Array;
}

/**
 * `scores[m]`: Plackett-Luce scores by batch model index (the placed model's own is ignored);
 * `groups`: the batch's tiered groups when the caller has them (../ranking/leaderboard.ts prepareBatch).
 */
export function planningContext(batch: MeasurementBatch, model: string, scores: Float64Array, groups: TieredGroups = tieredGroups(batch)): PlanningContext {
  const target = batch.modelNames.indexOf(model);
  const pool = Float64Array.from(scores, (x, m) => (m === target ? NaN : x));
  const scales = cardinalScales(groups);
  const outcomes = sampleOutcomes(batch, groups, scales);
  const params = calibrateSamples(outcomes, pool, target);
  const poolMean = new Float64Array(batch.nSamples).fill(NaN);
  const hasPool = new Uint8Array(batch.nSamples);
  for (let s = 0; s < batch.nSamples; s++) {
    let sum = 0;
    let n = 0;
    for (let k = outcomes.offsets[s]; k < outcomes.offsets[s + 1]; k++) {
      if (!Number.isFinite(pool[outcomes.model[k]])) continue;
      sum += outcomes.y[k];
      n++;
    }
    if (n > 0) {
      poolMean[s] = sum / n;
      hasPool[s] = 1;
    }
  }
  const { stratum, nStrata } = sampleStrata(batch);
  const prior = poolSpread(pool);
  const tier = discriminationTiers(params, hasPool);
  const loose = traitDesign(difficultyBands(poolMean, pairwiseSamples(batch)), stratum, nStrata, tier, prior);
  // Where a pairwise hub's mirrored outcomes went into the sample curves, the traits' prior is
  // centred on the pool's own, τ by EM to convergence (./traits.ts poolTraitPrior,
  // convergedTraitPrior); elsewhere around 0 with one moment step, as measured best
  const members = population(batch, pool);
  const hub = members.some((x, m) => !Number.isFinite(x) && Number.isFinite(pool[m]));
  const byModel = outcomesByModel(outcomes, members);
  const traitPrior = hub ? convergedTraitPrior(params, loose, byModel) : poolTraitPrior(params, loose, byModel, false);
  const design = traitDesign(loose.band, stratum, nStrata, tier, prior, traitPrior.tau, hub ? traitPrior : undefined);
  return {
    batch,
    model,
    target,
    scores: pool,
    outcomes,
    params,
    design,
    table: contributionTable(batch, groups, scales, target, pool),
    hasPool,
  };
}

/**
 * The pool models whose traits make the population of ./traits.ts poolTraitPrior: every fitted
 * model but a hub of the pairwise lines (in more than half of them, e.g. AlpacaEval's reference):
 * its outcome on a sample is its record against everyone else there, the mirror of theirs, and
 * a model being placed never plays that part (it meets the hub, or the pool, on its samples).
 */
export function population(batch: MeasurementBatch, pool: Float64Array): Float64Array {
  const lines = new Int32Array(batch.nModels);
  const { pairwise } = batch;
  for (let r = 0; r < pairwise.sample.length; r++) {
    lines[pairwise.modelA[r]]++;
    lines[pairwise.modelB[r]]++;
  }
  return Float64Array.from(pool, (x, m) => (lines[m] > pairwise.sample.length / 2 ? NaN : x));
}

/** Samples with pairwise lines (./traits.ts difficultyBands bands them by their own deciles). */
export function pairwiseSamples(batch: MeasurementBatch): Uint8Array {
  const out = new Uint8Array(batch.nSamples);
  for (const s of batch.pairwise.sample) out[s] = 1;
  return out;
}

/** Every pool model's (samples, y), by a counting pass over the CSR outcomes. */
function outcomesByModel(o: SampleOutcomes, pool: Float64Array): PoolOutcomes[] {
  const count = new Int32Array(o.nModels + 1);
  for (let k = 0; k < o.model.length; k++) count[o.model[k] + 1]++;
  for (let m = 0; m < o.nModels; m++) count[m + 1] += count[m];
  const start = count.slice();
  const samples = new Int32Array(o.model.length);
  const y = new Float64Array(o.model.length);
  for (let s = 0; s < o.nSamples; s++) {
    for (let k = o.offsets[s]; k < o.offsets[s + 1]; k++) {
      const at = count[o.model[k]]++;
      samples[at] = s;
      y[at] = o.y[k];
    }
  }
  const out: PoolOutcomes[] = [];
  for (let m = 0; m < o.nModels; m++) {
    if (Number.isFinite(pool[m]) && start[m + 1] > start[m]) out.push({ samples: samples.subarray(start[m], start[m + 1]), y: y.subarray(start[m], start[m + 1]), score: pool[m] });
  }
  return out;
}

function poolSpread(scores: Float64Array): { mean: number; sd: number } {
  const x = Array.from(scores).filter(Number.isFinite);
  const mean = x.length ? x.reduce((a, b) => a + b, 0) / x.length : 0;
  const sd = x.length > 1 ? Math.sqrt(x.reduce((a, b) => a + (b - mean) ** 2, 0) / x.length) : 1;
  return { mean, sd };
}

/** Tercile of β_s among the selection's samples with pool outcomes (0 = least discriminating). */
export function discriminationTiers(params: SampleParameters, hasPool: Uint8Array): Uint8Array {
  const { beta } = params;
  const sorted = Float64Array.from(beta.filter((_, s) => hasPool[s] === 1)).sort();
  const cuts = Array.from({ length: N_TIERS - 1 }, (_, i) => sorted[Math.floor(((i + 1) * sorted.length) / N_TIERS)]);
  return Uint8Array.from(beta, (b) => cuts.reduce((t, cut) => t + (b >= cut ? 1 : 0), 0));
}

/** Sample-id order, for ties: negative if sample a's id sorts before b's (indices without ids). */
export function compareIds(batch: MeasurementBatch, a: number, b: number): number {
  const ids = batch.sampleIds;
  if (!ids) return a - b;
  return ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : a - b;
}
