// The model page's evidence carries the model's own outputs (results format v1.1): its side of a
// pairwise line, every judge's, excerpts of long ones, nothing from unpublished uploads.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { importFile } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { selectionSchema } from "@/lib/selection/schema";
import { resetDatabase } from "@/test/db";
import { modelEvidence, OUTPUT_EXCERPT } from "./evidence";

const dir = mkdtempSync(path.join(tmpdir(), "model-outputs-it-"));
const LONG = "word ".repeat(OUTPUT_EXCERPT);

beforeAll(async () => {
  await resetDatabase();
  const lines = [
    ...[1, 2, 3].map((i) => ({ type: "sample", id: `o/${i}`, benchmark: "o", input: `question ${i}`, reference: "42" })),
    { type: "score", sample: "o/1", model: "alpha", metric: "acc", value: 1, output: "It is 42." },
    { type: "score", sample: "o/1", model: "beta", metric: "acc", value: 0, output: "It is 41." },
    { type: "score", sample: "o/2", model: "alpha", metric: "acc", value: 0, output: LONG, judge: "gpt-4" },
    { type: "score", sample: "o/2", model: "beta", metric: "acc", value: 1 },
    { type: "pairwise", sample: "o/3", id: "p", model_a: "beta", model_b: "alpha", winner: "b", output_a: "beta says", output_b: "alpha says" },
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
