// The vision-language demo bundle through the importer users run: every sample with its image, the
// committed bundle equal to what the generator builds, and each task led by the model planted to lead it.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { importFile } from "@/lib/ingest";
import { readTar } from "@/lib/ingest/bundle/archive";
import { computeLeaderboard } from "@/lib/leaderboard/compute";
import { stopQueue } from "@/lib/queue";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { resetDatabase } from "@/test/db";
import { buildVisionDemo } from "./build";
import { VISION_FILE } from "./paths";
import { plantedVisionLeader, VISION_MODELS, VISION_TASKS } from "./skills";

beforeAll(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

describe("the vision-language demo", () => {
  it("the committed bundle holds what the generator builds", async () => {
    const entries = await readTar(readFileSync(VISION_FILE), { maxEntryBytes: () => 1e9, maxTotalBytes: 1e10, maxEntries: 1e6 });
    const results = entries.find((e) => e.path === "vision-demo.jsonl")!;
    const demo = buildVisionDemo();
    expect(results.bytes!.toString("utf8")).toBe(demo.lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    expect(entries.map((e) => e.path).filter((p) => p.endsWith(".png")).sort()).toEqual(demo.images.map((i) => i.path).sort());
  });

  it("imports as a bundle: ≥ 150 image samples over 5 tasks, 7 models", async () => {
    const report = await importFile(VISION_FILE);
    expect(report.errors).toEqual([]);
    expect(report.counts.samples_new).toBe(170);
    const r = await pool().query<{ n: number; tasks: number }>(`SELECT count(*)::int AS n, count(DISTINCT benchmark)::int AS tasks FROM samples WHERE image_sha256 IS NOT NULL`);
    expect(r.rows[0]).toEqual({ n: 170, tasks: 5 });
    expect(VISION_MODELS.length).toBeGreaterThanOrEqual(6);
  });

  it.each(VISION_TASKS)("%s is led by the model planted to lead it", async (task) => {
    const { leaderboard } = await computeLeaderboard(leaderboardQuerySchema.parse({ benchmark: task }));
    expect(leaderboard.models[0].model).toBe(plantedVisionLeader(task));
  });

  it("tasks have different leaders", () => {
    expect(new Set(VISION_TASKS.map(plantedVisionLeader)).size).toBe(VISION_TASKS.length);
  });
});
