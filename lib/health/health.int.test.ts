// The health check end to end on the embedded Postgres: a pool with planted faults (test/health-pool.ts)
// imported through the upload path, checked by the worker's job, read through the API routes, and a
// leaderboard that says what is flagged and leaves it out on request.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { resetDatabase } from "@/test/db";
import { uploadLines } from "@/test/demo";
import { DUPLICATES, plantedPool, WRONG_KEYS } from "@/test/health-pool";
import { GET as getBenchmarks } from "@/app/api/benchmarks/route";
import { GET as getCompare } from "@/app/api/compare/route";
import { GET as getBenchmark } from "@/app/api/benchmarks/[name]/route";
import { GET as getLeaderboard } from "@/app/api/leaderboard/route";
import { GET as getSample } from "@/app/api/samples/[...id]/route";
import { GET as getSamples } from "@/app/api/samples/route";
import { runHealthCheck } from "./job";
import type { ApiBenchmarkDetail, ApiBenchmarkHealth } from "./read";

type Params = Record<string, string | string[]>;
type Route = (req: NextRequest, ctx: { params: Promise<Params> }) => Promise<Response>;
async function call<T>(route: Route, url: string, params: Params = {}): Promise<{ status: number; body: T }> {
  const res = await route(new NextRequest(new URL(url, "http://localhost")), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as T };
}
const severe = (b: ApiBenchmarkHealth) => b.flags.filter((f) => f.severity !== "info").map((f) => f.code);

beforeAll(async () => {
  await resetDatabase();
  const report = await uploadLines(plantedPool());
  expect(report.status).toBe("done");
});
afterAll(() => closeDb());

