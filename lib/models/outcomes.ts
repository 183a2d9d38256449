// One model's raw outcome on every sample of a batch, read off the tiered groups and pairwise
// lines the ranking engine builds: per group its measured value (or place in a ranking), and in
// total how many models it finished strictly ahead of, strictly behind, and level with.
import type { TieredGroups } from "@/lib/ranking/groups";
import { WINNER_A, WINNER_B, WINNER_TIE, type MeasurementBatch } from "@/lib/ranking/measurements";
import { entryValue, groupKey, groupKind, metricDirections } from "@/lib/ranking/group-labels";
import { formatValue } from "@/lib/format";

export interface SampleOutcome {
  outcomes: { kind: "score" | "unit_test" | "ranking" | "pairwise"; key: string; value: number | null; label: string }[];
  /** model–opponent comparisons over all groups and pairwise lines of the sample */
  beats: number;
  loses_to: number;
  ties: number;
}

/** Per batch sample index, the outcome of model `m` (samples without any result of m are absent). */
export function modelOutcomes(b: MeasurementBatch, groups: TieredGroups, m: number): Map<number, SampleOutcome> {
  const out = new Map<number, SampleOutcome>();
  const at = (s: number) => {
    let o = out.get(s);
    if (!o) out.set(s, (o = { outcomes: [], beats: 0, loses_to: 0, ties: 0 }));
    return o;
  };
  const directions = metricDirections(b);
  for (let g = 0; g < groups.sample.length; g++) {
    const lo = groups.offsets[g];
    const hi = groups.offsets[g + 1];
    let q = lo;
    while (q < hi && groups.model[q] !== m) q++;
    if (q === hi) continue;
    const tier = groups.tier[q];
    const o = at(groups.sample[g]);
    let ahead = 0;
    let level = 0;
    for (let x = lo; x < hi; x++) {
      if (groups.tier[x] < tier) ahead++;
      else if (groups.tier[x] === tier && x !== q) level++;
    }
    const behind = hi - lo - 1 - ahead - level;
    o.beats += behind;
    o.loses_to += ahead;
    o.ties += level;
    const kind = groupKind(groups, g);
    const key = groupKey(b, groups, g);
    const value = entryValue(groups, g, q, directions);
    const label = value === null ? `#${ahead + 1} of ${hi - lo}` : formatValue(value);
    o.outcomes.push({ kind, key, value, label });
  }
  const p = b.pairwise;
  for (let r = 0; r < p.sample.length; r++) {
    const isA = p.modelA[r] === m;
    if ((!isA && p.modelB[r] !== m) || p.modelA[r] === p.modelB[r]) continue;
    const opponent = b.modelNames[isA ? p.modelB[r] : p.modelA[r]];
    const o = at(p.sample[r]);
    const won = p.winner[r] === (isA ? WINNER_A : WINNER_B);
    const tie = p.winner[r] === WINNER_TIE;
    if (won) o.beats++;
    else if (tie) o.ties++;
    else o.loses_to++;
    const pA = p.pA[r];
    const pModel = pA === pA ? (isA ? pA : 1 - pA) : null;
    const label = `${won ? "won" : tie ? "tie" : "lost"}${pModel === null ? "" : ` (p = ${formatValue(pModel)})`}`;
    o.outcomes.push({ kind: "pairwise", key: `vs ${opponent}`, value: pModel, label });
  }
  return out;
}
