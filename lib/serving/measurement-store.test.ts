import { describe, expect, it } from "vitest";
import type { MeasurementTuple } from "@/lib/db/queries/read-model";
import { MeasurementStore } from "./measurement-store";

const NAMES = new Map([
  [1, "alpha"],
  [2, "beta"],
  [3, "gamma"],
  [4, "delta"],
]);
const label = (row: number) => ({ id: `s${row}`, benchmark: "b", tags: [] });
const name = (id: number) => NAMES.get(id)!;

function store(): MeasurementStore {
  const s = new MeasurementStore();
  const t = (kind: MeasurementTuple[1], key: string | null, a: number | null, b: number | null, value: number | null, winner: MeasurementTuple[7] = null, tiers: number[][] | null = null): MeasurementTuple =>
    [0, kind, key, a, b, value, true, winner, tiers] as MeasurementTuple;
  s.replace(0, [t("ranking", "judge", null, null, null, null, [[3], [1, 2]]), t("score", "acc", 2, null, 1)]);
  s.replace(1, [t("pairwise", "q", 3, 1, null, "a"), t("score", "acc", 1, null, 0)]);
  s.replace(2, [t("ranking", "judge", null, null, null, null, [[3], [4]])]);
  return s;
}

describe("MeasurementStore.gather", () => {
  it("keeps every line and names models in the order they first appear", () => {
    const { batch, sampleRows } = store().gather([0, 1, 2], label, name, () => true);
    expect(sampleRows).toEqual([0, 1, 2]);
    expect(batch.modelNames).toEqual(["gamma", "alpha", "beta", "delta"]);
    expect([batch.score.sample.length, batch.pairwise.sample.length, batch.ranking.sample.length]).toEqual([2, 1, 2]);
  });

  it("with a model set, drops lines outside it and never names a model that lost all its lines", () => {
    const keep = (id: number) => id !== 3;
    const { batch, sampleRows } = store().gather([0, 1, 2], label, name, keep);
    // Sample 2's ranking keeps one model (delta): not a ranking any more, so the sample has no line.
    expect(sampleRows).toEqual([0, 1]);
    expect(batch.modelNames).toEqual(["alpha", "beta"]);
    expect(batch.pairwise.sample.length).toBe(0);
    expect(batch.ranking.sample.length).toBe(1);
    expect(batch.score.model.length).toBe(2);
  });
});
