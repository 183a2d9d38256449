// The carried-over batch, groups and choice events (./incremental-batch.ts) equal the cold
// computation's, array for array, across uploads on a generated pool: new results of a new model
// on the first sample, changed results of existing models, new samples with a new model and a new
// metric, a model losing its first sample, an old model's first result on an earlier sample, and a
// selection that drops samples. The ranking computed from them is then the cold one too.
import { beforeEach, describe, expect, it } from "vitest";
import type { MeasurementTuple, SampleTuple } from "@/lib/db/queries/read-model";
import { prepareBatch, rank } from "@/lib/ranking/leaderboard";
import { seeded } from "@/test/seeded";
import { gatherBatch } from "./gather";
import { forgetIncrementalBatch, gatherPrepared } from "./incremental-batch";
import { ReadModel } from "./read-model";

const MODELS = 12;
const METRICS = ["accuracy", "f1"];

function pool(samples: number) {
  const model = new ReadModel({ dataVersion: 1, versionAt: new Date(0), maxSeq: 0, pending: [], readAt: new Date(0) });
  model.models = new Map(Array.from({ length: MODELS + 3 }, (_, i) => [i + 1, `model-${String(i + 1).padStart(2, "0")}`]));
  const rand = seeded(7);
  const pick = (n: number) => Math.floor(((rand() + 1) / 2) * n);
  /** A sample's lines: scores of a few models (ties, a replaced line, lower-is-better), a unit test, a pairwise line. */
  const lines = (pk: number, models: number[]): MeasurementTuple[] => {
    const out: MeasurementTuple[] = [];
    const metric = METRICS[pk % 2];
    for (const m of models) out.push([pk, "score", metric, m, null, pick(4) / 4, pk % 7 !== 0, null, null]);
    if (pk % 5 === 0) out.push([pk, "score", metric, models[0], null, 0.5, pk % 7 !== 0, null, null]);
    if (pk % 3 === 0) for (const m of models.slice(0, 3)) out.push([pk, "unit_test", "passes", m, null, pick(2), true, null, null]);
    if (pk % 4 === 0 && models.length > 1) out.push([pk, "pairwise", null, models[1], models[0], pk % 8 === 0 ? 0.7 : null, true, pk % 3 === 0 ? "tie" : "a", null]);
    if (pk % 29 === 0) out.push([pk, "pairwise", null, models[0], models[0], null, true, "a", null]);
    return out;
  };
  const someModels = (k: number) => [...new Set(Array.from({ length: k }, () => 1 + pick(MODELS)))];
  const modelsOf = new Map<number, number[]>();
  const add = (pk: number, models: number[], extra: MeasurementTuple[] = []) => {
    modelsOf.set(pk, models);
    const sample: SampleTuple = [pk, `s-${pk}`, `bench-${pk % 3}`, null, [`tag-${pk % 4}`], null, null, false];
    const row = model.samples.upsert(sample);
    model.measurements.replace(row, [...lines(pk, models), ...extra]);
  };
  for (let pk = 1; pk <= samples; pk++) add(pk, someModels(5));
  /** Sample pk's lines as generated, with `extra` after them. */
  const original = (pk: number, extra: MeasurementTuple[] = []) => [...lines(pk, modelsOf.get(pk)!), ...extra];
  return { model, add, someModels, lines, original };
}

const pksOf = (model: ReadModel) => Array.from(model.samples.pk.data.subarray(0, model.samples.size));

/** The carried computation and the cold one for the same selection. */
function both(model: ReadModel, pks: number[]) {
  const carried = gatherPrepared(model, pks, "all");
  const cold = gatherBatch(model, pks);
  return { carried, cold: { ...cold, prepared: prepareBatch(cold.batch) } };
}

function expectSame(model: ReadModel, pks: number[], carried: boolean) {
  const out = both(model, pks);
  expect(out.carried.carried).toBe(carried);
  expect(out.carried.batch).toEqual(out.cold.batch);
  expect(out.carried.samplePks).toEqual(out.cold.samplePks);
  expect(out.carried.prepared.groups).toEqual(out.cold.prepared.groups);
  expect(out.carried.prepared.choices).toEqual(out.cold.prepared.choices);
  const opts = { prior: 1 };
  expect(rank("plackett-luce", out.carried.batch, { ...opts, prepared: out.carried.prepared })).toEqual(rank("plackett-luce", out.cold.batch, opts));
}

