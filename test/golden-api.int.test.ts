// Golden responses of the read API on the demo data: each case calls a route handler exactly as
// Next.js does and compares the normalised status and body with a committed JSON file under
// test/golden/. They were recorded before the architecture refactor, so any change of behaviour
// in the code behind a route (selection, retrieval, ranking, the database layer, formatting)
// shows up as a diff here. Only route modules are imported from app/, so moving lib/ code around
// does not break this file; the setup below uses the same lib/ calls as the other integration tests.
//
//   UPDATE_GOLDEN=1 npx vitest run --project integration test/golden-api.int.test.ts   (re-record)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { reloadEnv } from "@/lib/env";
import { ensureDefaultLeaderboards } from "@/lib/leaderboard/defaults";
import { refreshSnapshot } from "@/lib/leaderboard/refresh";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { plantedLeader, plantedOrder } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { importDemo } from "@/test/demo";
import { normalizeBody } from "@/test/golden/normalize";
import { GET as getCompare } from "@/app/api/compare/route";
import { GET as getLeaderboard } from "@/app/api/leaderboard/route";
import { GET as getSavedList } from "@/app/api/leaderboards/route";
import { GET as getSaved } from "@/app/api/leaderboards/[slug]/route";
import { GET as getModel } from "@/app/api/models/[name]/route";
import { GET as getSamples } from "@/app/api/samples/route";
import { GET as getSample } from "@/app/api/samples/[...id]/route";
import { GET as getUpload } from "@/app/api/uploads/[id]/route";

const GOLDEN_DIR = path.resolve(process.cwd(), "test/golden");
const UPDATE = process.env.UPDATE_GOLDEN === "1";

type Params = Record<string, string | string[]>;
type Route = (req: NextRequest, ctx: { params: Promise<Params> }) => Promise<Response>;

async function call(route: Route, url: string, params: Params = {}): Promise<{ status: number; body: unknown }> {
  const res = await route(new NextRequest(new URL(url, "http://localhost")), { params: Promise.resolve(params) });
  return { status: res.status, body: normalizeBody(await res.json()) };
}

function expectGolden(name: string, got: { status: number; body: unknown }) {
  const file = path.join(GOLDEN_DIR, `${name}.json`);
  if (UPDATE) {
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(got, null, 2) + "\n");
    return;
  }
  if (!existsSync(file)) throw new Error(`no golden file ${file}: record it with UPDATE_GOLDEN=1`);
  expect(got).toEqual(JSON.parse(readFileSync(file, "utf8")));
}

let demoUploadId = "";
const embedderBefore = process.env.EMBEDDER;

beforeAll(async () => {
  // The offline fallback embedder is deterministic; MiniLM's weights are not part of the repository.
  process.env.EMBEDDER = "fallback";
  reloadEnv();
  await resetDatabase();
  demoUploadId = (await importDemo()).id;
  await embedPendingSamples();
  await ensureDefaultLeaderboards();
  // One snapshot over the whole pool and one over a semantic query; the other saved leaderboards
  // stay without a snapshot, which is a state the list must show too.
  for (const slug of ["overall", "antibodies"]) expect((await refreshSnapshot(slug)).status).toBe("refreshed");
});

afterAll(async () => {
  if (embedderBefore === undefined) delete process.env.EMBEDDER;
  else process.env.EMBEDDER = embedderBefore;
  reloadEnv();
  await closeDb();
});

// Models named by what the demo planted (scripts/demo/planted.ts), so that a regenerated demo is
// re-recorded with requests that still mean the same thing.
const GENERALIST = plantedLeader("overall");
const BIOLOGIST = plantedLeader("biology");
const LAWYER = plantedLeader("law");
const [CODER, RUNNER_UP_CODER] = plantedOrder("programming");

