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
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { keepWarm, warmCode, warmRequests, warmServing } from "./warm";

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
    // The demo pool is embedded: capability queries can be answered, so its code warm-up may run.
    expect(done!.searchable).toBe(true);
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
    const stop = keepWarm(50, await dataVersion(), (v) => void warmed.push(v));
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

  it("warms the code: rounds of each kind of request sent to the process's own server, a new query each round, failures counted", async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? "");
      // The server's model pages fail here: counted, not retried.
      res.writeHead(req.url?.startsWith("/models/") ? 500 : 200).end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const done = await warmCode(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 3);
      expect(done.requests).toBe(21);
      expect(seen).toHaveLength(21);
      expect(done.failed).toBe(3);
      const kinds = (p: string) => p.replace(/\?.*/, "").replace(/^\/(samples|models)\/.*/, "/$1/x");
      expect(new Set(seen.map(kinds))).toEqual(new Set(["/api/leaderboard", "/api/samples", "/leaderboard", "/", "/compare", "/samples/x", "/models/x"]));
      // Each round's capability query is new, made of words the pool's index holds.
      const queries = [...new Set(seen.filter((p) => p.startsWith("/api/leaderboard")).map((p) => new URL(p, "http://x").searchParams.get("q")))];
      expect(queries).toHaveLength(3);
      const model = await servingModel();
      for (const p of seen.filter((x) => x.startsWith("/samples/"))) expect(model.samples.ids).toContain(p.slice("/samples/".length).split("/").map(decodeURIComponent).join("/"));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("warmRequests", () => {
  it("gives one request of each kind, sample ids with slashes kept as path segments", () => {
    const paths = warmRequests(0, ["alpha", "beta"], ["mmlu/1 a"], ["model x"]);
    expect(paths).toEqual(["/api/leaderboard?q=alpha%20beta", "/api/samples?q=alpha%20beta", "/leaderboard?q=alpha%20beta", "/", "/compare?q=alpha%20beta", "/samples/mmlu/1%20a", "/models/model%20x"]);
    // Without samples or models (an empty pool) only the query and home requests.
    expect(warmRequests(1, [], [], [])).toHaveLength(5);
  });
});
