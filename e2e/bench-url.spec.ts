import { expect, test } from "./fixtures";
import { readPortalPool, trafficMix } from "../scripts/lib/load-traffic";

// `npm run bench:load -- --url BASE` measures a running portal with traffic read from its own API
// (scripts/lib/load-traffic.ts readPortalPool): on the demo pool, the words, sample ids and models it
// reads make requests of every kind that the portal answers with 200, as a crowd's would be.
test("bench:load --url: the traffic read from a running portal's API is answered", async ({ request, baseURL }) => {
  const pool = await readPortalPool(baseURL!, 5);
  const models = (await (await request.get("/api/leaderboard")).json()).models.map((m: { model: string }) => m.model);
  expect(pool.models).toEqual(models);
  expect(pool.words.length).toBeGreaterThan(50);
  expect(pool.sampleIds.length).toBeGreaterThan(50);
  expect(new Set(pool.sampleIds).size).toBe(pool.sampleIds.length);
  for (const m of trafficMix(pool, 1)) {
    const path = m.path();
    expect((await request.get(path)).status(), `${m.kind}: ${path}`).toBe(200);
  }
  await expect(readPortalPool(new URL("/no-such-api/", baseURL!).href)).rejects.toThrow(/HTTP 404|counts.samples/);
});
