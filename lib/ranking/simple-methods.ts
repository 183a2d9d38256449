/**
 * Elo, mean score, Borda count and win rate as leaderboard methods: thin adapters from the
 * estimators (./elo.ts, ./mean-score.ts, ./borda.ts, ./win-rate.ts) to MethodOutput.
 * Intervals: mean, Borda and win rate have a natural analytic one (estimate ± 1.96 se); Elo
 * has none, so its ci is null unless a bootstrap is requested. Any of them can be
 * bootstrapped over samples (./bootstrap.ts), each resample being a per-sample weight.
 */
import { bootstrapPercentile } from './bootstrap';
import { bordaScores } from './borda';
import { ELO_INITIAL, ELO_K, eloRatings } from './elo';
import { Z95 } from './intervals';
import { meanScores } from './mean-score';
import type { ModelMeans } from './mean-accumulator';
import type { MethodOutput, RankContext } from './method-output';
import type { ScoreScale } from './leaderboard-types';
import { winRates } from './win-rate';

type Statistic = (sampleWeight?: Float64Array) => Float64Array;

function withIntervals(ctx: RankContext, stat: Statistic, analytic: (() => { lo: Float64Array; hi: Float64Array }) | null, scale: ScoreScale): MethodOutput {
  const scores = stat();
  let lo: Float64Array | null = null;
  let hi: Float64Array | null = null;
  let undefinedDraws: Int32Array | undefined;
  if (ctx.ci === 'analytic' && analytic) ({ lo, hi } = analytic());
  if (ctx.ci === 'bootstrap') {
    const boot = bootstrapPercentile(ctx.units, ctx.batch.nSamples, ctx.batch.nModels, ctx.options.bootstrap ?? {}, stat);
    ({ lo, hi, undefinedDraws } = boot);
  }
  return { scores, lo, hi, warnings: [], iterations: 0, converged: true, nChoices: ctx.choices.winner.length, scale, prior: null, undefinedDraws };
}

function meanIntervals(m: ModelMeans): { lo: Float64Array; hi: Float64Array } {
  const lo = m.mean.map((x, i) => x - Z95 * m.se[i]);
  const hi = m.mean.map((x, i) => x + Z95 * m.se[i]);
  return { lo, hi };
}

export function eloMethod(ctx: RankContext): MethodOutput {
  const k = ctx.options.elo?.k ?? ELO_K;
  const initial = ctx.options.elo?.initial ?? ELO_INITIAL;
  const stat: Statistic = (sw) => {
    const r = eloRatings(ctx.choices, { k, initial, sampleWeight: sw });
    const base = r[ctx.baseline];
    return r.map((x) => x - base);
  };
  let pairs = 0;
  for (let e = 0; e < ctx.choices.winner.length; e++) {
    const s = ctx.choices.set[e];
    if (ctx.choices.weight[e] > 0) pairs += ctx.choices.setEnd[s] - ctx.choices.setStart[s];
  }
  return { ...withIntervals(ctx, stat, null, 'elo'), pairs };
}

export function meanMethod(ctx: RankContext): MethodOutput {
  const full = meanScores(ctx.batch, ctx.groups);
  const stat: Statistic = (sw) => (sw ? meanScores(ctx.batch, ctx.groups, sw).mean : full.mean);
  return withIntervals(ctx, stat, () => meanIntervals(full), 'fraction');
}

export function bordaMethod(ctx: RankContext): MethodOutput {
  const full = bordaScores(ctx.batch, ctx.groups);
  const stat: Statistic = (sw) => (sw ? bordaScores(ctx.batch, ctx.groups, sw).mean : full.mean);
  return withIntervals(ctx, stat, () => meanIntervals(full), 'fraction');
}

export function winRateMethod(ctx: RankContext): MethodOutput {
  const stat: Statistic = (sw) => {
    const out = new Float64Array(ctx.batch.nModels).fill(NaN);
    winRates(ctx.batch, ctx.baseline, sw).forEach((w, m) => {
      if (w) out[m] = w.weighted;
    });
    out[ctx.baseline] = 50;
    return out;
  };
  const analytic = () => {
    const rates = winRates(ctx.batch, ctx.baseline);
    const lo = new Float64Array(rates.length).fill(NaN);
    const hi = new Float64Array(rates.length).fill(NaN);
    rates.forEach((w, m) => {
      if (w && w.se !== null) {
        // A percentage: the normal interval is cut to [0, 100] (a few lines near 0% or 100% put it past them).
        lo[m] = Math.max(0, w.weighted - Z95 * w.se);
        hi[m] = Math.min(100, w.weighted + Z95 * w.se);
      }
    });
    return { lo, hi };
  };
  const out = withIntervals(ctx, stat, analytic, 'percent');
  return { ...out, nChoices: ctx.batch.pairwise.sample.length };
}
