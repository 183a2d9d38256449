// Embedding spaces on the demo pool, through the embed job's own code: the first run fills the
// text space, a refit writes its vectors beside the active model's while searches keep answering
// from the active one until the flip, a switch interrupted before its flip rolls back, the data
// version moves once per completed run, and the image space (SigLIP not loadable here) holds nothing up.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { getEmbeddingSpace } from "@/lib/db/queries/embedding-spaces";
import { insertImages } from "@/lib/db/queries/images";
import { prepareImage } from "@/lib/images/prepare";
import { solidImage } from "@/lib/images/test-images";
import { reloadEnv } from "@/lib/env";
import { ensureDefaultLeaderboards } from "@/lib/leaderboard/defaults";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { refreshSnapshot } from "@/lib/leaderboard/refresh";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import { activeEmbedder, pendingEmbeddings } from "./active";
import { REFIT_GROWTH } from "./fallback-fit";
import { embedAllSpaces, embedPendingSamples, spacesWithEmbeddingWork, type EmbedProgress } from "./embed-pool";
import { retrieve, type Retrieval } from "@/lib/serving/retrieve";

const FIXTURE = fileURLToPath(new URL("../../test/fixtures/tiny-minilm", import.meta.url));
const BATCH = 100;
const DEMO_SAMPLES = 542;
/** Just enough new samples for the pool to outgrow the fallback's fit. */
const GROWTH = Math.ceil(DEMO_SAMPLES * (REFIT_GROWTH - 1));

async function modelCounts(): Promise<Record<string, number>> {
  const r = await pool().query<{ model: string; n: number }>(`SELECT model, count(*)::int AS n FROM embeddings WHERE space = 'text' GROUP BY model`);
  return Object.fromEntries(r.rows.map((row) => [row.model, row.n]));
}

/** As if the worker had fetched their image_url: one stored picture for these samples. */
async function storeImageFor(ids: string[]): Promise<void> {
  const img = await prepareImage(await solidImage("png"));
  await insertImages([img], null);
  await pool().query(`UPDATE samples SET image_sha256 = $1 WHERE id = ANY($2::text[])`, [img.sha256, ids]);
}

const search = (q: string): Promise<Retrieval> => retrieve(leaderboardQuerySchema.parse({ q, k: "20" }));

/** The process tries MiniLM once; a test that changes EMBEDDER must let it try again. */
function configure(vars: { EMBEDDER: string; EMBEDDINGS_MODEL_DIR?: string }) {
  process.env.EMBEDDER = vars.EMBEDDER;
  if (vars.EMBEDDINGS_MODEL_DIR) process.env.EMBEDDINGS_MODEL_DIR = vars.EMBEDDINGS_MODEL_DIR;
  else delete process.env.EMBEDDINGS_MODEL_DIR;
  reloadEnv();
  delete (globalThis as { __portalEmbedder?: { minilm?: unknown } }).__portalEmbedder!.minilm;
}

const sampleLine = (id: string, input: string, extra: object = {}) => ({ type: "sample", id, benchmark: "spaces-test", input, tags: ["spaces"], ...extra });

let first = "";

beforeAll(async () => {
  configure({ EMBEDDER: "fallback" });
  await resetDatabase();
  await importDemo();
  await ensureDefaultLeaderboards();
});
afterAll(async () => {
  configure({ EMBEDDER: "auto" });
  await closeDb();
});

