/**
 * Helpers for the portal's views.
 *   - headToHead(scores): P(i beats j) = 1 / (1 + e^{s_j − s_i}) (Bradley-Terry / top-1
 *     Plackett-Luce on log-strengths; pass `scale` = ln 10 / 400 for Elo points); null where
 *     either score is null, and on the diagonal.
 *   - sampleRanking(batch, sample): the tiers of every group of one sample (results-format v1,
 *     "From measurements to sample-level rankings"), best first, as the choice events see them.
 */
import { WINNER_A, WINNER_B, type MeasurementBatch } from './measurements';
import { KIND_RANKING, KIND_SCORE, KIND_UNIT_TEST, tieredGroups } from './groups';
import { selectSamples } from './subset';

export function headToHead(scores: ArrayLike<number | null>, scale = 1): (number | null)[][] {
  const s = Array.from(scores, (x) => (x === null || !Number.isFinite(x) ? null : x));
  return s.map((si, i) => s.map((sj, j) => (si === null || sj === null || i === j ? null : 1 / (1 + Math.exp(scale * (sj - si))))));
}

export interface SampleGroupView {
  kind: 'score' | 'unit_test' | 'ranking' | 'pairwise';
  /** metric, criterion or ranking key; "pairwise" for pairwise lines */
  key: string;
  /** model names, best tier first */
  tiers: string[][];
  /** per tier, the value that ordered it (scores: as given, i.e. not negated; absent otherwise) */
  values?: number[];
  /** pairwise only: the line's p_a, if any */
  pA?: number;
}

export function sampleRanking(b: MeasurementBatch, sample: number): SampleGroupView[] {
  const keep = new Uint8Array(b.nSamples);
  keep[sample] = 1;
  const one = selectSamples(b, keep);
  const g = tieredGroups(one);
  const out: SampleGroupView[] = [];
  const kinds = { [KIND_SCORE]: 'score', [KIND_UNIT_TEST]: 'unit_test', [KIND_RANKING]: 'ranking' } as const;
  for (let k = 0; k < g.sample.length; k++) {
    const kind = kinds[g.kind[k] as 0 | 1 | 2];
    const key = kind === 'score' ? b.metricNames[g.key[k]] : kind === 'unit_test' ? b.criterionNames[g.key[k]] : b.rankingKeys[g.key[k]];
    const tiers: string[][] = [];
    const values: number[] = [];
    for (let q = g.offsets[k]; q < g.offsets[k + 1]; q++) {
      if (q === g.offsets[k] || g.tier[q] !== g.tier[q - 1]) {
        tiers.push([]);
        values.push(g.value[q]);
      }
      tiers[tiers.length - 1].push(b.modelNames[g.model[q]]);
    }
    const view: SampleGroupView = { kind, key, tiers };
    if (kind === 'unit_test') view.values = values;
    if (kind === 'score') {
      const sign = lowerIsBetter(one, g.key[k]) ? -1 : 1;
      view.values = values.map((v) => sign * v);
    }
    out.push(view);
  }
  const p = one.pairwise;
  for (let r = 0; r < p.sample.length; r++) {
    const a = b.modelNames[p.modelA[r]];
    const c = b.modelNames[p.modelB[r]];
    const tiers = p.winner[r] === WINNER_A ? [[a], [c]] : p.winner[r] === WINNER_B ? [[c], [a]] : [[a, c]];
    out.push({ kind: 'pairwise', key: 'pairwise', tiers, ...(p.pA[r] === p.pA[r] ? { pA: p.pA[r] } : {}) });
  }
  return out;
}

function lowerIsBetter(b: MeasurementBatch, metric: number): boolean {
  for (let r = 0; r < b.score.metric.length; r++) if (b.score.metric[r] === metric) return b.score.higherIsBetter[r] === 0;
  return false;
}
