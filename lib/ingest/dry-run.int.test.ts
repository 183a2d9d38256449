// A dry run (dry_run=true, --dry-run) writes nothing while it runs, and counts what an import of
// the same file would: each line new, updated, duplicate or rejected against the store and the
// file's own earlier lines. Before, it wrote its rows like an import (invisible, removed at its
// end), so a real upload of the same new samples meanwhile had them rejected as "being written by
// another upload".
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { stopQueue } from "@/lib/queue";
import { resetDatabase, tableCounts } from "@/test/db";
import { linesFile } from "@/test/lines-file";
import { importFile } from "./index";
import { MEASUREMENT_BATCH } from "./writer";

const file = linesFile;

beforeEach(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

const sample = (i: number, input = `question ${i}`) => ({ type: "sample", id: `d/${i}`, benchmark: "d", input });
const score = (i: number, model: string, value: number, extra: object = {}) => ({ type: "score", sample: `d/${i}`, model, metric: "acc", value, ...extra });

/** The dry run's counts, then a real import's of the same file on the same store: equal. */
async function sameCounts(f: string) {
  const before = await tableCounts();
  const dry = await importFile(f, { dryRun: true });
  expect(dry.status).toBe("done");
  expect({ ...(await tableCounts()), uploads: before.uploads }).toEqual(before);
  const real = await importFile(f);
  expect(dry.counts).toEqual(real.counts);
  return real;
}

describe("dry runs count what an import would, writing nothing", () => {
  it("new samples and models, across more than one batch, with a key repeated and changed past a batch's end", async () => {
    const count = Math.ceil((MEASUREMENT_BATCH + 500) / 2);
    const lines: object[] = [{ type: "model", id: "m1", organization: "Org" }];
    for (let i = 0; i < count; i++) lines.push(sample(i), score(i, "m1", i % 2), score(i, "m2", 1));
    // Past the first batch: the same keys again, some unchanged, some changed, and a pairwise event.
    for (let i = 0; i < 50; i++) lines.push(score(i, "m1", i % 2), score(i, "m2", 0));
    lines.push({ type: "pairwise", sample: "d/1", model_a: "m1", model_b: "m2", winner: "a" });
    const real = await sameCounts(file(lines));
    expect(real.counts).toMatchObject({ samples_new: count, measurements_updated: 50, facts_new: 1 });
    expect(real.counts.duplicates).toBeGreaterThanOrEqual(50);
  });

  it("against stored results: duplicates, updates, changed samples and facts", async () => {
    const vote = (modelB: string, winner: string) => ({ type: "pairwise", sample: "d/1", model_a: "m1", model_b: modelB, winner, id: "vote-1" });
    await importFile(file([{ type: "model", id: "m1", organization: "Org" }, sample(1), sample(2), score(1, "m1", 1), score(2, "m1", 0, { output: "x".repeat(100) }), vote("m2", "a")]));
    // The vote's key is (sample, id): sent again naming a model the store does not have yet, it
    // replaces the stored vote — the dry run must look it up although its model is a stand-in.
    const real = await sameCounts(
      file([{ type: "model", id: "m1", organization: "Other" }, sample(1), sample(2, "question two, reworded"), sample(3), score(1, "m1", 1), score(2, "m1", 0, { output: "y".repeat(100) }), score(3, "m3", 1), vote("m9", "b")]),
    );
    expect(real.counts).toMatchObject({ samples_new: 1, samples_updated: 1, measurements_new: 1, measurements_updated: 2, facts_updated: 1 });
  });

  it("holds nothing while it runs: a real upload of the same new samples meanwhile is not rejected", async () => {
    const count = 30 * 2000;
    const big: object[] = [];
    for (let i = 0; i < count; i++) big.push(sample(i), score(i, "m1", 1));
    const small: object[] = [];
    for (let i = 0; i < 40; i++) small.push(sample(i), score(i, "m2", 1));
    const dry = importFile(file(big), { dryRun: true });
    // Once the dry run has read its first batches, the real upload of 40 of its samples.
    for (let t = 0; t < 200; t++) {
      const r = await pool().query<{ progress: number }>(`SELECT progress FROM uploads WHERE dry_run ORDER BY seq DESC LIMIT 1`);
      if ((r.rows[0]?.progress ?? 0) > 0.05) break;
      await new Promise((res) => setTimeout(res, 25));
    }
    const status = async () => (await pool().query<{ status: string }>(`SELECT status FROM uploads WHERE dry_run ORDER BY seq DESC LIMIT 1`)).rows[0]?.status;
    // The race is real only while the dry run runs, before and after the real upload.
    expect(await status()).toBe("running");
    const real = await importFile(file(small));
    expect(await status()).toBe("running");
    expect(real.errors).toEqual([]);
    expect(real.counts).toMatchObject({ samples_new: 40, measurements_new: 40, rejected: 0 });
    const report = await dry;
    expect(report.status).toBe("done");
    expect(report.counts.samples_new + report.counts.duplicates).toBeGreaterThanOrEqual(count - 40);
  });
});