const CASES: [name: string, route: () => Route, url: string, params?: Params][] = [
  ["leaderboard-default", () => getLeaderboard, "/api/leaderboard"],
  ["leaderboard-benchmark", () => getLeaderboard, "/api/leaderboard?benchmark=demo-code-tests"],
  ["leaderboard-two-benchmarks-tag", () => getLeaderboard, "/api/leaderboard?benchmark=demo-code-tests&benchmark=demo-law-mc&tag=python"],
  ["leaderboard-query", () => getLeaderboard, "/api/leaderboard?q=antibodies&k=200&threshold=0.2"],
  ["leaderboard-query-k", () => getLeaderboard, "/api/leaderboard?q=macroeconomics&k=15"],
  ["leaderboard-bradley-terry", () => getLeaderboard, "/api/leaderboard?method=bradley-terry"],
  ["leaderboard-elo", () => getLeaderboard, "/api/leaderboard?method=elo&benchmark=demo-chat-arena"],
  ["leaderboard-mean", () => getLeaderboard, "/api/leaderboard?method=mean&tag=law"],
  ["leaderboard-borda", () => getLeaderboard, "/api/leaderboard?method=borda&benchmark=demo-writing-judge"],
  ["leaderboard-win-rate", () => getLeaderboard, "/api/leaderboard?method=win-rate&meta=difficulty:hard"],
  ["leaderboard-baseline", () => getLeaderboard, `/api/leaderboard?baseline=${GENERALIST}`],
  ["leaderboard-models-prior", () => getLeaderboard, `/api/leaderboard?models=${CODER}&models=${RUNNER_UP_CODER}&prior=0&tag=programming`],
  ["leaderboard-400-k", () => getLeaderboard, "/api/leaderboard?k=0"],
  ["leaderboard-400-method", () => getLeaderboard, "/api/leaderboard?method=nope"],
  ["leaderboard-400-baseline", () => getLeaderboard, "/api/leaderboard?benchmark=demo-code-tests&baseline=no-such-model"],
  ["samples-query", () => getSamples, "/api/samples?q=antibodies&limit=5"],
  ["samples-benchmark-page", () => getSamples, "/api/samples?benchmark=demo-law-mc&limit=3&offset=2"],
  ["samples-400", () => getSamples, "/api/samples?limit=0"],
  ["sample-detail-score", () => getSample, "/api/samples/demo-bio-qa/0001", { id: ["demo-bio-qa", "0001"] }],
  ["sample-detail-ranking", () => getSample, "/api/samples/demo-writing-judge/0001", { id: ["demo-writing-judge", "0001"] }],
  ["sample-detail-pairwise", () => getSample, "/api/samples/demo-chat-arena/0001", { id: ["demo-chat-arena", "0001"] }],
  ["sample-404", () => getSample, "/api/samples/demo-bio-qa/9999", { id: ["demo-bio-qa", "9999"] }],
  ["model-profile", () => getModel, `/api/models/${BIOLOGIST}`, { name: BIOLOGIST }],
  ["model-profile-selection", () => getModel, `/api/models/${LAWYER}?tag=law&limit=3`, { name: LAWYER }],
  ["model-404", () => getModel, "/api/models/nobody", { name: "nobody" }],
  ["compare-three", () => getCompare, `/api/compare?models=${GENERALIST}&models=${BIOLOGIST}&models=${CODER}`],
  ["compare-default-models-tag", () => getCompare, "/api/compare?tag=law"],
  ["compare-400", () => getCompare, `/api/compare?models=${GENERALIST}&models=nobody`],
  ["leaderboards-list", () => getSavedList, "/api/leaderboards"],
  ["leaderboards-overall", () => getSaved, "/api/leaderboards/overall", { slug: "overall" }],
  ["leaderboards-antibodies", () => getSaved, "/api/leaderboards/antibodies", { slug: "antibodies" }],
  ["leaderboards-no-snapshot", () => getSaved, "/api/leaderboards/benchmark-demo-geo-qa", { slug: "benchmark-demo-geo-qa" }],
  ["leaderboards-404", () => getSaved, "/api/leaderboards/nope", { slug: "nope" }],
  ["upload-404-malformed", () => getUpload, "/api/uploads/not-an-id", { id: "not-an-id" }],
  ["upload-404-unknown", () => getUpload, "/api/uploads/00000000-0000-4000-8000-000000000000", { id: "00000000-0000-4000-8000-000000000000" }],
];

describe("golden API responses on the demo data", () => {
  it.each(CASES)("%s", async (name, route, url, params) => {
    expectGolden(name, await call(route(), url, params));
  });

  it("upload-report", async () => {
    expectGolden("upload-report", await call(getUpload, `/api/uploads/${demoUploadId}`, { id: demoUploadId }));
  });

  it("k without q bounds nothing (api.md: without q, every sample that matches the filters is used)", async () => {
    const all = (await call(getLeaderboard, "/api/leaderboard?benchmark=demo-code-tests")).body as { n_samples: number; models: unknown[] };
    const withK = (await call(getLeaderboard, "/api/leaderboard?benchmark=demo-code-tests&k=5")).body as { n_samples: number; models: unknown[] };
    expect(all.n_samples).toBeGreaterThan(5);
    expect(withK.n_samples).toBe(all.n_samples);
    expect(withK.models).toEqual(all.models);
    const listed = (await call(getSamples, "/api/samples?benchmark=demo-code-tests&k=5&limit=100")).body as { n_samples: number };
    expect(listed.n_samples).toBe(all.n_samples);
  });

  it("normalises only what changes between runs: a repeated request matches itself", async () => {
    const url = "/api/leaderboard?q=antibodies&k=200&threshold=0.2";
    const first = await call(getLeaderboard, url);
    expect(await call(getLeaderboard, url)).toEqual(first);
    expect(first.body).toMatchObject({ cached: "<cached>", data_version: "<data_version>", computed_at: "<computed_at>" });
  });
});