describe("embedding spaces", () => {
  it("the first run fills the text space directly and moves the data version once, not once per batch", async () => {
    const v0 = await dataVersion();
    const progress: EmbedProgress[] = [];
    const run = await embedPendingSamples((p) => void progress.push(p), { batchSize: BATCH });
    first = run.embedder!;
    expect(run).toMatchObject({ space: "text", fitted: true, embedded: DEMO_SAMPLES, flipped: false, dataVersion: v0 + 1, removed: 0 });
    expect(progress).toHaveLength(Math.ceil(DEMO_SAMPLES / BATCH));
    expect(progress.at(-1)).toEqual({ space: "text", embedded: DEMO_SAMPLES, remaining: 0 });
    expect(await dataVersion()).toBe(v0 + 1);
    expect(await getEmbeddingSpace("text")).toMatchObject({ activeModel: first, buildingModel: null, dim: 384 });
    expect(await modelCounts()).toEqual({ [first]: DEMO_SAMPLES });
    expect(await pendingEmbeddings()).toBe(0);

    const again = await embedPendingSamples(undefined, { batchSize: BATCH });
    expect(again).toMatchObject({ embedder: first, fitted: false, embedded: 0, dataVersion: null });
    expect(await dataVersion()).toBe(v0 + 1);
  });

  it("a refit writes its vectors beside the active model's; searches answer from the active model until the flip", async () => {
    const before = await search("antibodies");
    expect(before.embedder).toBe(first);
    expect(before.samples.length).toBeGreaterThan(0);
    const lines = Array.from({ length: GROWTH }, (_, i) => sampleLine(`spaces/grow-${i}`, `Question ${i} about enzyme kinetics and reaction rates, case ${i % 7}`));
    expect((await uploadLines(lines)).counts.samples_new).toBe(GROWTH);
    const published = await dataVersion();
    expect(await pendingEmbeddings()).toBe(GROWTH);

    let during: { building: string | null; counts: Record<string, number>; search: Retrieval; version: number } | null = null;
    const run = await embedPendingSamples(
      async () => {
        if (during) return;
        const space = await getEmbeddingSpace("text");
        expect(space.activeModel).toBe(first);
        during = { building: space.buildingModel, counts: await modelCounts(), search: await search("antibodies"), version: await dataVersion() };
      },
      { batchSize: BATCH },
    );
    const refit = run.embedder!;
    expect(refit).not.toBe(first);
    expect(run).toMatchObject({ fitted: true, embedded: DEMO_SAMPLES + GROWTH, flipped: true, dataVersion: published + 1, removed: DEMO_SAMPLES });
    // Mid-build: the old vectors all there, the new ones beside them, and the same answers.
    expect(during!.building).toBe(refit);
    expect(during!.counts).toEqual({ [first]: DEMO_SAMPLES, [refit]: BATCH });
    expect(during!.search.embedder).toBe(first);
    expect(during!.search.samples).toEqual(before.samples);
    expect(during!.version).toBe(published);
    // After the flip: only the new model, its fit the only one stored, searches on it.
    expect(await getEmbeddingSpace("text")).toMatchObject({ activeModel: refit, buildingModel: null });
    expect(await modelCounts()).toEqual({ [refit]: DEMO_SAMPLES + GROWTH });
    expect((await pool().query(`SELECT name FROM embedder_state`)).rows).toEqual([{ name: refit }]);
    expect((await search("antibodies")).embedder).toBe(refit);
    expect(await dataVersion()).toBe(published + 1);
  });

  it("a switch interrupted before its flip keeps the active model answering; switching back rolls it back", async () => {
    const refit = (await getEmbeddingSpace("text")).activeModel!;
    const before = await search("antibodies");
    const v = await dataVersion();

    configure({ EMBEDDER: "minilm", EMBEDDINGS_MODEL_DIR: FIXTURE });
    const killed = embedPendingSamples(
      () => {
        throw new Error("worker killed");
      },
      { batchSize: BATCH },
    );
    await expect(killed).rejects.toThrow("worker killed");
    const minilm = "minilm:tiny-minilm-fixture";
    expect(await getEmbeddingSpace("text")).toMatchObject({ activeModel: refit, buildingModel: minilm });
    expect(await modelCounts()).toEqual({ [refit]: DEMO_SAMPLES + GROWTH, [minilm]: BATCH });
    expect((await activeEmbedder()).name).toBe(refit);
    const during = await search("antibodies");
    expect([during.embedder, during.samples]).toEqual([refit, before.samples]);
    expect(during.embedderReason).toContain(`searches use ${refit} until ${minilm} is built beside it`);
    expect(await pendingEmbeddings()).toBe(0);
    expect(await spacesWithEmbeddingWork()).toEqual(["text"]);

    configure({ EMBEDDER: "fallback" });
    const rollback = await embedPendingSamples(undefined, { batchSize: BATCH });
    expect(rollback).toMatchObject({ embedder: refit, embedded: 0, flipped: false, dataVersion: null, removed: BATCH });
    expect(await getEmbeddingSpace("text")).toMatchObject({ activeModel: refit, buildingModel: null });
    expect(await modelCounts()).toEqual({ [refit]: DEMO_SAMPLES + GROWTH });
    expect(await dataVersion()).toBe(v);
    expect(await spacesWithEmbeddingWork()).toEqual([]);
  });

  it("the image space, without SigLIP, holds up neither text retrieval nor snapshot refreshes", async () => {
    const images = [0, 1, 2].map((i) => sampleLine(`spaces/image-${i}`, `Describe the antibody in figure ${i}`, { image_url: `https://example.org/fig-${i}.png` }));
    await uploadLines(images);
    expect(await pendingEmbeddings("image")).toBe(0);
    await storeImageFor(images.map((l) => l.id));
    expect(await pendingEmbeddings("image")).toBe(3);
    expect(await pendingEmbeddings("text")).toBe(3);

    const runs = await embedAllSpaces();
    expect(runs.map((r) => [r.space, r.embedded])).toEqual([["image", 0], ["text", 3]]);
    expect(await pendingEmbeddings("text")).toBe(0);
    expect(await pendingEmbeddings("image")).toBe(3);
    expect(await spacesWithEmbeddingWork()).toEqual([]);
    expect((await search("antibodies")).samples.length).toBeGreaterThan(0);
    expect(await refreshSnapshot("antibodies")).toMatchObject({ status: "refreshed" });
  });

  it("a sample's vectors follow its content: a new input drops its text vector, a new image does not", async () => {
    const line = sampleLine("spaces/image-0", "Describe the antibody in figure 0", { image_url: "https://example.org/fig-0-v2.png" });
    expect((await uploadLines([line])).counts.samples_updated).toBe(1);
    expect(await pendingEmbeddings("text")).toBe(0);
    await uploadLines([{ ...line, input: "Describe the antigen in figure 0" }]);
    expect(await pendingEmbeddings("text")).toBe(1);
    expect(await refreshSnapshot("antibodies")).toEqual({ status: "waiting-for-embeddings" });
  });
});
