// Outputs in lists of samples (results format v1.1): the model page's evidence carries the model's
// own outputs (its side of a pairwise line, every judge's, excerpts of long ones), and the compare
// page's disagreements carry the compared models' outputs in the disagreeing group.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { importFile } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { compareModels } from "@/lib/compare/compare";
import { selectionSchema } from "@/lib/selection/schema";
import { resetDatabase } from "@/test/db";
import { modelEvidence, OUTPUT_EXCERPT } from "./evidence";

const dir = mkdtempSync(path.join(tmpdir(), "model-outputs-it-"));
const LONG = "word ".repeat(OUTPUT_EXCERPT);

beforeAll(async () => {
  await resetDatabase();
  const lines = [
    ...[1, 2, 3, 4, 5].map((i) => ({ type: "sample", id: `o/${i}`, benchmark: "o", input: `question ${i}`, reference: "42" })),
    { type: "score", sample: "o/1", model: "alpha", metric: "acc", value: 1, output: "It is 42." },
    { type: "score", sample: "o/1", model: "beta", metric: "acc", value: 0, output: "It is 41." },
    { type: "score", sample: "o/2", model: "alpha", metric: "acc", value: 0, output: LONG, judge: "gpt-4" },
    { type: "score", sample: "o/2", model: "beta", metric: "acc", value: 1 },
    { type: "pairwise", sample: "o/3", id: "p", model_a: "beta", model_b: "alpha", winner: "b", output_a: "beta says", output_b: "alpha says" },
    { type: "pairwise", sample: "o/4", id: "p4", model_a: "alpha", model_b: "beta", winner: "b", output_a: "alpha 4", output_b: "beta 4" },
    { type: "score", sample: "o/5", model: "alpha", metric: "acc", value: 1 },
    { type: "score", sample: "o/5", model: "beta", metric: "acc", value: 0 },
  ];
  const f = path.join(dir, "outputs.jsonl");
  writeFileSync(f, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  expect((await importFile(f)).status).toBe("done");
});
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

describe("modelEvidence outputs", () => {
  it("lists the model's own output per sample, its side of a pair, long ones cut with their full length", async () => {
    const e = await modelEvidence("alpha", selectionSchema.parse({ benchmark: "o" }));
    const byId = new Map(e.samples.map((s) => [s.id, s.outputs]));
    expect(byId.get("o/1")).toEqual([{ key: "acc", judge: null, output: "It is 42.", length: 9 }]);
    const [long] = byId.get("o/2")!;
    expect(long).toMatchObject({ key: "acc", judge: "gpt-4", length: LONG.length });
    expect(long.output.length).toBeLessThanOrEqual(OUTPUT_EXCERPT);
    expect(LONG.startsWith(long.output.replace(/…$/, ""))).toBe(true);
    expect(byId.get("o/3")).toEqual([{ key: "p", judge: null, output: "alpha says", length: 10 }]);
  });

  it("a sample where the model stored no output lists none", async () => {
    const e = await modelEvidence("beta", selectionSchema.parse({ benchmark: "o" }));
    const byId = new Map(e.samples.map((s) => [s.id, s.outputs.map((o) => o.output)]));
    expect(byId.get("o/2")).toEqual([]);
    expect(byId.get("o/3")).toEqual(["beta says"]);
  });
});

describe("compare disagreements carry outputs", () => {
  it("the compared models' outputs of the disagreeing group, in the order of the models", async () => {
    const c = await compareModels({ models: ["beta", "alpha"], selection: selectionSchema.parse({ benchmark: "o" }) });
    // alpha wins 3 of 5 samples: the samples beta wins are the upsets.
    const byId = new Map(c.disagreements.map((d) => [d.sample_id, d.outputs]));
    expect([...byId.keys()].sort()).toEqual(["o/2", "o/4"]);
    expect(byId.get("o/2")!.map((o) => [o.model, o.judge, o.length])).toEqual([["alpha", "gpt-4", LONG.length]]);
    expect(byId.get("o/4")!.map((o) => [o.model, o.output])).toEqual([
      ["beta", "beta 4"],
      ["alpha", "alpha 4"],
    ]);
  });
});
