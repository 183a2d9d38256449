// The start-up warm-up: after it, the overall leaderboard (the home page) is answered from the
// cache, compare's default fits are remembered, and the keyword index of the served read model is built; on an empty database it fails
// softly (logged), leaving the first requests to load as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { forgetLeaderboards } from "@/lib/leaderboard/compute";
import { overallLeaderboard } from "@/lib/leaderboard/live";
import { embeddedDemo } from "@/test/demo";
import { forgetReadModel, servingModel } from "@/lib/serving/current";
import { forgetSubsetFits, rememberedSubsetFits } from "@/lib/serving/subset-fit-cache";
import { warmServing } from "./warm";

let restoreEmbedder: () => void;

beforeAll(async () => {
  restoreEmbedder = await embeddedDemo();
  forgetReadModel();
  forgetLeaderboards();
  forgetSubsetFits();
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
  });
});
