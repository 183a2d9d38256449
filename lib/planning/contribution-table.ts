/**
 * The Plackett-Luce geometry of every sample as seen by the placed model M (./contributions.ts
 * computes with it): per sample its tiered groups without M — the pool's values best first,
 * γ_j = e^{θ_j − shift} and L_j = Σ γ of the strictly lower entries — with the outcome levels M
 * could take (the metric's levels, ./outcomes.ts; for a ranking line the K + 1 gaps between
 * its K tiers) and M's own value where it has one; and its pairwise lines: the pool's games
 * (M's expected opponents) and M's own. Flat typed arrays with offsets, built in two passes.
 */
import { KIND_RANKING, type TieredGroups } from '../ranking/groups';
import { WINNER_A, WINNER_B, type MeasurementBatch } from '../ranking/measurements';
import { cardinalKey, type MetricScale } from '../ranking/outcomes';

export interface ContributionTable {
  nSamples: number;
  /** γ are e^{θ − shift} */
  shift: number;
  /** groups by sample: sample s has groups [groupOffsets[s], groupOffsets[s + 1]) */
  groupOffsets: Int32Array;
  /** pool entries of group k: [entryOffsets[k], entryOffsets[k + 1]), best first */
  entryOffsets: Int32Array;
  value: Float64Array;
  gamma: Float64Array;
  below: Float64Array;
  /** outcome levels of group k: [levelOffsets[k], levelOffsets[k + 1]), ascending */
  levelOffsets: Int32Array;
  levelValue: Float64Array;
  levelY: Float64Array;
  /** M's value in group k (NaN if it has none) */
  targetValue: Float64Array;
  /** pairwise: expected opponents of M on s, and M's own lines */
  opponentOffsets: Int32Array;
  opponentTheta: Float64Array;
  opponentCount: Float64Array;
  lineOffsets: Int32Array;
  lineTheta: Float64Array;
  lineY: Float64Array;
  /** work buffers, one slot per level of the largest group */
  levelU: Float64Array;
  levelDu: Float64Array;
}

export function contributionTable(
  b: MeasurementBatch,
  groups: TieredGroups,
  scales: Map<number, MetricScale>,
  target: number,
  scores: Float64Array,
): ContributionTable {
  const pool = (m: number) => m !== target && Number.isFinite(scores[m]);
  let shift = 0;
  for (let m = 0; m < scores.length; m++) if (pool(m)) shift = Math.max(shift, scores[m]);
  const nGroups = groups.sample.length;
  // Pass 1: pool entries and outcome levels per group (0 = the group says nothing about M).
  const nEntries = new Int32Array(nGroups);
  const nLevels = new Int32Array(nGroups);
  for (let k = 0; k < nGroups; k++) {
    let tiers = 0;
    for (let q = groups.offsets[k], last = NaN; q < groups.offsets[k + 1]; q++) {
      if (!pool(groups.model[q])) continue;
      nEntries[k]++;
      if (groups.value[q] !== last) tiers++;
      last = groups.value[q];
    }
    const levels = groups.kind[k] === KIND_RANKING ? tiers + 1 : (scales.get(cardinalKey(groups.kind[k], groups.key[k]))?.levels.length ?? 0);
    nLevels[k] = nEntries[k] > 0 && levels >= 2 ? levels : 0;
  }
  // Groups in sample order (a stable counting sort: rankings come after the cardinal groups).
  const groupOffsets = new Int32Array(b.nSamples + 1);
  for (let k = 0; k < nGroups; k++) if (nLevels[k] > 0) groupOffsets[groups.sample[k] + 1]++;
  for (let s = 0; s < b.nSamples; s++) groupOffsets[s + 1] += groupOffsets[s];
  const cursor = groupOffsets.slice(0, b.nSamples);
  const order = new Int32Array(groupOffsets[b.nSamples]);
  for (let k = 0; k < nGroups; k++) if (nLevels[k] > 0) order[cursor[groups.sample[k]]++] = k;

  const kept = order.length;
  const entryOffsets = new Int32Array(kept + 1);
  const levelOffsets = new Int32Array(kept + 1);
  for (let i = 0; i < kept; i++) {
    entryOffsets[i + 1] = entryOffsets[i] + nEntries[order[i]];
    levelOffsets[i + 1] = levelOffsets[i] + nLevels[order[i]];
  }
  const value = new Float64Array(entryOffsets[kept]);
  const gamma = new Float64Array(value.length);
  const below = new Float64Array(value.length);
  const levelValue = new Float64Array(levelOffsets[kept]);
  const levelY = new Float64Array(levelValue.length);
  const targetValue = new Float64Array(kept).fill(NaN);
  for (let i = 0; i < kept; i++) {
    const k = order[i];
    let e = entryOffsets[i];
    for (let q = groups.offsets[k]; q < groups.offsets[k + 1]; q++) {
      const m = groups.model[q];
      if (m === target) targetValue[i] = groups.value[q];
      else if (pool(m)) {
        value[e] = groups.value[q];
        gamma[e++] = Math.exp(scores[m] - shift);
      }
    }
    // L_i: entries are best first, so the strictly lower ones form a suffix.
    const lo = entryOffsets[i];
    let acc = 0;
    for (let q = e - 1, run = q; q >= lo; q--) {
      if (value[q] !== value[run]) {
        for (let r = run; r > q; r--) acc += gamma[r];
        run = q;
      }
      below[q] = acc;
    }
    if (groups.kind[k] === KIND_RANKING) insertionLevels(value, lo, e, levelValue, levelY, levelOffsets[i]);
    else {
      const scale = scales.get(cardinalKey(groups.kind[k], groups.key[k]))!;
      levelValue.set(scale.levels, levelOffsets[i]);
      levelY.set(scale.levelY, levelOffsets[i]);
    }
  }
  return {
    nSamples: b.nSamples,
    shift,
    groupOffsets,
    entryOffsets,
    value,
    gamma,
    below,
    levelOffsets,
    levelValue,
    levelY,
    targetValue,
    ...pairwiseTerms(b, target, pool, scores),
    levelU: new Float64Array(nLevels.reduce((a, n) => Math.max(a, n), 0)),
    levelDu: new Float64Array(nLevels.reduce((a, n) => Math.max(a, n), 0)),
  };
}

