/**
 * rank(method, batch, options) → LeaderboardResult: one entry point for every comparison
 * method (Plackett-Luce, Bradley-Terry, Elo, mean score, Borda, win rate; types in
 * ./leaderboard-types.ts). It builds the tiered groups and choice events once, draws the
 * comparison graph and its strongly connected components (./identifiability.ts), resolves the
 * baseline, runs the method, adds per-model win rates against the baseline, competition ranks
 * (1 + number of strictly higher scores) and rank intervals (./intervals.ts), and sorts rows by
 * rank with null scores last.
 */
import { buildChoices } from './choices';
import { tieredGroups } from './groups';
import { comparisonGraph, participants, stronglyConnectedComponents } from './identifiability';
import { competitionRanks, rankIntervals } from './intervals';
import { measurementCount, samplesPerModel, samplesWithData, type MeasurementBatch } from './measurements';
import { choiceModelScores } from './choice-model';
import { bordaMethod, eloMethod, meanMethod, winRateMethod } from './simple-methods';
import { dataWarnings, resolveBaseline } from './leaderboard-warnings';
import { ELO_INITIAL, ELO_K } from './elo';
import { winRates } from './win-rate';
import { DEFAULT_RESAMPLES, DEFAULT_SEED } from './bootstrap';
import type { MethodOutput, RankContext } from './method-output';
import type { LeaderboardResult, LeaderboardRow, PreparedBatch, RankMethod, RankOptions } from './leaderboard-types';

export function prepareBatch(batch: MeasurementBatch): PreparedBatch {
  const groups = tieredGroups(batch);
  return { groups, choices: buildChoices(batch, groups) };
}

export function rank(method: RankMethod, batch: MeasurementBatch, options: RankOptions = {}): LeaderboardResult {
  const { groups, choices } = options.prepared ?? prepareBatch(batch);
  const graph = comparisonGraph(choices);
  const comps = stronglyConnectedComponents(graph);
  const perModel = samplesPerModel(batch);
  const baseline = resolveBaseline(batch, options.baseline, perModel, comps, participants(graph));
  const ci = options.ci ?? (method === 'elo' ? 'none' : 'analytic');
  const units = samplesWithData(batch);
  const ctx: RankContext = { batch, groups, choices, graph, comps, baseline, units, perModel, ci, options };

  const out: MethodOutput =
    method === 'plackett-luce' || method === 'bradley-terry'
      ? choiceModelScores(method, ctx)
      : method === 'elo'
        ? eloMethod(ctx)
        : method === 'mean'
          ? meanMethod(ctx)
          : method === 'borda'
            ? bordaMethod(ctx)
            : winRateMethod(ctx);

  const warnings = [...dataWarnings(ctx, perModel, method), ...out.warnings];
  if (out.undefinedDraws) {
    out.undefinedDraws.forEach((k, m) => {
      if (k > 0 && Number.isFinite(out.scores[m])) {
        warnings.push({
          code: 'bootstrap_undefined',
          model: batch.modelNames[m],
          message: `${batch.modelNames[m]} had no defined score in ${k} of the bootstrap resamples${out.lo && Number.isFinite(out.lo[m]) ? '' : ', so its interval is unbounded and reported as null'}`,
        });
      }
    });
  }

  const ranks = competitionRanks(out.scores);
  const lo = out.lo ?? new Float64Array(batch.nModels).fill(NaN);
  const hi = out.hi ?? new Float64Array(batch.nModels).fill(NaN);
  for (let m = 0; m < batch.nModels; m++) {
    if (!Number.isFinite(out.scores[m])) lo[m] = hi[m] = NaN;
  }
  const { best, worst } = rankIntervals(lo, hi);
  const rates = winRates(batch, baseline);
  const finite = (x: number) => (Number.isFinite(x) ? x : null);
  const models: LeaderboardRow[] = batch.modelNames.map((model, m) => ({
    model,
    rank: finite(ranks[m]),
    score: finite(out.scores[m]),
    ci: Number.isFinite(lo[m]) && Number.isFinite(hi[m]) ? [lo[m], hi[m]] : null,
    rankInterval: Number.isFinite(best[m]) ? [best[m], worst[m]] : null,
    nSamples: perModel[m],
    winRate: rates[m],
  }));
  models.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0));

  const theta = out.theta ? new Map(batch.modelNames.flatMap((name, m) => (Number.isFinite(out.theta![m]) ? [[name, out.theta![m]] as const] : []))) : undefined;
  const componentNames: string[][] = Array.from({ length: comps.count }, () => []);
  const part = participants(graph);
  for (let m = 0; m < batch.nModels; m++) if (part[m]) componentNames[comps.component[m]].push(batch.modelNames[m]);
  return {
    method,
    baseline: batch.modelNames[baseline] ?? '',
    nSamples: units.length,
    nMeasurements: measurementCount(batch),
    nChoices: out.nChoices,
    models,
    warnings,
    diagnostics: {
      iterations: out.iterations,
      converged: out.converged,
      components: componentNames.filter((c) => c.length > 0),
      scale: out.scale,
      ciMethod: ci,
      ...(out.analyticVariance ? { analyticVariance: out.analyticVariance.method } : {}),
      ...(out.analyticVariance?.reason ? { analyticVarianceReason: out.analyticVariance.reason } : {}),
      prior: out.prior,
      choiceSetEntries: choices.nChoiceSetEntries,
      ...(ci === 'bootstrap'
        ? { resamples: options.bootstrap?.resamples ?? DEFAULT_RESAMPLES, seed: options.bootstrap?.seed ?? DEFAULT_SEED }
        : {}),
      ...(out.pairs !== undefined ? { pairs: out.pairs } : {}),
      ...(method === 'elo' ? { elo: { k: options.elo?.k ?? ELO_K, initial: options.elo?.initial ?? ELO_INITIAL } } : {}),
    },
    ...(theta ? { theta } : {}),
  };
}
