// The read model against the database on the demo data: the in-memory kNN returns the same samples
// (same order, same similarities) as the SQL exact scan, filters select the same samples, the
// gathered batch equals one built from the SQL load, and an incremental update after uploads
// (new samples, superseded measurements, changed sample content) equals a full reload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { filterSamples } from "@/lib/db/queries/embeddings-search";
import { loadVisibleMeasurements } from "@/lib/db/queries/measurements";
import { activeEmbedder } from "@/lib/retrieval/active";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { parseMetadataFilters, searchSamples, type RetrievedSample } from "@/lib/retrieval/search";
import { selectionSchema } from "@/lib/selection/schema";
import { embeddedDemo, uploadLines } from "@/test/demo";
import { gatherBatch } from "./gather";
import { lexicalFor } from "./lexical-store";
import { loadReadModel, updateReadModel, type ReadModel } from "./read-model";
import { searchReadModel } from "./search";

let model: ReadModel;
let restoreEmbedder: () => void;

beforeAll(async () => {
  restoreEmbedder = await embeddedDemo();
  model = await loadReadModel();
});

afterAll(async () => {
  restoreEmbedder();
  await closeDb();
});

type Params = Record<string, string | string[]>;

async function bothPaths(params: Params, k: number) {
  const selection = selectionSchema.parse(params);
  const meta = parseMetadataFilters(selection.meta);
  const active = await activeEmbedder();
  const [vector] = await active.embedder!.embed([selection.q!]);
  const sql = await searchSamples({ selection, meta, queryVector: Float32Array.from(vector), embedderName: active.name!, k });
  const filters = { benchmark: selection.benchmark, task: selection.task, tag: selection.tag, meta };
  const query = { vector: Float32Array.from(vector), space: "text", model: active.name!, dim: vector.length };
  const mine = await searchReadModel(model, { filters, k, threshold: selection.threshold, query });
  return { sql: sql.samples, mine };
}

/**
 * The embedded database runs pgvector compiled to WASM, which sums in order as knn.ts does: the
 * answers are bit-identical. A native server's pgvector is built with vectorised float sums
 * (another summation order): similarities agree to ~1e-7, so they are compared to 5e-6 there.
 */
function expectSameAnswer(mine: RetrievedSample[], sql: RetrievedSample[]): void {
  if (process.env.TEST_DB !== "native") {
    expect(mine).toEqual(sql);
    return;
  }
  expect(new Set(mine.map((s) => s.pk))).toEqual(new Set(sql.map((s) => s.pk)));
  mine.forEach((s, i) => expect(s.similarity!).toBeCloseTo(sql[i].similarity!, 5));
}

describe("read model kNN", () => {
  it.each<[Params, number]>([
    [{ q: "antibody immune response" }, 50],
    [{ q: "antibody immune response" }, 10_000],
    [{ q: "python list comprehension", tag: "programming" }, 20],
    [{ q: "river delta erosion", threshold: "0.2" }, 200],
    [{ q: "drug interaction dosage", meta: ["difficulty:hard", "difficulty:medium"], benchmark: ["demo-med-qa", "demo-bio-qa"] }, 30],
    [{ q: "contract law breach", task: "multiple-choice QA", meta: ["language:en"] }, 5],
    [{ q: "contract law breach", meta: ["difficulty:nonexistent"] }, 5],
  ])("%o, k=%i: the same samples, order and similarities as the SQL exact scan", async (params, k) => {
    const { sql, mine } = await bothPaths(params, k);
    if (!params.meta?.includes("difficulty:nonexistent")) expect(sql.length).toBeGreaterThan(0);
    expectSameAnswer(mine, sql);
  });

  it("holds the text vectors as halves (rounded when written): the answers above come from the half kernel", async () => {
    const stores = await Promise.all([...model.spaces.values()]);
    expect(stores.length).toBeGreaterThan(0);
    for (const store of stores) {
      expect(store.vectors.half).toBe(true);
      expect(store.vectors.bytes).toBe(store.vectors.rows * store.dim * 2);
    }
  });

  it("selects the same samples as SQL without a query text, by pk, up to k", async () => {
    for (const params of [{}, { tag: ["law", "biology"] }, { benchmark: "demo-chat-arena", meta: "source:demo" }, { task: "nope" }] as Params[]) {
      const s = selectionSchema.parse(params);
      const filters = { benchmark: s.benchmark, task: s.task, tag: s.tag, meta: parseMetadataFilters(s.meta) };
      for (const k of [7, 1_000_000]) {
        const mine = await searchReadModel(model, { filters, k });
        expect(mine.map((r) => r.pk)).toEqual(await filterSamples(filters, k));
      }
    }
  });
});

/** Visible measurements of these samples by the SQL visibility rule (lib/db/visibility.ts). */
async function measurementCount(pks: number[]): Promise<number> {
  return (await loadVisibleMeasurements(pks)).length;
}

