// The samples where the chosen models disagree most with their overall order. In one tiered group
// (or pairwise line), an upset is a pair where the model with the lower overall Plackett–Luce
// score finishes strictly ahead; a group's disagreement is the total score gap its upsets
// overturn, Σ (s_loser − s_winner) over upsets. A sample is represented by its most disagreeing
// group; groups with no upset are left out.
import type { TieredGroups } from "@/lib/ranking/groups";
import { WINNER_A, WINNER_B, type MeasurementBatch } from "@/lib/ranking/measurements";
import { formatValue } from "@/lib/format";
import { entryValue, groupKey, groupKind, metricDirections } from "@/lib/ranking/group-labels";

export interface Outcome {
  model: string;
  /** 1 + chosen models strictly ahead in this group; null when the model has no result here */
  place: number | null;
  /** the measured value (scores as given, unit tests on their scale); null for orderings */
  value: number | null;
  /** short human-readable outcome: "1", "4.5", "#2", "won" */
  label: string;
}

export interface Disagreement {
  /** batch sample index */
  sample: number;
  kind: "score" | "unit_test" | "ranking" | "pairwise";
  key: string;
  disagreement: number;
  upsets: number;
  /** the chosen model with the highest overall score among those present did not finish first */
  leader_lost: boolean;
  outcomes: Outcome[];
}

interface Entry {
  slot: number;
  tier: number;
  value: number | null;
  label: string;
}

function assess(entries: Entry[], score: (number | null)[]): { disagreement: number; upsets: number; leaderLost: boolean } | null {
  const ranked = entries.filter((e) => score[e.slot] !== null);
  if (ranked.length < 2) return null;
  let disagreement = 0;
  let upsets = 0;
  for (const x of ranked) {
    for (const y of ranked) {
      if (x.tier < y.tier && score[x.slot]! < score[y.slot]!) {
        disagreement += score[y.slot]! - score[x.slot]!;
        upsets++;
      }
    }
  }
  const best = Math.min(...ranked.map((e) => e.tier));
  const leader = ranked.reduce((a, e) => (score[e.slot]! > score[a.slot]! ? e : a));
  return { disagreement, upsets, leaderLost: leader.tier > best };
}

function outcomes(entries: Entry[], names: string[]): Outcome[] {
  return names.map((model, slot) => {
    const e = entries.find((x) => x.slot === slot);
    if (!e) return { model, place: null, value: null, label: "—" };
    return { model, place: 1 + entries.filter((x) => x.tier < e.tier).length, value: e.value, label: e.label };
  });
}

/**
 * `chosen`: batch model indices; `score[i]`: overall score of chosen[i] (null if unranked).
 * Returns at most `limit` samples, most disagreement first.
 */
export function disagreements(b: MeasurementBatch, groups: TieredGroups, chosen: readonly number[], score: (number | null)[], limit: number): Disagreement[] {
  const slot = new Int32Array(b.nModels).fill(-1);
  chosen.forEach((m, i) => (slot[m] = i));
  const names = chosen.map((m) => b.modelNames[m]);
  const directions = metricDirections(b);
  const best = new Map<number, Disagreement>();
  // What is shown of a group (its key, labels, outcomes) is built only for a group that becomes
  // its sample's most disagreeing one so far: most groups have no upset among the chosen models.
  const consider = (sample: number, entries: Entry[], describe: () => Omit<Disagreement, "sample" | "disagreement" | "upsets" | "leader_lost">) => {
    const a = assess(entries, score);
    if (!a || a.upsets === 0) return;
    const prev = best.get(sample);
    if (prev && prev.disagreement >= a.disagreement) return;
    best.set(sample, { sample, ...describe(), disagreement: a.disagreement, upsets: a.upsets, leader_lost: a.leaderLost });
  };

  for (let g = 0; g < groups.sample.length; g++) {
    const entries: Entry[] = [];
    for (let q = groups.offsets[g]; q < groups.offsets[g + 1]; q++) {
      const i = slot[groups.model[q]];
      if (i < 0) continue;
      entries.push({ slot: i, tier: groups.tier[q], value: null, label: "" });
    }
    if (entries.length < 2) continue;
    consider(groups.sample[g], entries, () => {
      const kind = groupKind(groups, g);
      for (let q = groups.offsets[g], x = 0; q < groups.offsets[g + 1]; q++) {
        if (slot[groups.model[q]] < 0) continue;
        const e = entries[x++];
        e.value = entryValue(groups, g, q, directions);
        e.label = e.value === null ? "" : formatValue(e.value);
      }
      if (kind === "ranking") for (const e of entries) e.label = `#${1 + entries.filter((x) => x.tier < e.tier).length}`;
      return { kind, key: groupKey(b, groups, g), outcomes: outcomes(entries, names) };
    });
  }

  const p = b.pairwise;
  for (let r = 0; r < p.sample.length; r++) {
    const i = slot[p.modelA[r]];
    const j = slot[p.modelB[r]];
    if (i < 0 || j < 0 || i === j) continue;
    const w = p.winner[r];
    const [ta, tb] = w === WINNER_A ? [0, 1] : w === WINNER_B ? [1, 0] : [0, 0];
    const label = (t: number, other: number) => (t === other ? "tie" : t < other ? "won" : "lost");
    const entries: Entry[] = [
      { slot: i, tier: ta, value: null, label: label(ta, tb) },
      { slot: j, tier: tb, value: null, label: label(tb, ta) },
    ];
    consider(p.sample[r], entries, () => ({ kind: "pairwise", key: `${names[i]} vs ${names[j]}`, outcomes: outcomes(entries, names) }));
  }

  // Equal disagreements differ in their last bits with the order the database returned rows in:
  // compare them at 1e-9 and break ties by sample id, so that every database answers alike.
  const id = (d: Disagreement) => b.sampleIds?.[d.sample] ?? String(d.sample).padStart(12, "0");
  const gap = (x: Disagreement, y: Disagreement) => (Math.abs(y.disagreement - x.disagreement) < 1e-9 ? 0 : y.disagreement - x.disagreement);
  return [...best.values()].sort((x, y) => gap(x, y) || y.upsets - x.upsets || (id(x) < id(y) ? -1 : id(x) > id(y) ? 1 : 0)).slice(0, limit);
}