describe("gatherPrepared", () => {
  beforeEach(forgetIncrementalBatch);

  it("carries the batch, groups and choice events over uploads exactly as a cold computation makes them", () => {
    const { model, add, lines, original } = pool(400);
    expectSame(model, pksOf(model), false);
    // Nothing changed: the same computation.
    expectSame(model, pksOf(model), true);

    // A new model's result on the first sample: it is numbered among that sample's models, every later model moves up one.
    const row1 = model.samples.rowOf.get(1);
    model.measurements.replace(row1, original(1, [[1, "score", METRICS[1], MODELS + 1, null, 1, true, null, null]]));
    expectSame(model, pksOf(model), true);

    // Changed results of existing models on a few samples: other values, then a model added to
    // late samples and one left out of them (models seen earlier in the pool).
    const revalue = (l: MeasurementTuple) => (l[1] === "score" ? ([...l.slice(0, 5), 0.25, ...l.slice(6)] as MeasurementTuple) : l);
    for (const pk of [2, 50, 51, 199, 300]) model.measurements.replace(model.samples.rowOf.get(pk), original(pk).map(revalue));
    expectSame(model, pksOf(model), true);
    for (const pk of [350, 351, 399]) model.measurements.replace(model.samples.rowOf.get(pk), lines(pk, [4, 9, 1]));
    expectSame(model, pksOf(model), true);

    // New samples: existing models, a new one, a new metric.
    for (let pk = 401; pk <= 420; pk++) add(pk, [2, 7, MODELS + 2], pk === 410 ? [[pk, "score", "bleu", 2, null, 0.3, true, null, null]] : []);
    expectSame(model, pksOf(model), true);

    // A sample's content changed (its labels), its results not.
    model.samples.upsert([77, "s-77", "bench-renamed", null, ["tag-new"], null, null, false]);
    expectSame(model, pksOf(model), true);

    // A selection without some later samples, then with them again.
    const some = pksOf(model).filter((pk) => pk < 100 || pk % 10 !== 3);
    expectSame(model, some, true);
    expectSame(model, pksOf(model), true);
  });

  it("carries each selection over from its own last computation", () => {
    const { model, original } = pool(200);
    const all = pksOf(model);
    const few = all.filter((pk) => pk % 7 === 1);
    expectSame(model, all, false);
    expect(gatherPrepared(model, few, "few").carried).toBe(false);
    model.measurements.replace(model.samples.rowOf.get(8), original(8, [[8, "score", METRICS[0], MODELS + 1, null, 1, true, null, null]]));
    // The whole pool's is carried over from its own, not from the smaller selection computed since.
    expectSame(model, all, true);
    expect(gatherPrepared(model, few, "few").carried).toBe(true);
    // Pinned, it outlives any number of other selections; unpinned ones go, oldest first.
    gatherPrepared(model, all, "pinned", true);
    for (let k = 0; k < 5; k++) gatherPrepared(model, all.filter((pk) => pk % 5 !== k), `other-${k}`);
    expect(gatherPrepared(model, all, "pinned", true).carried).toBe(true);
    expect(gatherPrepared(model, all.filter((pk) => pk % 5 !== 4), "other-4").carried).toBe(true);
    expect(gatherPrepared(model, all.filter((pk) => pk % 5 !== 0), "other-0").carried).toBe(false);
  });

  it("computes cold when the numbering cannot be carried over, and equals the cold computation either way", () => {
    const { model, lines, original } = pool(300);
    expectSame(model, pksOf(model), false);
    // The new model of sample 1 is then left out of it: where it is first seen needs a pass over the pool.
    const row1 = model.samples.rowOf.get(1);
    model.measurements.replace(row1, original(1, [[1, "score", METRICS[1], MODELS + 1, null, 1, true, null, null]]));
    model.measurements.replace(model.samples.rowOf.get(250), lines(250, [MODELS + 1, 2]));
    expectSame(model, pksOf(model), true);
    model.measurements.replace(row1, original(1));
    expectSame(model, pksOf(model), false);
    // A model first seen late, then on the first sample: old models would change order.
    model.measurements.replace(model.samples.rowOf.get(280), original(280, [[280, "score", METRICS[0], MODELS + 3, null, 0.5, true, null, null]]));
    expectSame(model, pksOf(model), true);
    model.measurements.replace(row1, original(1, [[1, "score", METRICS[1], MODELS + 3, null, 0.5, true, null, null]]));
    expectSame(model, pksOf(model), false);
    expectSame(model, pksOf(model), true);
    // Ranking lines are not carried over...
    model.measurements.replace(model.samples.rowOf.get(5), [[5, "ranking", null, null, null, null, true, null, [[1], [2, 3]]]]);
    expectSame(model, pksOf(model), false);
    // ...unless none of the selection's lines was touched since: then it is the same batch object.
    const before = gatherPrepared(model, pksOf(model), "all").batch;
    expect(gatherPrepared(model, pksOf(model), "all").batch).toBe(before);
    // A sample added without lines touches none either.
    model.measurements.replace(model.samples.upsert([401, "s-401", "bench-1", null, [], null, null, false]), []);
    expectSame(model, pksOf(model), true);
    // A touched line among ranking lines: cold again.
    model.measurements.replace(model.samples.rowOf.get(250), lines(250, [2, 3]));
    expectSame(model, pksOf(model), false);
  });
});