/** A ranking line's levels: M as a new tier in each of the K + 1 gaps of the pool's K tiers, ascending. */
function insertionLevels(value: Float64Array, lo: number, hi: number, levels: Float64Array, levelY: Float64Array, at: number): void {
  const tiers: number[] = [];
  for (let q = lo; q < hi; q++) if (tiers.length === 0 || tiers[tiers.length - 1] !== value[q]) tiers.push(value[q]);
  const k = tiers.length;
  for (let i = 0; i <= k; i++) {
    const p = k - i;
    levels[at + i] = p === 0 ? tiers[0] + 1 : p === k ? tiers[k - 1] - 1 : (tiers[p - 1] + tiers[p]) / 2;
    levelY[at + i] = 1 - p / k;
  }
}

function pairwiseTerms(b: MeasurementBatch, target: number, pool: (m: number) => boolean, scores: Float64Array) {
  const p = b.pairwise;
  // games[s]: participant → (opponent → games between them)
  const games = Array.from({ length: b.nSamples }, () => new Map<number, Map<number, number>>());
  const play = (s: number, m: number, j: number) => {
    const of = games[s].get(m) ?? new Map<number, number>();
    of.set(j, (of.get(j) ?? 0) + 1);
    games[s].set(m, of);
  };
  const lines = Array.from({ length: b.nSamples }, () => [] as Array<[number, number]>);
  for (let r = 0; r < p.sample.length; r++) {
    const a = p.modelA[r];
    const c = p.modelB[r];
    if (a === c) continue;
    const ya = p.pA[r] === p.pA[r] ? p.pA[r] : p.winner[r] === WINNER_A ? 1 : p.winner[r] === WINNER_B ? 0 : 0.5;
    const s = p.sample[r];
    if (pool(a) && pool(c)) {
      play(s, a, c);
      play(s, c, a);
    } else if (a === target && pool(c)) lines[s].push([scores[c], ya]);
    else if (c === target && pool(a)) lines[s].push([scores[a], 1 - ya]);
  }
  const opponentOffsets = new Int32Array(b.nSamples + 1);
  const lineOffsets = new Int32Array(b.nSamples + 1);
  const opponentTheta: number[] = [];
  const opponentCount: number[] = [];
  const lineTheta: number[] = [];
  const lineY: number[] = [];
  for (let s = 0; s < b.nSamples; s++) {
    for (const [m, count] of expectedOpponents(games[s])) {
      opponentTheta.push(scores[m]);
      opponentCount.push(count);
    }
    for (const [theta, y] of lines[s]) {
      lineTheta.push(theta);
      lineY.push(y);
    }
    opponentOffsets[s + 1] = opponentTheta.length;
    lineOffsets[s + 1] = lineTheta.length;
  }
  return {
    opponentOffsets,
    opponentTheta: Float64Array.from(opponentTheta),
    opponentCount: Float64Array.from(opponentCount),
    lineOffsets,
    lineTheta: Float64Array.from(lineTheta),
    lineY: Float64Array.from(lineY),
  };
}


/**
 * The games M is expected to play on a sample, by opponent: the participants' opponent shares
 * averaged with equal weight, times the median participant's number of games. Why not every
 * participant's games pooled: where every model plays one reference (AlpacaEval), the reference
 * is in every game and pooling would have M play the other models half the time; M plays the
 * reference, as the typical participant does. Opponents ascending by index (a fixed order).
 */
export function expectedOpponents(games: Map<number, Map<number, number>>): Array<[number, number]> {
  const share = new Map<number, number>();
  const played: number[] = [];
  for (const of of games.values()) {
    let n = 0;
    for (const g of of.values()) n += g;
    played.push(n);
    for (const [j, g] of of) share.set(j, (share.get(j) ?? 0) + g / n / games.size);
  }
  if (played.length === 0) return [];
  played.sort((x, y) => x - y);
  const mid = played.length >> 1;
  const median = played.length % 2 ? played[mid] : (played[mid - 1] + played[mid]) / 2;
  return [...share].sort((x, y) => x[0] - y[0]).map(([j, w]) => [j, w * median]);
}
