/**
 * One round of the sequential design: fit the placed model's traits to its outcomes so far
 * (./traits.ts), project its full-selection score (./projection.ts), choose the next `budget`
 * samples (./plan.ts). Asked again after those results arrived, the traits, the projection
 * and therefore the next choice all move with them.
 */
import type { MeasurementBatch } from '../ranking/measurements';
import { DEFAULT_PRIOR } from '../ranking/prior';
import type { MarginFloors } from './cells';
import type { PlanningContext } from './context';
import { chooseSamples, type PlannedSample } from './plan';
import { projectScore, type Projection } from './projection';
import { designAt, fitTraits, type TraitPosterior } from './traits';

export interface RoundOptions {
  /** samples the model may be run on; default all unmeasured ones */
  allowed?: Uint8Array;
  /** the samples whose full-data score is projected; default the whole selection */
  universe?: Uint8Array;
  /** the leaderboard's Plackett-Luce prior (default DEFAULT_PRIOR) */
  prior?: number;
  /** share of each band's and stratum's proportional count guaranteed, for every sample or per sample (default ./plan.ts sampleFloors) */
  floor?: number | MarginFloors;
  /** another fair draw within cells (./cells.ts); default none */
  salt?: string;
}

export interface Round {
  samples: PlannedSample[];
  traits: TraitPosterior;
  projection: Projection;
}

/** Samples on which model `target` has at least one measurement of any kind. */
export function measuredSamples(b: MeasurementBatch, target: number): Uint8Array {
  const seen = new Uint8Array(b.nSamples);
  if (target < 0) return seen;
  const mark = (col: Int32Array, model: Int32Array) => {
    for (let r = 0; r < col.length; r++) if (model[r] === target) seen[col[r]] = 1;
  };
  mark(b.score.sample, b.score.model);
  mark(b.unitTest.sample, b.unitTest.model);
  mark(b.pairwise.sample, b.pairwise.modelA);
  mark(b.pairwise.sample, b.pairwise.modelB);
  const { ranking } = b;
  for (let r = 0; r < ranking.sample.length; r++) {
    for (let q = ranking.offsets[r]; q < ranking.offsets[r + 1]; q++) if (ranking.model[q] === target) seen[ranking.sample[r]] = 1;
  }
  return seen;
}

/** The placed model's outcomes on the measured samples. */
export function observedOutcomes(ctx: PlanningContext, measured: Uint8Array): { samples: Int32Array; y: Float64Array } {
  const o = ctx.outcomes;
  const samples: number[] = [];
  const y: number[] = [];
  if (ctx.target >= 0) {
    for (let s = 0; s < o.nSamples; s++) {
      if (!measured[s]) continue;
      for (let k = o.offsets[s]; k < o.offsets[s + 1]; k++) {
        if (o.model[k] !== ctx.target) continue;
        samples.push(s);
        y.push(o.y[k]);
      }
    }
  }
  return { samples: Int32Array.from(samples), y: Float64Array.from(y) };
}

export function planRound(ctx: PlanningContext, measured: Uint8Array, budget: number, opts: RoundOptions = {}): Round {
  const seen = observedOutcomes(ctx, measured);
  const universe = opts.universe ?? new Uint8Array(ctx.table.nSamples).fill(1);
  const prior = opts.prior ?? DEFAULT_PRIOR;
  let traits = fitTraits(ctx.params, ctx.design, seen.samples, seen.y);
  let projection = projectScore(ctx, traits, measured, universe, prior);
  // the traits' prior means move with the score (./traits.ts designAt): once at the first projection
  let at = ctx;
  if (ctx.design.prior && seen.samples.length > 0) {
    at = { ...ctx, design: designAt(ctx.design, projection.score) };
    traits = fitTraits(at.params, at.design, seen.samples, seen.y);
    projection = projectScore(at, traits, measured, universe, prior);
  }
  const samples = budget > 0 ? chooseSamples(at, traits, projection, { ...opts, measured, budget }) : [];
  return { samples, traits, projection };
}
