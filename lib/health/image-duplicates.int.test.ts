// Image samples on the embedded Postgres: a bundle's images are stored by SHA-256 (image_sha256,
// no image_url), and the questions of one image task share their text. The health job reads each
// sample's image identity and flags as duplicates only samples whose text and image are the same.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { insertImages } from "@/lib/db/queries/images";
import { findVisibleSample } from "@/lib/db/queries/samples";
import { flagsOfSample, latestHealthRun } from "@/lib/db/queries/benchmark-health";
import { prepareImage } from "@/lib/images/prepare";
import { solidImage } from "@/lib/images/test-images";
import { resetDatabase } from "@/test/db";
import { uploadLines } from "@/test/demo";
import { runHealthCheck } from "./job";
import { loadPool } from "./load-pool";

const CHART = "What does this chart show?";
// charts/0 and charts/2 show one picture; charts/1 another; charts/3 is fetched from a URL later.
const IDS = ["charts/0", "charts/1", "charts/2", "charts/3", "text/0", "text/1"];

beforeAll(async () => {
  await resetDatabase();
  const lines = IDS.map((id) => ({ type: "sample", id, benchmark: id.split("/")[0], input: CHART, ...(id === "charts/3" ? { image_url: "https://example.org/chart.png" } : {}) }));
  expect((await uploadLines(lines)).status).toBe("done");
  const red = await prepareImage(await solidImage("png", 64, 48, "#cc3333"));
  const blue = await prepareImage(await solidImage("png", 64, 48, "#3333cc"));
  await insertImages([red, blue], null);
  await pool().query(`UPDATE samples SET image_sha256 = $1 WHERE id = ANY($2::text[])`, [red.sha256, ["charts/0", "charts/2"]]);
  await pool().query(`UPDATE samples SET image_sha256 = $1 WHERE id = 'charts/1'`, [blue.sha256]);
});
afterAll(() => closeDb());

async function codesOf(id: string): Promise<string[]> {
  const run = (await latestHealthRun())!;
  return (await flagsOfSample(run.id, (await findVisibleSample(id))!.pk)).map((f) => f.code);
}

describe("duplicates among image samples", () => {
  it("reads each sample's image identity: its SHA-256 once stored, its URL before", async () => {
    const { input } = await loadPool();
    const image = Object.fromEntries(input.texts.ids.map((id, i) => [id, input.texts.images[i]]));
    expect(image["charts/0"]).toMatch(/^[0-9a-f]{64}$/);
    expect(image["charts/2"]).toBe(image["charts/0"]);
    expect(image["charts/1"]).not.toBe(image["charts/0"]);
    expect(image["charts/3"]).toBe("url:https://example.org/chart.png");
    expect(image["text/0"]).toBeNull();
  });

  it("flags the same text on the same image, not the same text on different images or without one", async () => {
    expect((await runHealthCheck({ force: true })).status).toBe("computed");
    expect(await codesOf("charts/0")).toContain("duplicate");
    expect(await codesOf("charts/2")).toContain("duplicate");
    for (const id of ["charts/1", "charts/3"]) expect(await codesOf(id)).toEqual([]);
    // The two text-only copies are duplicates of each other, not of the image samples.
    expect(await codesOf("text/0")).toContain("duplicate");
    const run = (await latestHealthRun())!;
    const r = await pool().query<{ same_as: string[] }>(`SELECT evidence->'same_as' AS same_as FROM sample_flags f JOIN samples s ON s.pk = f.sample_pk WHERE f.run_id = $1 AND s.id = 'text/0'`, [run.id]);
    expect(r.rows.map((x) => x.same_as)).toEqual([["text/1"]]);
  });
});
