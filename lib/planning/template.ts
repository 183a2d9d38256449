/**
 * The template line of a planned sample: the results-format line (spec/results-format.md) the
 * model's result goes into, of the kind the pool was measured with on that sample, its value left
 * null for the developer to fill in (a line with a null value is refused, so an unfilled template
 * cannot be uploaded by mistake). Scores keep the pool's metric and direction, unit tests the
 * pool's criterion; a pairwise sample is compared with its reference when every game there involves one
 * (AlpacaEval), else with the pool model nearest in score among those compared there (the most
 * informative opponent for a model expected near it); a ranking sample
 * keeps its key, the whole ranking (the stored tiers with the model placed in them) to be filled in.
 */
import type { MeasurementBatch } from '../ranking/measurements';

export type TemplateLine = Record<string, unknown> & { type: 'score' | 'unit_test' | 'pairwise' | 'ranking'; sample: string };

/** Rows of each kind per sample, found once for a whole plan. */
export interface TemplateIndex {
  score: Map<number, number>;
  unitTest: Map<number, number>;
  pairwise: Map<number, number[]>;
  ranking: Map<number, number>;
}

export function templateIndex(b: MeasurementBatch): TemplateIndex {
  const first = (col: Int32Array) => {
    const m = new Map<number, number>();
    col.forEach((s, r) => m.has(s) || m.set(s, r));
    return m;
  };
  const pairwise = new Map<number, number[]>();
  b.pairwise.sample.forEach((s, r) => pairwise.set(s, [...(pairwise.get(s) ?? []), r]));
  return { score: first(b.score.sample), unitTest: first(b.unitTest.sample), pairwise, ranking: first(b.ranking.sample) };
}

/** `score`: the placed model's projected score, to choose a pairwise opponent near it (NaN: the pool's middle). */
export function templateLine(b: MeasurementBatch, ix: TemplateIndex, s: number, model: string, scores: Float64Array, score: number): TemplateLine {
  const sample = b.sampleIds?.[s] ?? String(s);
  const sr = ix.score.get(s);
  if (sr !== undefined) {
    const line: TemplateLine = { type: 'score', sample, model, metric: b.metricNames[b.score.metric[sr]], value: null };
    if (!b.score.higherIsBetter[sr]) line.higher_is_better = false;
    return line;
  }
  const ur = ix.unitTest.get(s);
  if (ur !== undefined) return { type: 'unit_test', sample, model, criterion: b.criterionNames[b.unitTest.criterion[ur]], value: null };
  const pr = ix.pairwise.get(s);
  if (pr) return { type: 'pairwise', sample, model_a: model, model_b: b.modelNames[nearestOpponent(b, pr, model, scores, score)], winner: null };
  const key = b.rankingKeys[b.ranking.key[ix.ranking.get(s)!]];
  return key === 'ranking' ? { type: 'ranking', sample, ranking: null } : { type: 'ranking', sample, metric: key, ranking: null };
}

function nearestOpponent(b: MeasurementBatch, rows: number[], model: string, scores: Float64Array, score: number): number {
  // A model in every game of the sample is its reference (AlpacaEval's): results count against it.
  const hub = [b.pairwise.modelA[rows[0]], b.pairwise.modelB[rows[0]]].find((m) => b.modelNames[m] !== model && rows.every((r) => b.pairwise.modelA[r] === m || b.pairwise.modelB[r] === m));
  if (hub !== undefined && rows.length > 1) return hub;
  const finite = Array.from(scores).filter(Number.isFinite).sort((x, y) => x - y);
  const target = Number.isFinite(score) ? score : (finite[finite.length >> 1] ?? 0);
  let best = -1;
  let bestGap = Infinity;
  for (const r of rows) {
    for (const m of [b.pairwise.modelA[r], b.pairwise.modelB[r]]) {
      if (b.modelNames[m] === model) continue;
      const gap = Number.isFinite(scores[m]) ? Math.abs(scores[m] - target) : Infinity;
      if (best < 0 || gap < bestGap || (gap === bestGap && b.modelNames[m] < b.modelNames[best])) {
        best = m;
        bestGap = gap;
      }
    }
  }
  return best;
}
