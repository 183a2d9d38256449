// GET /api/evaluation-plan over the demo data in the real embedded Postgres: bad input is a 400
// naming the parameter, a plan is deterministic, and after the model's results on a plan are
// uploaded the next plan uses them (placed, interval narrowing, no sample planned twice).
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { GET as bundleGET } from "@/app/api/evaluation-plan/bundle/route";
import { GET } from "@/app/api/evaluation-plan/route";
import { liveLeaderboard } from "@/lib/leaderboard/compute";
import { defaultLeaderboardQuery, selectionSchema } from "@/lib/selection/schema";
import { DEMO_BASELINE, demoMeasurementsOf, demoSamples, plantedLeader } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import type { EvaluationPlanBody } from "./selection-plan";
import { pool } from "@/lib/db/client";
import { importFile } from "@/lib/ingest";
import { VISION_FILE } from "@/scripts/demo/vision/paths";
import { prepareTaskBundle } from "./task-bundle";
import { taskFileJsonl } from "./task-file";
import { runHealthCheck } from "@/lib/health/job";

const BENCH = "demo-bio-qa";
const NEW = "int-planned-model";

async function plan(qs: string): Promise<{ status: number; body: EvaluationPlanBody & { error?: { code: string; message: string } } }> {
  const res = await GET(new NextRequest(new URL(`/api/evaluation-plan?${qs}`, "http://localhost")), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

/** The new model's results on `ids`: the planted leader's own score there (a clone of it), as a task file's filled template would be. */
function resultsOf(p: EvaluationPlanBody): object[] {
  const leader = plantedLeader("overall");
  return p.samples.flatMap((s) => {
    const theirs = demoMeasurementsOf(s.id).find((l) => l.type === "score" && l.model === leader) as { value: number } | undefined;
    const sample = { type: "sample", id: s.id, benchmark: s.benchmark, input: s.input, reference: s.reference ?? undefined, task: s.task ?? undefined, tags: s.tags, metadata: s.metadata };
    return [sample, { ...s.template, value: theirs?.value ?? 1 }];
  });
}

beforeAll(async () => {
  await resetDatabase();
  await importDemo();
});

describe("GET /api/evaluation-plan", () => {
  it.each([
    ["model=m&budget=0", /"budget"/],
    ["model=m&budget=10001", /"budget"/],
    ["model=m&budget=5&sort=asc", /"sort"/],
    ["budget=5", /"model"/],
    // Only what was sent: not the defaulted exclude_flagged.
    ["model=m&budget=5&benchmark=no-such-benchmark", /^Parameter "benchmark": /],
  ])("%s: 400 naming the parameter", async (qs, name) => {
    const { status, body } = await plan(qs);
    expect(status).toBe(400);
    expect(body.error!.code).toBe("bad_request");
    expect(body.error!.message).toMatch(name);
  });

  it("plans a new model: the budget's samples of the selection, full content and a template line each, the same twice", async () => {
    const a = await plan(`model=${NEW}&budget=12&benchmark=${BENCH}`);
    expect(a.status).toBe(200);
    expect(a.body.current).toBeNull();
    expect(a.body.measured).toBe(0);
    expect(a.body.n_samples).toBe(demoSamples().filter((s) => s.benchmark === BENCH).length);
    expect(a.body.samples).toHaveLength(12);
    const stored = new Map(demoSamples().map((s) => [s.id, s]));
    for (const s of a.body.samples) {
      expect(s.benchmark).toBe(BENCH);
      expect(s.input).toBe(stored.get(s.id)!.input);
      expect(s.template).toEqual({ type: "score", sample: s.id, model: NEW, metric: "accuracy", value: null });
    }
    const b = await plan(`model=${NEW}&budget=12&benchmark=${BENCH}`);
    expect(b.body).toEqual(a.body);
  });

  it("adapts to the results uploaded since: placed, never re-planned, its interval narrowing round by round", async () => {
    const widths: number[] = [];
    const seen = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const p = (await plan(`model=${NEW}&budget=12&benchmark=${BENCH}`)).body;
      expect(p.measured).toBe(12 * round);
      if (round > 0) {
        expect(p.current).not.toBeNull();
        expect(p.current!.rank_interval[0]).toBeLessThanOrEqual(p.current!.rank);
        expect(p.current!.rank).toBeLessThanOrEqual(p.current!.rank_interval[1]);
        widths.push(p.current!.ci[1] - p.current!.ci[0]);
      }
      for (const s of p.samples) {
        expect(seen.has(s.id)).toBe(false);
        seen.add(s.id);
      }
      const report = await uploadLines(resultsOf(p));
      expect(report.status).toBe("done");
      expect(report.counts.samples_updated).toBe(0);
    }
    expect(widths[1]).toBeLessThan(widths[0]);
    // a clone of the planted leader is placed where the leader ranks (among the pool, without the clone)
    const last = (await plan(`model=${NEW}&budget=12&benchmark=${BENCH}`)).body;
    const board = await liveLeaderboard(defaultLeaderboardQuery(selectionSchema.parse({ benchmark: BENCH })));
    const leaderRank = board.models.filter((r) => r.model !== NEW).findIndex((r) => r.model === plantedLeader("overall")) + 1;
    expect(last.current!.rank_interval[0]).toBeLessThanOrEqual(leaderRank);
    expect(last.current!.rank_interval[1]).toBeGreaterThanOrEqual(leaderRank);
    expect(last.current!.rank_interval[1] - last.current!.rank_interval[0]).toBeLessThan(last.current!.n_ranked / 2);
    expect(last.coverage).toBeCloseTo(36 / last.n_samples, 10);
  });

  it("a model measured on every selected sample: an empty plan and a message, not an error", async () => {
    const { status, body } = await plan(`model=${DEMO_BASELINE}&budget=20&benchmark=${BENCH}`);
    expect(status).toBe(200);
    expect(body.samples).toEqual([]);
    expect(body.message).toMatch(/already been measured on every selected sample/);
    expect(body.coverage).toBe(1);
    expect(body.current).not.toBeNull();
  });
});

describe("a plan of image samples", () => {
  it("says where each image is served, and its filled task file leaves every sample (and image) as it was", async () => {
    expect((await importFile(VISION_FILE)).status).toBe("done");
    const p = (await plan(`model=${NEW}-vl&budget=4&modality=image`)).body;
    expect(p.samples).toHaveLength(4);
    for (const s of p.samples) {
      // The bundled images have no image_url: before, `image` was that null.
      expect(s.image).toMatch(/^\/api\/images\/[0-9a-f]{64}$/);
      expect(s.image_url).toBeNull();
    }
    const filled = taskFileJsonl(p.samples)
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l))
      .map((l) => (l.type === "pairwise" ? { ...l, winner: "a" } : { ...l, value: 1 }));
    // Only the template lines: a sample line without its image would have updated the sample, dropping it.
    expect(filled.every((l) => l.type !== "sample")).toBe(true);
    const report = await uploadLines(filled);
    expect(report.errors).toEqual([]);
    expect(report.status).toBe("done");
    expect(report.counts).toMatchObject({ samples_updated: 0, measurements_new: 4 });
    const images = await pool().query<{ id: string; sha: string | null }>(`SELECT id, image_sha256 AS sha FROM samples WHERE id = ANY($1::text[])`, [p.samples.map((s) => s.id)]);
    expect(images.rows.map((r) => r.sha)).toEqual(p.samples.map(() => expect.stringMatching(/^[0-9a-f]{64}$/)));
  });
});

