// Results format v1.1 through the real import path: outputs stored compressed beside their
// measurements, judges in the key, model facts replaced by a later line, and none of it left behind
// by a failed upload.
import { inflateSync } from "node:zlib";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { loadModelFacts } from "@/lib/db/queries/model-facts";
import { modelProfile } from "@/lib/models/profile";
import { getSampleDetail } from "@/lib/samples/detail";
import { stopQueue } from "@/lib/queue";
import { resetDatabase, tableCounts } from "@/test/db";
import { linesFile } from "@/test/lines-file";
import { importFile } from "./index";

const file = linesFile;

beforeEach(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

const LONG = "The capital of France is Paris. ".repeat(400);
const SAMPLES = [
  { type: "sample", id: "q/1", benchmark: "q", input: "Capital of France?" },
  { type: "sample", id: "q/2", benchmark: "q", input: "Capital of Italy?" },
];
const LLAMA = { type: "model", id: "llama", display_name: "Llama", organization: "Meta", parameters_b: 70, open_weights: true, released: "2024-04-18", url: "https://llama.meta.com" };

async function outputs(): Promise<{ kind: string; judge: string | null; output: Buffer | null; output_b: Buffer | null }[]> {
  const r = await pool().query(
    `SELECT m.kind, m.judge, o.output, o.output_b FROM measurements m JOIN measurement_outputs o ON o.measurement_id = m.id ORDER BY m.id`,
  );
  return r.rows;
}

describe("evidence", () => {
  it("stores outputs compressed and a measurement per judge", async () => {
    const report = await importFile(
      file([
        ...SAMPLES,
        { type: "score", sample: "q/1", model: "llama", metric: "gpt4-grade", value: 1, judge: "gpt-4", output: LONG },
        { type: "score", sample: "q/1", model: "llama", metric: "gpt4-grade", value: 0, judge: "claude", output: LONG },
        { type: "score", sample: "q/2", model: "llama", metric: "gpt4-grade", value: 1 },
        { type: "pairwise", sample: "q/2", model_a: "llama", model_b: "qwen", winner: "b", id: "p1", judge: "human", output_a: "Rome.", output_b: "Rome, Italy." },
      ]),
    );
    expect(report.status).toBe("done");
    expect(report.counts).toMatchObject({ measurements_new: 4, measurements_updated: 0 });
    const rows = await outputs();
    expect(rows.map((r) => [r.kind, r.judge])).toEqual([
      ["score", "gpt-4"],
      ["score", "claude"],
      ["pairwise", "human"],
    ]);
    // Compressed: the repetitive 12.8 KB output takes a fraction of its size, and inflates back exactly.
    expect(rows[0].output!.length).toBeLessThan(LONG.length / 10);
    expect(inflateSync(rows[0].output!).toString("utf8")).toBe(LONG);
    expect(inflateSync(rows[2].output_b!).toString("utf8")).toBe("Rome, Italy.");
  });

  it("replaces a judged measurement by its key, and counts a changed output as an update", async () => {
    const line = { type: "score", sample: "q/1", model: "llama", metric: "acc", value: 1, judge: "gpt-4", output: "Paris" };
    await importFile(file([...SAMPLES, line]));
    const same = await importFile(file([{ ...line, output: "Paris" }, { ...line, judge: "claude" }]));
    expect(same.counts).toMatchObject({ measurements_new: 1, measurements_updated: 0, duplicates: 1 });
    const changed = await importFile(file([{ ...line, output: "Paris!" }]));
    expect(changed.counts).toMatchObject({ measurements_new: 0, measurements_updated: 1 });
    const live = await pool().query(`SELECT count(*)::int AS n FROM measurements`);
    expect(live.rows[0].n).toBe(2);
    const rows = await outputs();
    expect(rows.map((r) => inflateSync(r.output!).toString("utf8")).sort()).toEqual(["Paris", "Paris!"]);
  });

  it("stores model facts, replaces them when sent again, and shows them only once published", async () => {
    const first = await importFile(file([LLAMA]));
    expect(first.counts).toMatchObject({ facts_new: 1, facts_updated: 0 });
    expect(await loadModelFacts("llama")).toEqual({
      display_name: "Llama",
      organization: "Meta",
      parameters_b: 70,
      open_weights: true,
      license: null,
      released: "2024-04-18",
      family: null,
      url: "https://llama.meta.com",
    });
    const again = await importFile(file([LLAMA]));
    expect(again.counts).toMatchObject({ facts_new: 0, facts_updated: 0, duplicates: 1 });
    const replaced = await importFile(file([{ type: "model", id: "llama", display_name: "Llama 3" }]));
    expect(replaced.counts).toMatchObject({ facts_updated: 1 });
    expect(await loadModelFacts("llama")).toMatchObject({ display_name: "Llama 3", organization: null, parameters_b: null });
    expect((await pool().query(`SELECT count(*)::int AS n FROM model_facts`)).rows[0].n).toBe(1);
    expect(await loadModelFacts("nobody")).toBeNull();
  });

  it("leaves nothing of a failed upload: no outputs, no facts, the earlier facts intact", async () => {
    await importFile(file([...SAMPLES, LLAMA]));
    const before = await tableCounts();
    const failed = await importFile(
      file([
        { type: "model", id: "llama", display_name: "Changed" },
        { type: "model", id: "new-model", organization: "X" },
        { type: "score", sample: "q/1", model: "llama", metric: "acc", value: 1, output: "Paris" },
        { type: "score", sample: "q/1", model: "llama", metric: "acc", value: "n/a" },
      ]),
    );
    expect(failed.status).toBe("failed");
    expect(failed.errors).toEqual([{ line: 4, message: '"value" must be a finite number (got "n/a")' }]);
    const after = await tableCounts();
    expect({ ...after, uploads: before.uploads }).toEqual(before);
    expect(await loadModelFacts("llama")).toMatchObject({ display_name: "Llama" });
  });

  it("shows judges and outputs on the sample's measurements, and facts on the model", async () => {
    await importFile(
      file([
        ...SAMPLES,
        LLAMA,
        { type: "score", sample: "q/1", model: "llama", metric: "acc", value: 1, judge: "gpt-4", output: "Paris" },
        { type: "score", sample: "q/1", model: "qwen", metric: "acc", value: 0 },
        { type: "pairwise", sample: "q/1", model_a: "llama", model_b: "qwen", winner: "a", output_a: "Paris", output_b: "Lyon" },
      ]),
    );
    const detail = await getSampleDetail("q/1");
    expect(detail?.measurements).toEqual([
      { type: "score", model: "llama", metric: "acc", value: 1, higher_is_better: true, judge: "gpt-4", output: "Paris" },
      { type: "score", model: "qwen", metric: "acc", value: 0, higher_is_better: true },
      { type: "pairwise", id: null, model_a: "llama", model_b: "qwen", winner: "a", p_a: null, output_a: "Paris", output_b: "Lyon" },
    ]);
    expect((await modelProfile("llama"))?.facts).toMatchObject({ display_name: "Llama", parameters_b: 70 });
    expect((await modelProfile("qwen"))?.facts).toBeNull();
  });

  it("reports what a dry run would store and stores nothing; the same file imported later is no duplicate", async () => {
    const f = file([...SAMPLES, LLAMA, { type: "score", sample: "q/1", model: "llama", metric: "acc", value: 1, output: "Paris" }]);
    const before = await tableCounts();
    const dry = await importFile(f, { dryRun: true });
    expect(dry.status).toBe("done");
    expect(dry.message).toContain("dry run: nothing was stored");
    expect(dry.counts).toMatchObject({ samples_new: 2, measurements_new: 1, facts_new: 1 });
    expect({ ...(await tableCounts()), uploads: before.uploads }).toEqual(before);
    const real = await importFile(f);
    expect(real.duplicate_of).toBeNull();
    expect(real.counts).toMatchObject({ samples_new: 2, measurements_new: 1, facts_new: 1 });
  });
});