describe("read model measurements", () => {
  it("gathers every visible measurement of the selected samples", async () => {
    const pks = await filterSamples({ benchmark: [], task: [], tag: [], meta: [] }, 1e7);
    const { batch, samplePks } = gatherBatch(model, pks);
    expect(samplePks.length).toBe(pks.length);
    expect(model.measurements.rows).toBe(await measurementCount(pks));
    expect(batch.nSamples).toBe(pks.length);
  });

  it("after uploads, an incremental update equals a full reload", async () => {
    const before = model.version;
    const arena = (await filterSamples({ benchmark: ["demo-chat-arena"], task: [], tag: [], meta: [] }, 1))[0];
    expect(gatherBatch(model, [arena]).batch.nSamples).toBe(1);
    await lexicalFor(model); // built before the update: the update reuses its unchanged samples' terms
    await uploadLines([
      { type: "sample", id: "fresh/1", benchmark: "fresh", input: "A new question about glaciers", tags: ["geo"], metadata: { difficulty: "hard" } },
      { type: "score", sample: "fresh/1", model: "fresh-model", metric: "accuracy", value: 1 },
      { type: "score", sample: "demo-bio-qa/0001", model: model.models.get(1)!, metric: "accuracy", value: 0.25 },
      { type: "sample", id: "demo-bio-qa/0002", benchmark: "demo-bio-qa", input: "Which immunoglobulin crosses the placenta?", tags: ["biology", "changed"] },
    ]);
    await embedPendingSamples();
    expect(await updateReadModel(model)).toBe(true);
    expect(model.version).toBeGreaterThan(before);
    const fresh = await loadReadModel();
    const all = await filterSamples({ benchmark: [], task: [], tag: [], meta: [] }, 1e7);
    expect(gatherBatch(model, all)).toEqual(gatherBatch(fresh, all));
    expect(model.measurements.rows).toBe(await measurementCount(all));
    const tagged = { benchmark: [], task: [], tag: ["changed"], meta: [] };
    expect((await searchReadModel(model, { filters: tagged, k: 10 })).length).toBe(1);
    // The lexical index after the update (new sample, changed text and tags) equals a fresh build.
    const [updated, rebuilt] = await Promise.all([lexicalFor(model), lexicalFor(fresh)]);
    const changedRow = model.samples.ids.indexOf("demo-bio-qa/0002");
    expect(changedRow).toBeGreaterThanOrEqual(0);
    for (const terms of [["immunoglobulin", "placenta"], ["glacier"], ["changed"], ["antibody"]]) {
      expect(Array.from(updated.score(terms))).toEqual(Array.from(rebuilt.score(terms)));
    }
    expect(updated.score(["immunoglobulin"])[changedRow]).toBeGreaterThan(0);
    expect(updated.explain(changedRow, ["changed", "placenta"])).toEqual(rebuilt.explain(changedRow, ["changed", "placenta"]));
    const { sql, mine } = await bothPaths({ q: "glaciers placenta immunoglobulin" }, 40);
    expectSameAnswer(mine, sql);
  });

  it("a version that changes no sample's text or labels keeps the lexical index; a new sample does not", async () => {
    const index = await lexicalFor(model);
    await uploadLines([{ type: "score", sample: "demo-bio-qa/0001", model: "fresh-model", metric: "accuracy", value: 0 }]);
    expect(await updateReadModel(model)).toBe(true);
    expect(await lexicalFor(model)).toBe(index);
    await uploadLines([
      { type: "sample", id: "fresh/2", benchmark: "fresh", input: "Another question about moraines", tags: ["geo"] },
      { type: "score", sample: "fresh/2", model: "fresh-model", metric: "accuracy", value: 1 },
    ]);
    expect(await updateReadModel(model)).toBe(true);
    const grown = await lexicalFor(model);
    expect(grown).not.toBe(index);
    expect(grown.size).toBe(index.size + 1);
    expect(grown.score(["moraine"])[model.samples.ids.indexOf("fresh/2")]).toBeGreaterThan(0);
  });

  it("builds started back to back for two versions run one after the other, the last equal to a fresh build", async () => {
    await uploadLines([{ type: "sample", id: "fresh/3", benchmark: "fresh", input: "A question about fjords", tags: ["geo"] }]);
    expect(await updateReadModel(model)).toBe(true);
    const first = lexicalFor(model); // not awaited: the next version's build starts meanwhile
    await uploadLines([{ type: "sample", id: "fresh/2", benchmark: "fresh", input: "Moraines and drumlins, rewritten", tags: ["geo", "rewritten"] }]);
    expect(await updateReadModel(model)).toBe(true);
    const [, last, rebuilt] = await Promise.all([first, lexicalFor(model), lexicalFor(await loadReadModel())]);
    for (const terms of [["fjord"], ["drumlin"], ["moraine"], ["rewritten"], ["glacier"]]) {
      expect(Array.from(last.score(terms))).toEqual(Array.from(rebuilt.score(terms)));
    }
    expect(last.score(["drumlin"])[model.samples.ids.indexOf("fresh/2")]).toBeGreaterThan(0);
  });
});
