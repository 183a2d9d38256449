/**
 * Plackett-Luce and Bradley-Terry as leaderboard methods: fit (./plackett-luce.ts) on the
 * estimable models (./identifiability.ts), report models outside the baseline's strongly
 * connected component under the MLE as null with a `not_connected` warning, and attach
 * intervals: analytic Wald intervals from the observed information (live queries), or
 * bootstrap percentile intervals over samples (./bootstrap.ts; each resample warm-starts from
 * the full fit and re-derives the estimable set from the resample's own comparison graph).
 *
 * Analytic intervals are Wald intervals s ± 1.96 √Var. By default (`analyticVariance:
 * 'cluster-robust'`) Var is the sandwich clustered by sample (./cluster-robust.ts; per model
 * the larger of it and the model-based variance). The model-based Var = [J⁻¹] alone treats
 * every choice event as independent: exact for data drawn from a PL model (bootstrap and Wald
 * widths agree, ./leaderboard.test.ts), but the events of one MMLU-Pro question share its
 * difficulty and its loser set, and there it is 1.6-2.4x narrower than the bootstrap over
 * samples, while the sandwich is within 0.92-1.05x of it (measurements in ./cluster-robust.ts).
 * `analyticVariance: 'model-based'` keeps the old intervals.
 */
import { eventWeightsForSamples, type ChoiceEvents } from './choices';
import { breakIntoPairs } from './bradley-terry';
import { bootstrapPercentile } from './bootstrap';
import { comparisonGraph, estimableModels, participants, stronglyConnectedComponents } from './identifiability';
import { waldIntervals, Z95 } from './intervals';
import { analyticVariance } from './cluster-robust';
import { fitPlackettLuce } from './plackett-luce';
import { modelsToSeed } from './pl-seed';
import { objectiveScratch } from './pl-objective';
import { thinModelAdjustments } from './thin-models';
import { DEFAULT_PRIOR } from './prior';
import type { MethodOutput, RankContext } from './method-output';
import type { RankWarning } from './leaderboard-types';

export function choiceModelScores(kind: 'plackett-luce' | 'bradley-terry', ctx: RankContext): MethodOutput {
  const { options, baseline } = ctx;
  const prior = options.prior ?? DEFAULT_PRIOR;
  const names = ctx.batch.modelNames;
  const broken = kind === 'bradley-terry' ? breakIntoPairs(ctx.choices) : null;
  const data = broken ? broken.choices : ctx.choices;
  const active = estimableModels(ctx.graph, ctx.comps, baseline, prior);
  const fitOpts = { baseline, prior, tol: options.tol, maxIterations: options.maxIterations };
  const start = options.warmStart ? Float64Array.from(names, (name) => options.warmStart!.get(name) ?? NaN) : undefined;
  // ℓ at the optimum is reported by no leaderboard: skip the extra pass that computes it.
  // Models with little data move most with new data: they are fitted first with the others held.
  const seed = start && modelsToSeed(start, active, prior > 0 ? -1 : baseline, { perModel: ctx.perModel, nSamples: ctx.units.length });
  const fit = fitPlackettLuce(data, { ...fitOpts, active, start, seed, variance: ctx.ci === 'analytic', logLikelihood: false });

  const warnings: RankWarning[] = [];
  const part = participants(ctx.graph);
  if (prior === 0) {
    for (let m = 0; m < names.length; m++) {
      if (part[m] && !active[m] && part[baseline]) {
        warnings.push({
          code: 'not_connected',
          model: names[m],
          message: `${names[m]} is not in the baseline's strongly connected component of the comparison graph, so its maximum-likelihood score relative to ${names[baseline]} is infinite or undetermined; use a prior > 0 or add comparisons linking it both ways`,
        });
      }
    }
  }
  if (!fit.converged) {
    warnings.push({
      code: 'not_converged',
      message: `${kind} fit stopped after ${fit.iterations} iterations without meeting its tolerance (last step ${fit.lastStep.toExponential(2)})`,
    });
  }

  let lo: Float64Array | null = null;
  let hi: Float64Array | null = null;
  let undefinedDraws: Int32Array | undefined;
  let analytic: MethodOutput['analyticVariance'];
  let variance: Float64Array | null = null;
  if (ctx.ci === 'analytic') {
    const v = analyticVariance(ctx.choices, fit, kind, baseline, options.analyticVariance);
    variance = v.variance;
    analytic = { method: v.method, reason: v.reason };
  }
  // Models measured on a skewed few of the selection's samples: post-stratified (./thin-models.ts).
  const thin = options.postStratify === false ? [] : thinModelAdjustments(ctx.batch, ctx.groups, data, fit.theta, variance, prior, baseline);
  const scores = thin.length ? Float64Array.from(fit.scores) : fit.scores;
  if (thin.length && variance) variance = Float64Array.from(variance);
  for (const a of thin) {
    scores[a.model] += a.score - fit.theta[a.model];
    if (variance) variance[a.model] = a.variance;
    warnings.push({
      code: 'design_weighted',
      model: names[a.model],
      message: `${names[a.model]} was measured on ${(100 * a.coverage).toFixed(a.coverage < 0.1 ? 1 : 0)}% of the samples of the benchmarks it was run on, with a mix of easy and hard samples unlike theirs: its score weights its samples to their mix (post-stratified by benchmark, tag and difficulty; ${Math.round(a.effectiveSamples)} effective samples) and its interval is widened accordingly`,
    });
  }
  if (variance) ({ lo, hi } = waldIntervals(scores, variance));
  if (ctx.ci === 'bootstrap') {
    const eventWeight = new Float64Array(ctx.choices.weight.length);
    const scratch = kind === 'plackett-luce' ? objectiveScratch(data) : undefined;
    const boot = bootstrapPercentile(ctx.units, ctx.batch.nSamples, names.length, options.bootstrap ?? {}, (sw) => {
      eventWeightsForSamples(ctx.choices, sw, eventWeight);
      const d: ChoiceEvents = kind === 'bradley-terry' ? breakIntoPairs(ctx.choices, eventWeight).choices : ctx.choices;
      const w = kind === 'bradley-terry' ? d.weight : eventWeight;
      const g = comparisonGraph(d, w);
      const est = prior > 0 ? participants(g) : estimableModels(g, stronglyConnectedComponents(g), baseline, 0);
      for (let m = 0; m < est.length; m++) est[m] &= active[m];
      const warm = { start: fit.theta, information: fit.information, scratch, variance: false, logLikelihood: false };
      return fitPlackettLuce(d, { ...fitOpts, ...warm, active: est, weight: w }).scores;
    });
    ({ lo, hi, undefinedDraws } = boot);
    // A thin model's interval: its bootstrap width or the weighted sandwich, whichever is wider, about its post-stratified score.
    for (const a of thin) {
      const half = Math.max(Z95 * Math.sqrt(a.variance), (hi[a.model] - lo[a.model]) / 2);
      lo[a.model] = scores[a.model] - half;
      hi[a.model] = scores[a.model] + half;
    }
  }
  return {
    scores,
    lo,
    hi,
    warnings,
    iterations: fit.iterations,
    converged: fit.converged,
    nChoices: ctx.choices.winner.length,
    scale: 'log-strength',
    prior,
    pairs: broken?.nPairs,
    undefinedDraws,
    analyticVariance: analytic,
    theta: fit.theta,
  };
}
