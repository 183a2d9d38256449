// The start-up warm-up: after it, the overall leaderboard (the home page) is answered from the
// cache, compare's default fits and the model pages' pool fits are remembered, and the keyword index of the served read model is built; on an empty database it fails
// softly (logged), leaving the first requests to load as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { forgetLeaderboards } from "@/lib/leaderboard/compute";
import { overallLeaderboard } from "@/lib/leaderboard/live";
import { embeddedDemo, uploadLines } from "@/test/demo";
import { dataVersion } from "@/lib/db/data-version";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { forgetReadModel, heldReadModel, servingModel } from "@/lib/serving/current";
import { forgetPoolFits, poolFitsHeld } from "@/lib/models/pool-fits";
import { forgetSubsetFits, rememberedSubsetFits } from "@/lib/serving/subset-fit-cache";
import { keepWarm, warmServing } from "./warm";

let restoreEmbedder: () => void;

beforeAll(async () => {
  restoreEmbedder = await embeddedDemo();
  forgetReadModel();
  forgetLeaderboards();
  forgetSubsetFits();
  forgetPoolFits();
}, 300_000);
afterAll(async () => {
  restoreEmbedder();
  await closeDb();
});

describe("serving warm-up", () => {
  it("loads the read model and computes the overall leaderboard and compare's default before any request", async () => {
    const done = await warmServing();
    expect(done).not.toBeNull();
    const model = await servingModel();
    expect(done!.samples).toBe(model.samples.size);
    expect(model.samples.size).toBeGreaterThan(100);
    expect((await overallLeaderboard()).cached).toBe(true);
    // Compare's per-benchmark and per-tag fits of the top models are remembered for its first visitor.
    expect(rememberedSubsetFits()).toBeGreaterThan(0);
    // The model pages' fits over the whole pool too.
    expect(await poolFitsHeld()).toBe(true);
  });

  it("keeps warm: after a change is published, the process loads it without a request", async () => {
    await warmServing();
    const before = heldReadModel()!;
    const samples = before.samples.size;
    const warmed: number[] = [];
    const stop = keepWarm(50, await dataVersion(), (v) => warmed.push(v));
    try {
      await uploadLines([
        { type: "sample", id: "warm/1", benchmark: "warm-bench", input: "A question about tidal energy" },
        { type: "score", sample: "warm/1", model: "warm-model", metric: "accuracy", value: 1 },
      ]);
      await embedPendingSamples();
      const version = await dataVersion();
      const deadline = Date.now() + 60_000;
      while (!warmed.includes(version) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(warmed).toContain(version);
      // No request asked for it: the held model has the new sample, and the home page's leaderboard is ready.
      expect(heldReadModel()!.samples.size).toBe(samples + 1);
      expect(heldReadModel()!.samples.ids).toContain("warm/1");
      expect((await overallLeaderboard()).cached).toBe(true);
      expect(await poolFitsHeld()).toBe(true);
    } finally {
      stop();
    }
  }, 120_000);
});
