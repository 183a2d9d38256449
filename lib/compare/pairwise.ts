// Empirical head-to-head records of chosen models, read off the per-sample orderings: in every
// tiered group (one sample and metric / criterion / ranking) holding both i and j, i wins if its
// tier is strictly better, loses if strictly worse, ties otherwise; every pairwise line between
// them counts by its `winner`. rate = (wins + ties / 2) / n. No model is fitted here: these are
// the raw counts the Plackett–Luce probabilities summarise.
import type { TieredGroups } from "@/lib/ranking/groups";
import { WINNER_A, WINNER_B, type MeasurementBatch } from "@/lib/ranking/measurements";

export interface PairRecord {
  model: string;
  opponent: string;
  wins: number;
  losses: number;
  ties: number;
  /** comparisons: groups and pairwise lines with both models */
  n: number;
  /** (wins + ties / 2) / n, in [0, 1]; null when n = 0 */
  rate: number | null;
}

/** Records for every ordered pair of `chosen` (batch model indices), in the order of `chosen`. */
export function empiricalPairs(b: MeasurementBatch, groups: TieredGroups, chosen: readonly number[]): PairRecord[] {
  const k = chosen.length;
  const slot = new Int32Array(b.nModels).fill(-1);
  chosen.forEach((m, i) => (slot[m] = i));
  // wins[i * k + j]: i beat j; ties are symmetric and counted on both.
  const wins = new Float64Array(k * k);
  const ties = new Float64Array(k * k);
  const tierOf = new Int32Array(k);
  const present: number[] = [];
  for (let g = 0; g < groups.sample.length; g++) {
    present.length = 0;
    for (let q = groups.offsets[g]; q < groups.offsets[g + 1]; q++) {
      const i = slot[groups.model[q]];
      if (i >= 0) {
        tierOf[i] = groups.tier[q];
        present.push(i);
      }
    }
    for (let x = 0; x < present.length; x++) {
      for (let y = x + 1; y < present.length; y++) {
        const i = present[x];
        const j = present[y];
        if (tierOf[i] < tierOf[j]) wins[i * k + j]++;
        else if (tierOf[j] < tierOf[i]) wins[j * k + i]++;
        else {
          ties[i * k + j]++;
          ties[j * k + i]++;
        }
      }
    }
  }
  const p = b.pairwise;
  for (let r = 0; r < p.sample.length; r++) {
    const i = slot[p.modelA[r]];
    const j = slot[p.modelB[r]];
    if (i < 0 || j < 0 || i === j) continue;
    if (p.winner[r] === WINNER_A) wins[i * k + j]++;
    else if (p.winner[r] === WINNER_B) wins[j * k + i]++;
    else {
      ties[i * k + j]++;
      ties[j * k + i]++;
    }
  }
  const out: PairRecord[] = [];
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) continue;
      const w = wins[i * k + j];
      const l = wins[j * k + i];
      const t = ties[i * k + j];
      const n = w + l + t;
      out.push({ model: b.modelNames[chosen[i]], opponent: b.modelNames[chosen[j]], wins: w, losses: l, ties: t, n, rate: n > 0 ? (w + t / 2) / n : null });
    }
  }
  return out;
}
