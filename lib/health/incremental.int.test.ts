// Incremental health checks on the embedded Postgres: after an upload that touches one benchmark,
// the others keep the previous run's per-benchmark results (same checks marker, same flags) while
// the touched one and the pool-wide agreement are recomputed; a full recompute agrees with what
// was carried.
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { dataVersion } from "@/lib/db/data-version";
import { resetDatabase } from "@/test/db";
import { uploadLines } from "@/test/demo";
import { MODELS, plantedPool } from "@/test/health-pool";
import { GET as getBenchmarks } from "@/app/api/benchmarks/route";
import { GET as getBenchmark } from "@/app/api/benchmarks/[name]/route";
import { runHealthCheck } from "./job";
import type { ApiBenchmarkDetail, ApiBenchmarkHealth } from "./read";

async function list(): Promise<Record<string, ApiBenchmarkHealth>> {
  const res = await getBenchmarks(new NextRequest(new URL("http://localhost/api/benchmarks")), { params: Promise.resolve({}) });
  const body = (await res.json()) as { benchmarks: ApiBenchmarkHealth[] };
  return Object.fromEntries(body.benchmarks.map((b) => [b.name, b]));
}
async function detail(name: string): Promise<ApiBenchmarkDetail> {
  const res = await getBenchmark(new NextRequest(new URL(`http://localhost/api/benchmarks/${name}?limit=1000`)), { params: Promise.resolve({ name }) });
  return (await res.json()) as ApiBenchmarkDetail;
}
/** What a benchmark's per-benchmark checks decided: flags and flagged samples with their flags. */
const decided = (d: ApiBenchmarkDetail) => ({ flags: d.flags, flagged: d.flagged_samples, coverage: d.coverage, n_models: d.n_models });

beforeAll(async () => {
  await resetDatabase();
  expect((await uploadLines(plantedPool())).status).toBe("done");
});
afterAll(() => closeDb());

describe("incremental health checks", () => {
  it("an upload to one benchmark recomputes it and carries the others forward", async () => {
    const first = await runHealthCheck();
    expect(first).toMatchObject({ status: "computed", carried: [] });
    const before = await list();
    const triviaBefore = decided(await detail("trivia"));
    for (const b of Object.values(before)) expect(b.checks).toEqual({ data_version: first.status === "computed" ? first.dataVersion : -1, computed_at: expect.any(String) });

    const lines: object[] = [{ type: "sample", id: "arith/late", benchmark: "arith", input: "A late arithmetic question: what is 6 times 7?", reference: "42" }];
    MODELS.forEach((model, m) => lines.push({ type: "score", sample: "arith/late", model, metric: "accuracy", value: m % 2 }));
    expect((await uploadLines(lines)).status).toBe("done");
    const second = await runHealthCheck();
    expect(second).toMatchObject({ status: "computed", dataVersion: await dataVersion(), carried: ["drop-like", "trivia"] });
    const after = await list();
    for (const name of ["drop-like", "trivia"]) expect(after[name].checks).toEqual(before[name].checks);
    expect(after.arith.checks!.data_version).toBe(await dataVersion());
    expect(after.arith.checks!.computed_at > before.arith.checks!.computed_at).toBe(true);
    expect(after.arith.n_samples).toBe(121);
    // Agreement is pool-wide: every benchmark's is this run's.
    for (const b of Object.values(after)) expect(b.computed_at > before[b.name].computed_at).toBe(true);
    expect(decided(await detail("trivia"))).toEqual(triviaBefore);

    // A full recompute decides what was carried.
    const full = await runHealthCheck({ force: true, full: true });
    expect(full).toMatchObject({ status: "computed", carried: [] });
    expect(decided(await detail("trivia"))).toEqual(triviaBefore);
    expect((await list()).trivia.checks!.computed_at > before.trivia.checks!.computed_at).toBe(true);
  });
});
