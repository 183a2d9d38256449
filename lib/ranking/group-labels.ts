// Reading tiered groups (./groups.ts) back in the terms of the results format: the kind and key of
// a group, and a member's measured value with its original sign (compare's disagreements, a
// model's outcomes on its evidence samples).
import { KIND_SCORE, KIND_UNIT_TEST, type TieredGroups } from "./groups";
import type { MeasurementBatch } from "./measurements";

export type GroupKind = "score" | "unit_test" | "ranking";

export function groupKind(groups: TieredGroups, g: number): GroupKind {
  return groups.kind[g] === KIND_SCORE ? "score" : groups.kind[g] === KIND_UNIT_TEST ? "unit_test" : "ranking";
}

export function groupKey(b: MeasurementBatch, groups: TieredGroups, g: number): string {
  const kind = groupKind(groups, g);
  return kind === "score" ? b.metricNames[groups.key[g]] : kind === "unit_test" ? b.criterionNames[groups.key[g]] : b.rankingKeys[groups.key[g]];
}

/** Per metric index, whether higher is better (groups store lower-is-better values negated). */
export function metricDirections(b: MeasurementBatch): Uint8Array {
  const hib = new Uint8Array(b.metricNames.length).fill(1);
  for (let r = 0; r < b.score.metric.length; r++) hib[b.score.metric[r]] = b.score.higherIsBetter[r];
  return hib;
}

/** The measured value of group entry q of group g; null for rankings, which have none. */
export function entryValue(groups: TieredGroups, g: number, q: number, directions: Uint8Array): number | null {
  const kind = groupKind(groups, g);
  if (kind === "ranking") return null;
  return kind === "score" && !directions[groups.key[g]] ? -groups.value[q] : groups.value[q];
}
