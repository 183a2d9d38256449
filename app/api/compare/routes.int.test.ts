// The evidence routes over HTTP semantics: status codes, the error body, and parameter validation
// (GET /api/samples, /api/samples/{id}, /api/compare, /api/models/{name}) on the demo data.
import path from "node:path";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { importFile } from "@/lib/ingest";
import { demoSummary, plantedLeader } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { GET as compare } from "./route";
import { GET as samples } from "../samples/route";
import { GET as sample } from "../samples/[...id]/route";
import { GET as model } from "../models/[name]/route";

const GENERALIST = plantedLeader("overall");
const LAWYER = plantedLeader("law");
const req = (url: string) => new NextRequest(new URL(url, "http://localhost"));
const ctx = (params: Record<string, string | string[]>) => ({ params: Promise.resolve(params) });

beforeAll(async () => {
  await resetDatabase();
  expect((await importFile(path.resolve("data/demo/demo.jsonl.gz"))).status).toBe("done");
});

describe("evidence routes", () => {
  it("GET /api/samples lists and validates", async () => {
    const ok = await samples(req("/api/samples?benchmark=demo-law-mc&limit=3"), ctx({}));
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body).toMatchObject({ n_samples: demoSummary().samplesByBenchmark["demo-law-mc"], limit: 3, offset: 0 });
    expect(body.samples.map((s: { id: string }) => s.id)).toEqual(["demo-law-mc/0001", "demo-law-mc/0002", "demo-law-mc/0003"]);
    const bad = await samples(req("/api/samples?limit=0"), ctx({}));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toMatch(/"limit"/);
  });

  it("GET /api/samples/{id} joins the catch-all segments and 404s unknown ids", async () => {
    const ok = await sample(req("/api/samples/demo-bio-qa/0001"), ctx({ id: ["demo-bio-qa", "0001"] }));
    expect(ok.status).toBe(200);
    expect((await ok.json()).id).toBe("demo-bio-qa/0001");
    const missing = await sample(req("/api/samples/demo-bio-qa/9999"), ctx({ id: ["demo-bio-qa", "9999"] }));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: 'No sample with id "demo-bio-qa/9999"' } });
  });

  it("GET /api/compare names an unknown model with 400", async () => {
    const bad = await compare(req(`/api/compare?models=${GENERALIST}&models=nobody`), ctx({}));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toEqual({ code: "bad_request", message: 'Parameter "models": unknown model "nobody"' });
    const ok = await compare(req(`/api/compare?models=${GENERALIST}&models=${LAWYER}&tag=law`), ctx({}));
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.models).toEqual([GENERALIST, LAWYER]);
    expect(body.head_to_head.p[1][0]).toBeGreaterThan(0.5);
  });

  it("GET /api/models/{name} answers a profile or 404", async () => {
    const ok = await model(req(`/api/models/${LAWYER}?tag=law&limit=2`), ctx({ name: LAWYER }));
    expect(ok.status).toBe(200);
    const body = await ok.json();
    expect(body.evidence.samples).toHaveLength(2);
    expect(body.evidence.row.rank).toBe(1);
    const missing = await model(req("/api/models/nobody"), ctx({ name: "nobody" }));
    expect(missing.status).toBe(404);
  });
});