describe("a plan's task bundle (GET /api/evaluation-plan/bundle)", () => {
  it("carries every sample's line and its bundled image; filled in and packed again with tar, it uploads as a no-op for the samples", async () => {
    expect((await importFile(VISION_FILE)).status).toBe("done"); // a no-op when the test above ran
    const qs = `model=${NEW}-vl-bundle&budget=4&modality=image`;
    const p = (await plan(qs)).body;
    const res = await bundleGET(new NextRequest(new URL(`/api/evaluation-plan/bundle?${qs}`, "http://localhost")), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="plan-${NEW}-vl-bundle.tar.gz"`);
    // Unpacked by node-tar, as `tar xzf` would.
    const dir = await mkdtemp(path.join(tmpdir(), "task-bundle-"));
    await writeFile(path.join(dir, "in.tar.gz"), Buffer.from(await res.arrayBuffer()));
    const out = path.join(dir, "out");
    await mkdir(out);
    await tar.x({ file: path.join(dir, "in.tar.gz"), cwd: out });
    const lines = (await readFile(path.join(out, "plan.jsonl"), "utf8"))
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    const sampleLines = lines.filter((l) => l.type === "sample");
    // Every planned sample's line, in plan order, each naming its image inside the bundle.
    expect(sampleLines.map((l) => l.id)).toEqual(p.samples.map((s) => s.id));
    const images = await readdir(path.join(out, "images"));
    expect(images.sort()).toEqual([...new Set(sampleLines.map((l) => path.basename(l.image)))].sort());
    for (const [i, l] of sampleLines.entries()) {
      const bytes = await readFile(path.join(out, l.image));
      // The bytes the portal serves for the sample: the name and the served path say the same hash.
      expect(`/api/images/${createHash("sha256").update(bytes).digest("hex")}`).toBe(p.samples[i].image);
    }
    // Filled in and packed again, as a developer would, then uploaded.
    const filled = lines.map((l) => (l.type === "sample" ? l : l.type === "pairwise" ? { ...l, winner: "a" } : { ...l, value: 1 }));
    await writeFile(path.join(out, "plan.jsonl"), filled.map((l) => JSON.stringify(l)).join("\n") + "\n");
    await tar.c({ gzip: true, file: path.join(dir, "filled.tar.gz"), cwd: out }, ["plan.jsonl", "images"]);
    const before = await pool().query(`SELECT id, image_sha256, input FROM samples WHERE id = ANY($1::text[]) ORDER BY id`, [p.samples.map((s) => s.id)]);
    const report = await importFile(path.join(dir, "filled.tar.gz"));
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ status: "done", counts: { samples_new: 0, samples_updated: 0, measurements_new: 4, rejected: 0 } });
    expect(report.counts.duplicates).toBeGreaterThanOrEqual(4);
    const after = await pool().query(`SELECT id, image_sha256, input FROM samples WHERE id = ANY($1::text[]) ORDER BY id`, [p.samples.map((s) => s.id)]);
    expect(after.rows).toEqual(before.rows);
    // A bundle that could not be uploaded back is refused before anything is sent.
    await expect(prepareTaskBundle(p.samples, 1000)).rejects.toThrow(/come to .* MiB, more than an upload may be \(0\.0 MiB, UPLOAD_MAX_BYTES\)/);
  });
});

describe("a plan with exclude_flagged", () => {
  it("lists what the health check's flags left out, as the leaderboard does (the vision demo has flagged benchmarks)", async () => {
    // Imported by the test above too; alone, this imports it (a second time is the no-op upload).
    expect((await importFile(VISION_FILE)).status).toBe("done");
    expect((await runHealthCheck()).status).toBe("computed");
    const p = (await plan(`model=${NEW}&budget=3&exclude_flagged=true`)).body;
    const board = await liveLeaderboard({ ...defaultLeaderboardQuery(selectionSchema.parse({ exclude_flagged: "true" })) });
    expect(p.health).toEqual(board.health);
    expect(p.health!.excluded).not.toBeNull();
    expect(p.health!.excluded!.samples).toBeGreaterThan(0);
    const kept = new Set(p.samples.map((s) => s.id));
    for (const id of p.health!.excluded!.sample_ids) expect(kept.has(id)).toBe(false);
  });
});
