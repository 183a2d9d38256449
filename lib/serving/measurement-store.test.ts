import { describe, expect, it } from "vitest";
import type { MeasurementTuple } from "@/lib/db/queries/read-model";
import { MeasurementBatchBuilder } from "@/lib/ranking/batch-builder";
import { MeasurementStore, type RowLabels } from "./measurement-store";

const NAMES = new Map([
  [1, "alpha"],
  [2, "beta"],
  [3, "gamma"],
  [4, "delta"],
]);
const labels: RowLabels = { id: (row) => `s${row}`, benchmark: () => "b", tags: () => [] };
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
    const { batch, sampleRows } = store().gather([0, 1, 2], labels, name, () => true);
    expect(sampleRows).toEqual([0, 1, 2]);
    expect(batch.modelNames).toEqual(["gamma", "alpha", "beta", "delta"]);
    expect([batch.score.sample.length, batch.pairwise.sample.length, batch.ranking.sample.length]).toEqual([2, 1, 2]);
  });

  it("with a model set, drops lines outside it and never names a model that lost all its lines", () => {
    const keep = (id: number) => id !== 3;
    const { batch, sampleRows } = store().gather([0, 1, 2], labels, name, keep);
    // Sample 2's ranking keeps one model (delta): not a ranking any more, so the sample has no line.
    expect(sampleRows).toEqual([0, 1]);
    expect(batch.modelNames).toEqual(["alpha", "beta"]);
    expect(batch.pairwise.sample.length).toBe(0);
    expect(batch.ranking.sample.length).toBe(1);
    expect(batch.score.model.length).toBe(2);
  });

  it("gives the batch MeasurementBatchBuilder would, call by call, for every kind, key and model set", () => {
    // Tuples per sample row: scores on two metrics (one lower-is-better, one without a key), unit
    // tests, pairwise lines with and without p_a, rankings with tiers that a model set empties.
    const tuples: MeasurementTuple[][] = [];
    for (let row = 0; row < 8; row++) {
      const m = (k: number) => 1 + ((row + k) % 4);
      tuples.push([
        [row, "score", row % 3 ? "acc" : null, m(0), null, row / 8, row % 2 === 0, null, null],
        [row, "unit_test", "runs", m(1), null, (row * 7) % 3, true, null, null],
        [row, "pairwise", null, m(2), m(3), row % 2 ? 0.25 : null, true, (["a", "b", "tie"] as const)[row % 3], null],
        [row, "ranking", row % 2 ? "judge" : null, null, null, null, true, null, [[m(0)], [m(1), m(2)], [m(3)]]],
        [row, "score", "loss", m(3), null, -row, false, null, null],
      ] as MeasurementTuple[]);
    }
    const s = new MeasurementStore();
    tuples.forEach((t, row) => s.replace(row, t));
    const rows = [5, 0, 7, 2, 3, 1, 6, 4];
    for (const keep of [() => true, (id: number) => id !== 3, (id: number) => id === 1 || id === 4]) {
      const b = new MeasurementBatchBuilder();
      const models = new Map<number, number>();
      const model = (id: number) => {
        if (!models.has(id)) models.set(id, keep(id) ? b.model(name(id)) : -1);
        return models.get(id)!;
      };
      const sampleRows: number[] = [];
      for (const row of rows) {
        let sample = -1;
        for (const [, kind, key, a, bb, value, hib, winner, tiers] of tuples[row]) {
          const kept = tiers?.map((t) => t.filter(keep)).filter((t) => t.length > 0) ?? [];
          const adds = kind === "ranking" ? kept.flat().length >= 2 : model(a!) >= 0 && (kind !== "pairwise" || model(bb!) >= 0);
          if (!adds) continue;
          if (sample < 0) {
            sample = b.sample(labels.id(row), "b", []);
            sampleRows.push(row);
          }
          if (kind === "score") b.addScore(sample, model(a!), key ?? "score", value!, hib);
          else if (kind === "unit_test") b.addUnitTest(sample, model(a!), key ?? "criterion", value!);
          else if (kind === "pairwise") b.addPairwise(sample, model(a!), model(bb!), winner!, value ?? undefined);
          else b.addRanking(sample, kept.map((t) => t.map(name)), key ?? "ranking");
        }
      }
      const got = s.gather(rows, labels, name, keep);
      expect(got.sampleRows).toEqual(sampleRows);
      expect(got.batch).toEqual(b.build());
    }
  });
});

describe("MeasurementStore.changedSince", () => {
  const line = (value: number | null, tiers: number[][] | null = null, kind: MeasurementTuple[1] = "score"): MeasurementTuple =>
    [0, kind, kind === "ranking" ? "judge" : "acc", kind === "ranking" ? null : 1, null, value, true, null, tiers] as MeasurementTuple;

  it("counts a replace as a change only when a line differs", () => {
    const s = new MeasurementStore();
    s.replace(0, [line(1), line(null, [[1], [2, 3]], "ranking")]);
    const stamp = s.changeCount;
    // A read-model update re-reads recent samples: the same lines are no change.
    s.replace(0, [line(1), line(null, [[1], [2, 3]], "ranking")]);
    expect(s.changedSince(0, stamp)).toBe(false);
    for (const changed of [
      [line(0), line(null, [[1], [2, 3]], "ranking")],
      [line(0), line(null, [[1, 2], [3]], "ranking")],
      [line(0)],
      [line(NaN)],
    ]) {
      const before = s.changeCount;
      s.replace(0, changed);
      expect(s.changedSince(0, before)).toBe(true);
    }
    // NaN equals NaN here: the same missing value.
    const before = s.changeCount;
    s.replace(0, [line(NaN)]);
    expect(s.changedSince(0, before)).toBe(false);
  });
});