describe("benchmark health", () => {
  it("answers 'pending' before the first check, then the job computes one run per data version", async () => {
    const before = await call<{ status: string; benchmarks: unknown[] }>(getBenchmarks, "/api/benchmarks");
    expect(before.body).toMatchObject({ status: "pending", benchmarks: [] });
    const run = await runHealthCheck();
    expect(run).toMatchObject({ status: "computed", dataVersion: await dataVersion(), benchmarks: 3 });
    expect(await runHealthCheck()).toEqual({ status: "current", dataVersion: await dataVersion() });
  });

  it("GET /api/benchmarks flags the DROP-like benchmark and the wrong keys, not the healthy one", async () => {
    const { status, body } = await call<{ status: string; benchmarks: ApiBenchmarkHealth[] }>(getBenchmarks, "/api/benchmarks");
    expect(status).toBe(200);
    expect(body.status).toBe("current");
    const by = Object.fromEntries(body.benchmarks.map((b) => [b.name, b]));
    expect(Object.keys(by)).toEqual(["arith", "drop-like", "trivia"]);
    expect(severe(by["drop-like"])).toEqual(expect.arrayContaining(["answer_normalisation", "floor"]));
    expect(by["drop-like"].severity).toBe("critical");
    expect(severe(by.trivia)).toContain("wrong_answer_keys");
    expect(severe(by.arith)).toEqual([]);
    expect(by.arith).toMatchObject({ n_samples: 120, n_models: 16, n_measurements: 120 * 16 });
    expect(by.arith.agreement!.tau).toBeGreaterThan(0.6);
    expect(by.arith.agreement!.ci[0]).toBeLessThanOrEqual(by.arith.agreement!.ci[1]);
  });

  it("GET /api/benchmarks/{name} lists flagged samples most suspicious first, with evidence", async () => {
    const { body } = await call<ApiBenchmarkDetail>(getBenchmark, "/api/benchmarks/trivia", { name: "trivia" });
    const ids = body.flagged_samples.map((s) => s.id);
    const wrong = ids.filter((id) => WRONG_KEYS.includes(id));
    expect(wrong.length).toBeGreaterThanOrEqual(6);
    expect(body.flagged_samples[0].flags[0].code).toBe("negative_discrimination");
    for (const id of DUPLICATES) expect(ids).toContain(id);
    const dup = body.flagged_samples.find((s) => s.id === DUPLICATES[0])!.flags.find((f) => f.code === "duplicate")!;
    expect(dup.message).toContain("across benchmarks");
    expect(body.coverage).toHaveLength(16);
    const drop = await call<ApiBenchmarkDetail>(getBenchmark, "/api/benchmarks/drop-like", { name: "drop-like" });
    expect(drop.body.flags.find((f) => f.code === "answer_normalisation")!.message).toMatch(/"[\d,.]+" for "\d+"/);
  });

  it("answers 404 for an unknown benchmark and 400 naming a bad parameter", async () => {
    expect((await call(getBenchmark, "/api/benchmarks/nope", { name: "nope" })).status).toBe(404);
    const bad = await call<{ error: { message: string } }>(getBenchmark, "/api/benchmarks/trivia?limit=0", { name: "trivia" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('"limit"');
  });

  it("GET /api/samples/{id} carries the sample's flags", async () => {
    const { body } = await call<{ flags: { code: string }[] }>(getSample, `/api/samples/${DUPLICATES[1]}`, { id: DUPLICATES[1].split("/") });
    expect(body.flags.map((f) => f.code)).toContain("duplicate");
    const healthy = await call<{ flags: unknown[] }>(getSample, "/api/samples/arith/60", { id: ["arith", "60"] });
    expect(healthy.body.flags).toEqual([]);
  });

  it("a leaderboard says what it contains that is flagged, and exclude_flagged=true leaves it out", async () => {
    type Lb = { n_samples: number; health: { flagged_benchmarks: { name: string; n_samples: number }[]; flagged_samples: { count: number }; excluded: { benchmarks: string[]; samples: number } | null } };
    const all = (await call<Lb>(getLeaderboard, "/api/leaderboard")).body;
    expect(all.n_samples).toBe(320);
    expect(all.health.flagged_benchmarks.map((b) => b.name)).toContain("drop-like");
    expect(all.health.flagged_samples.count).toBeGreaterThanOrEqual(6 + DUPLICATES.length);
    expect(all.health.excluded).toBeNull();
    const kept = (await call<Lb>(getLeaderboard, "/api/leaderboard?exclude_flagged=true")).body;
    const dropped = kept.health.excluded!;
    // drop-like goes whole; trivia (wrong keys are sample flags) loses only its flagged samples.
    expect(dropped.benchmarks).toEqual(["drop-like"]);
    expect(kept.n_samples).toBe(320 - dropped.samples);
    expect(dropped.samples).toBeGreaterThanOrEqual(80 + 6 + DUPLICATES.length);
    expect(dropped.samples).toBeLessThan(80 + 40);
    const bad = await call<{ error: { message: string } }>(getLeaderboard, "/api/leaderboard?exclude_flagged=yes");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('"exclude_flagged"');
  });

  it("compare with exclude_flagged=true compares over the leaderboard's kept samples (its per-benchmark bars leave out the flagged benchmark)", async () => {
    type Cmp = { n_samples: number; benchmarks: { name: string; n_samples: number }[]; disagreements: { benchmark: string }[] };
    const all = (await call<Cmp>(getCompare, "/api/compare")).body;
    expect(all.benchmarks.map((b) => b.name)).toContain("drop-like");
    const kept = (await call<Cmp>(getCompare, "/api/compare?exclude_flagged=true")).body;
    expect(kept.n_samples).toBeLessThan(all.n_samples);
    expect(kept.benchmarks.map((b) => b.name)).not.toContain("drop-like");
    expect(kept.benchmarks.reduce((n, b) => n + b.n_samples, 0)).toBe(kept.n_samples);
    expect(kept.disagreements.some((d) => d.benchmark === "drop-like")).toBe(false);
  });

  it("GET /api/samples with exclude_flagged=true leaves out what the leaderboard leaves out, and pages over what is kept", async () => {
    type List = { n_samples: number; samples: { id: string }[]; health: { flagged_samples: { count: number }; excluded: { benchmarks: string[]; samples: number; sample_ids: string[] } | null } };
    const all = (await call<List>(getSamples, "/api/samples?benchmark=trivia&limit=1000")).body;
    expect(all.n_samples).toBe(120);
    expect(all.health.excluded).toBeNull();
    expect(all.samples.map((s) => s.id)).toEqual(expect.arrayContaining([...WRONG_KEYS.slice(0, 1), DUPLICATES[1]]));
    const kept = (await call<List>(getSamples, "/api/samples?benchmark=trivia&exclude_flagged=true&limit=1000")).body;
    const excluded = kept.health.excluded!;
    expect(excluded.benchmarks).toEqual([]);
    expect(excluded.samples).toBe(all.health.flagged_samples.count);
    expect(kept.n_samples).toBe(120 - excluded.samples);
    const ids = new Set(kept.samples.map((s) => s.id));
    expect(ids.size).toBe(kept.n_samples);
    for (const id of excluded.sample_ids) expect(ids.has(id)).toBe(false);
    expect(WRONG_KEYS.filter((id) => !ids.has(id)).length).toBeGreaterThanOrEqual(6);
    expect(ids.has(DUPLICATES[1])).toBe(false);
    // A flagged benchmark goes whole, as on the leaderboard; paging counts only the kept samples.
    const drop = (await call<List>(getSamples, "/api/samples?benchmark=drop-like&exclude_flagged=true&limit=5&offset=0")).body;
    expect(drop).toMatchObject({ n_samples: 0, samples: [], health: { excluded: { benchmarks: ["drop-like"], samples: 80 } } });
    const page2 = (await call<List>(getSamples, "/api/samples?benchmark=trivia&exclude_flagged=true&limit=10&offset=10")).body;
    expect(page2.samples.map((s) => s.id)).toEqual(kept.samples.slice(10, 20).map((s) => s.id));
    const bad = await call<{ error: { message: string } }>(getSamples, "/api/samples?exclude_flagged=1");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('"exclude_flagged"');
  });

  it("a new upload makes the stored health stale until the next check", async () => {
    await uploadLines([{ type: "sample", id: "arith/new", benchmark: "arith", input: "A brand new arithmetic question?" }, { type: "score", sample: "arith/new", model: "model-03", metric: "accuracy", value: 1 }]);
    expect((await call<{ status: string }>(getBenchmarks, "/api/benchmarks")).body.status).toBe("stale");
    expect((await runHealthCheck()).status).toBe("computed");
    expect((await call<{ status: string }>(getBenchmarks, "/api/benchmarks")).body.status).toBe("current");
  });
});
