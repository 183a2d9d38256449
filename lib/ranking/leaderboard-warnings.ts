/**
 * Baseline resolution and the data warnings every leaderboard carries (codes in
 * ./leaderboard-types.ts). Identifiability background: ./identifiability.ts.
 */
import type { MeasurementBatch } from './measurements';
import { participants, weaklyLinked, type Components } from './identifiability';
import type { RankContext } from './method-output';
import type { RankMethod, RankWarning } from './leaderboard-types';

/**
 * The requested baseline, or by default the model with most samples inside the largest
 * strongly connected component (ties: lowest index), so that the MLE baseline is as well
 * connected as the data allow.
 */
export function resolveBaseline(
  b: MeasurementBatch,
  requested: string | number | undefined,
  perModel: Int32Array,
  comps: Components,
  part: Uint8Array,
): number {
  if (typeof requested === 'number') {
    if (!Number.isInteger(requested) || requested < 0 || requested >= b.nModels) throw new RangeError(`baseline index ${requested} out of range`);
    return requested;
  }
  if (typeof requested === 'string') {
    const i = b.modelNames.indexOf(requested);
    if (i < 0) throw new RangeError(`baseline model "${requested}" is not in the batch`);
    return i;
  }
  const size = new Int32Array(comps.count);
  for (let m = 0; m < b.nModels; m++) if (part[m]) size[comps.component[m]]++;
  let best = 0;
  let bestKey = -1;
  for (let m = 0; m < b.nModels; m++) {
    const key = (part[m] ? size[comps.component[m]] : 0) * (b.nSamples + 1) + perModel[m];
    if (key > bestKey) {
      bestKey = key;
      best = m;
    }
  }
  return best;
}

export function dataWarnings(ctx: RankContext, perModel: Int32Array, method: RankMethod): RankWarning[] {
  const { batch, choices, graph, comps, baseline } = ctx;
  const names = batch.modelNames;
  const out: RankWarning[] = [];
  if (choices.duplicates > 0) {
    out.push({ code: 'duplicate_measurements', message: `${choices.duplicates} measurement(s) were replaced by a later one with the same key` });
  }
  if (choices.invalidPairwise > 0) {
    out.push({ code: 'invalid_pairwise', message: `${choices.invalidPairwise} pairwise line(s) compare a model with itself and were ignored` });
  }
  const part = participants(graph);
  const choiceBased = method === 'plackett-luce' || method === 'bradley-terry' || method === 'elo';
  for (let m = 0; m < names.length; m++) {
    if (perModel[m] === 0) {
      out.push({ code: 'no_measurements', model: names[m], message: `${names[m]} has no measurements in this selection` });
    } else if (choiceBased && !part[m]) {
      out.push({ code: 'no_comparisons', model: names[m], message: `${names[m]} has measurements but was never strictly better or worse than another model on any sample` });
    } else if (choiceBased && graph.losses[m] === 0) {
      out.push({ code: 'never_lost', model: names[m], message: `${names[m]} never lost a comparison: its maximum-likelihood score is +∞ and only a prior keeps it finite` });
    } else if (choiceBased && graph.wins[m] === 0) {
      out.push({ code: 'never_won', model: names[m], message: `${names[m]} never won a comparison: its maximum-likelihood score is −∞ and only a prior keeps it finite` });
    }
  }
  if (choiceBased && names.length > 0 && !part[baseline]) {
    out.push({ code: 'baseline_not_estimable', model: names[baseline], message: `baseline ${names[baseline]} takes part in no comparison, so no score can be expressed relative to it` });
  }
  const prior = ctx.options.prior;
  if ((method === 'plackett-luce' || method === 'bradley-terry') && prior !== 0) {
    const seen = new Set<number>();
    for (let m = 0; m < names.length; m++) if (part[m]) seen.add(comps.component[m]);
    if (seen.size > 1) {
      out.push({
        code: 'graph_not_strongly_connected',
        message: `the comparison graph has ${seen.size} strongly connected components; scores across them are held together by the prior only`,
      });
      // api.md: warnings name any model that cannot be compared with the baseline. A model with no
      // chain of comparisons at all to it (in either direction) has a score that only the prior sets.
      if (part[baseline]) {
        const linked = weaklyLinked(graph, baseline);
        for (let m = 0; m < names.length; m++) {
          if (part[m] && !linked[m]) {
            out.push({
              code: 'not_connected',
              model: names[m],
              message: `${names[m]} is never compared, directly or through other models, with the baseline ${names[baseline]}: its score relative to it comes from the prior alone, not from the data`,
            });
          }
        }
      }
    }
  }
  if (method === 'win-rate') {
    // A win rate is against the baseline over the pairwise lines between the two: a model with
    // measurements but none such has no score, and is named (api.md), not left out silently.
    const { modelA, modelB } = batch.pairwise;
    const against = new Uint8Array(names.length);
    for (let r = 0; r < modelA.length; r++) {
      if (modelA[r] === baseline) against[modelB[r]] = 1;
      else if (modelB[r] === baseline) against[modelA[r]] = 1;
    }
    if (!against.some((x) => x === 1)) {
      out.push({ code: 'no_baseline_comparisons', model: names[baseline], message: `no pairwise line involves the baseline ${names[baseline]}` });
    } else {
      for (let m = 0; m < names.length; m++) {
        if (m === baseline || perModel[m] === 0 || against[m]) continue;
        out.push({ code: 'no_pairwise_with_baseline', model: names[m], message: `${names[m]} has no pairwise line against the baseline ${names[baseline]}: a win rate is counted on those only, so it has none` });
      }
    }
  }
  return out;
}

