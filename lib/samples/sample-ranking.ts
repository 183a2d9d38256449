// The sample-level ranking a sample's measurements become, group by group, computed by the ranking
// engine itself: every group (one score metric, one unit-test criterion, one ranking line, one
// pairwise line) is cut out of the batch with `filterRows`, ordered into tiers by `sampleRanking`
// and turned into top-1 choice events by `buildChoices` — the same events the Plackett–Luce fit
// of any leaderboard containing this sample consumes (results-format v1, "From measurements to
// sample-level rankings").
import { buildChoices, losersOf } from "@/lib/ranking/choices";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { filterRows, type RowMasks } from "@/lib/ranking/subset";
import { sampleRanking, type SampleGroupView } from "@/lib/ranking/views";

export interface ChoiceEventView {
  winner: string;
  losers: string[];
  weight: number;
}

export interface RankingGroupView {
  kind: SampleGroupView["kind"];
  /** metric, criterion, ranking key, or for pairwise lines "model_a vs model_b" */
  key: string;
  /** best first; `value` is what ordered the tier (scores and unit tests), else null */
  tiers: { models: string[]; value: number | null }[];
  /** pairwise only: the line's two models as given (a, b) */
  pair?: { a: string; b: string };
  /** pairwise only: the line's p_a, if any */
  p_a?: number;
  choices: ChoiceEventView[];
}

function mask(col: Int32Array, sample: number, key?: Int32Array, k?: number): Uint8Array {
  const m = new Uint8Array(col.length);
  for (let r = 0; r < col.length; r++) m[r] = col[r] === sample && (key === undefined || key[r] === k) ? 1 : 0;
  return m;
}

function distinct(col: Int32Array, keys: Int32Array, sample: number): number[] {
  const out = new Set<number>();
  for (let r = 0; r < col.length; r++) if (col[r] === sample) out.add(keys[r]);
  return [...out].sort((a, b) => a - b);
}

/** One group's batch: only the rows of the given kind that pass `keep`. */
function only(b: MeasurementBatch, kind: keyof RowMasks, keep: Uint8Array): MeasurementBatch {
  const none = (n: number) => new Uint8Array(n);
  return filterRows(b, {
    score: kind === "score" ? keep : none(b.score.sample.length),
    unitTest: kind === "unitTest" ? keep : none(b.unitTest.sample.length),
    pairwise: kind === "pairwise" ? keep : none(b.pairwise.sample.length),
    ranking: kind === "ranking" ? keep : none(b.ranking.sample.length),
  });
}

function view(b: MeasurementBatch, sub: MeasurementBatch, sample: number): RankingGroupView[] {
  const views = sampleRanking(sub, sample);
  const c = buildChoices(sub);
  const choices: ChoiceEventView[] = [];
  for (let e = 0; e < c.winner.length; e++) {
    choices.push({ winner: b.modelNames[c.winner[e]], losers: losersOf(c, e).map((m) => b.modelNames[m]), weight: c.weight[e] });
  }
  return views.map((v) => {
    const pair = v.kind === "pairwise" ? { a: b.modelNames[sub.pairwise.modelA[0]], b: b.modelNames[sub.pairwise.modelB[0]] } : undefined;
    return {
      kind: v.kind,
      key: pair ? `${pair.a} vs ${pair.b}` : v.key,
      tiers: v.tiers.map((models, t) => ({ models, value: v.values?.[t] ?? null })),
      ...(pair ? { pair } : {}),
      ...(v.pA !== undefined ? { p_a: v.pA } : {}),
      choices,
    };
  });
}

/** Every group of sample `sample` of the batch: score metrics, unit-test criteria, rankings, pairwise lines. */
export function sampleLevelRanking(b: MeasurementBatch, sample: number): RankingGroupView[] {
  const out: RankingGroupView[] = [];
  for (const k of distinct(b.score.sample, b.score.metric, sample)) {
    out.push(...view(b, only(b, "score", mask(b.score.sample, sample, b.score.metric, k)), sample));
  }
  for (const k of distinct(b.unitTest.sample, b.unitTest.criterion, sample)) {
    out.push(...view(b, only(b, "unitTest", mask(b.unitTest.sample, sample, b.unitTest.criterion, k)), sample));
  }
  for (const k of distinct(b.ranking.sample, b.ranking.key, sample)) {
    out.push(...view(b, only(b, "ranking", mask(b.ranking.sample, sample, b.ranking.key, k)), sample));
  }
  for (let r = 0; r < b.pairwise.sample.length; r++) {
    if (b.pairwise.sample[r] !== sample) continue;
    const keep = new Uint8Array(b.pairwise.sample.length);
    keep[r] = 1;
    out.push(...view(b, only(b, "pairwise", keep), sample));
  }
  return out;
}
