// Atomic, idempotent uploads against the real embedded Postgres: all-or-nothing, partial, duplicate
// files, updates that readers see at once, failures after batches were written.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { stopQueue } from "@/lib/queue";
import { resetDatabase, tableCounts } from "@/test/db";
import { getUploadReport, importFile, ingestStream } from "./index";
import { MEASUREMENT_BATCH } from "./writer";
import { loadVisibleMeasurements } from "@/lib/db/queries/measurements";
import { visibleMeasurementsSql } from "@/lib/db/visibility";

const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/ingest/${name}`, import.meta.url));
const CORPUS = fixture("malformed.jsonl");
const EXPECTED = JSON.parse(readFileSync(fixture("malformed.expected.json"), "utf8")) as { rejected: { line: number; message: string }[] };
const dir = mkdtempSync(path.join(tmpdir(), "ingest-it-"));

beforeEach(resetDatabase);
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

const jsonl = (lines: object[]) => lines.map((l) => JSON.stringify(l)).join("\n") + "\n";

/** `nSamples` samples and a score of every model on each (value from `value(sample, model)`). */
function scoresFile(name: string, nSamples: number, nModels: number, value: (s: number, m: number) => number, extra: string = ""): string {
  const lines: object[] = [];
  for (let s = 0; s < nSamples; s++) lines.push({ type: "sample", id: `gen/${s}`, benchmark: "gen", input: `Question ${s}?` });
  for (let s = 0; s < nSamples; s++) {
    for (let m = 0; m < nModels; m++) lines.push({ type: "score", sample: `gen/${s}`, model: `model-${m}`, metric: "accuracy", value: value(s, m) });
  }
  const file = path.join(dir, name);
  writeFileSync(file, jsonl(lines) + extra);
  return file;
}

async function samplePks(): Promise<number[]> {
  return (await pool().query<{ pk: number }>(`SELECT pk FROM samples`)).rows.map((r) => r.pk);
}

async function visibleValues(): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  for (const m of await loadVisibleMeasurements(await samplePks())) {
    const k = `${m.samplePk}/${m.modelId}/${m.key}`;
    out.set(k, [...(out.get(k) ?? []), m.value as number]);
  }
  return out;
}

async function dataVersion(): Promise<number> {
  return Number((await pool().query(`SELECT data_version FROM pool_state`)).rows[0].data_version);
}

describe("all-or-nothing", () => {
  it("stores nothing from the malformed corpus and reports every bad line", async () => {
    const before = await tableCounts();
    const report = await importFile(CORPUS);
    expect(report.status).toBe("failed");
    expect(report.error_count).toBe(EXPECTED.rejected.length);
    expect(report.errors.map((e) => e.line)).toEqual(EXPECTED.rejected.map((e) => e.line));
    for (const [i, want] of EXPECTED.rejected.entries()) expect(report.errors[i].message).toContain(want.message);
    expect(report.counts).toEqual({ samples_new: 0, samples_updated: 0, measurements_new: 0, measurements_updated: 0, rejected: EXPECTED.rejected.length, duplicates: 0, facts_new: 0, facts_updated: 0, skipped: 0 });
    expect(report.message).toMatch(/nothing was stored/);
    // The failed upload is recorded; nothing else changed (samples and models written before the
    // first rejection are removed again).
    expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
    expect(await dataVersion()).toBe(0);
  });

  it("removes the batches already written when a line near the end is rejected, restoring superseded rows", async () => {
    const v1 = await importFile(scoresFile("v1.jsonl", 1000, 25, () => 1));
    expect(v1.counts.measurements_new).toBe(25_000);
    const before = await tableCounts();
    const version = await dataVersion();
    const bad = scoresFile("v2-bad.jsonl", 1000, 25, () => 0, '{"type":"score","sample":"gen/1","model":"x","metric":"accuracy","value":"n/a"}\n');
    let sawPending = false;
    const report = await importFile(bad, {
      async onProgress() {
        // Between batches: the new rows exist, marked old rows too, yet readers see only v1.
        const pending = await pool().query(`SELECT count(*)::int AS n FROM measurements WHERE superseded_by IS NOT NULL`);
        if (pending.rows[0].n > 0) {
          sawPending = true;
          const values = await visibleValues();
          expect(values.size).toBe(25_000);
          expect([...values.values()].every((v) => v.length === 1 && v[0] === 1)).toBe(true);
        }
      },
    });
    expect(sawPending).toBe(true);
    expect(report.status).toBe("failed");
    expect(report.errors).toEqual([{ line: 26_001, message: '"value" must be a finite number (got "n/a")' }]);
    expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
    expect((await pool().query(`SELECT count(*)::int AS n FROM measurements WHERE superseded_by IS NOT NULL`)).rows[0].n).toBe(0);
    expect([...(await visibleValues()).values()].every((v) => v.length === 1 && v[0] === 1)).toBe(true);
    expect(await dataVersion()).toBe(version);
  });
});

describe("partial", () => {
  it("stores exactly the valid lines of the malformed corpus", async () => {
    const report = await importFile(CORPUS, { partial: true });
    expect(report.status).toBe("done");
    expect(report.counts).toEqual({ samples_new: 3, samples_updated: 0, measurements_new: 11, measurements_updated: 0, rejected: EXPECTED.rejected.length, duplicates: 1, facts_new: 0, facts_updated: 0, skipped: 0 });
    expect(report.error_count).toBe(EXPECTED.rejected.length);
    expect(report.warnings).toEqual([{ line: 72, message: 'unknown field "future_field" ignored' }]);
    const counts = await tableCounts();
    expect(counts).toMatchObject({ samples: 3, measurements: 11, models: 3 });
    const kinds = await pool().query(`SELECT kind, count(*)::int AS n FROM measurements m WHERE ${visibleMeasurementsSql("m")} GROUP BY kind ORDER BY kind`);
    expect(kinds.rows).toEqual([
      { kind: "pairwise", n: 3 },
      { kind: "ranking", n: 2 },
      { kind: "score", n: 4 },
      { kind: "unit_test", n: 2 },
    ]);
    const sample = await pool().query(`SELECT reference, tags, metadata FROM samples WHERE id = 'ok/1'`);
    expect(sample.rows[0]).toEqual({ reference: "4", tags: ["math"], metadata: { src: "x" } });
    const ranking = await pool().query(`SELECT m.tiers FROM measurements m WHERE kind = 'ranking' AND key = 'ranking'`);
    const ids = Object.fromEntries((await pool().query(`SELECT name, id FROM models`)).rows.map((r) => [r.name, r.id]));
    expect(ranking.rows[0].tiers).toEqual([[ids.m1], [ids.m2, ids.m3].sort((a, b) => a - b)]);
  });
});

describe("problems of a whole file of another tool", () => {
  it("fail the upload in partial mode too, naming the file, and store nothing (an lm-eval samples file without its results json)", async () => {
    const fixture = fileURLToPath(new URL("../../test/fixtures/formats/lm-eval/EleutherAI__pythia-160m/samples_gsm8k_2024-06-01T12-00-00.123456.jsonl", import.meta.url));
    const before = await tableCounts();
    for (const partial of [false, true]) {
      const report = await importFile(fixture, { partial });
      expect(report.status).toBe("failed");
      expect(report.errors).toEqual([{ line: 0, message: expect.stringMatching(/^samples_gsm8k_.*\.jsonl: .*results_<date>\.json/) }]);
      expect(report.counts.rejected).toBe(0);
    }
    expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 2 });
  });
});

describe("idempotence", () => {
  it("reports the same file uploaded twice as a duplicate upload and changes nothing", async () => {
    const file = scoresFile("small.jsonl", 20, 3, (s, m) => (s + m) % 2);
    const first = await importFile(file);
    expect(first.counts).toMatchObject({ samples_new: 20, measurements_new: 60 });
    const before = await tableCounts();
    const version = await dataVersion();
    // The same content, gzipped and sent as a stream this time.
    const { gzipSync } = await import("node:zlib");
    const second = await ingestStream(gzipSync(readFileSync(file)), { fileName: "small.jsonl.gz" });
    expect(second.status).toBe("done");
    expect(second.duplicate_of).toBe(first.id);
    expect(second.counts).toEqual({ samples_new: 0, samples_updated: 0, measurements_new: 0, measurements_updated: 0, rejected: 0, duplicates: 80, facts_new: 0, facts_updated: 0, skipped: 0 });
    expect(second.message).toContain(first.id);
    expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
    expect(await dataVersion()).toBe(version);
  });

  it("imports the same file again when a later upload changed what it wrote: its values replace those (a key sent again replaces the value)", async () => {
    const a = scoresFile("a.jsonl", 5, 2, () => 1);
    const first = await importFile(a);
    const later = await importFile(scoresFile("later.jsonl", 5, 2, () => 0, "\n"));
    expect(later.counts.measurements_updated).toBe(10);
    const again = await importFile(a);
    expect(again.duplicate_of).toBeNull();
    expect(again.counts).toMatchObject({ measurements_updated: 10, measurements_new: 0 });
    const values = await pool().query<{ value: number }>(`SELECT DISTINCT value FROM measurements WHERE superseded_by IS NULL`);
    expect(values.rows).toEqual([{ value: 1 }]);
    // Nothing published since this one: the same file once more is the no-op upload.
    expect((await importFile(a)).duplicate_of).toBe(again.id);
    expect(first.id).not.toBe(again.id);
  });

  it("imports the same file again when it holds pairwise lines without id: each is an event, sent again a new one", async () => {
    const lines = [
      { type: "sample", id: "battle/1", benchmark: "arena", input: "Which answer is better?" },
      { type: "pairwise", sample: "battle/1", model_a: "m1", model_b: "m2", winner: "a" },
      { type: "pairwise", sample: "battle/1", model_a: "m1", model_b: "m2", winner: "b", id: "fixed" },
    ];
    const body = Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
    const first = await ingestStream(body, { fileName: "battles.jsonl" });
    // The upload says it holds events (the same-file check reads the flag, not its measurements).
    const flag = async (id: string) => (await pool().query<{ f: boolean | null }>(`SELECT idless_pairwise AS f FROM uploads WHERE id = $1`, [id])).rows[0].f;
    expect(await flag(first.id)).toBe(true);
    const again = await ingestStream(body, { fileName: "battles.jsonl" });
    expect(again.duplicate_of).toBeNull();
    expect(again.counts).toMatchObject({ measurements_new: 1, duplicates: 2 });
    const events = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM measurements WHERE kind = 'pairwise'`);
    expect(events.rows[0].n).toBe(3);
    // An upload published before the flag was kept (NULL) is still read off its measurements.
    await pool().query(`UPDATE uploads SET idless_pairwise = NULL WHERE id = $1`, [again.id]);
    expect((await ingestStream(body, { fileName: "battles.jsonl" })).duplicate_of).toBeNull();
    // A file without id-less lines is flagged false, and sent again it is the no-op upload.
    const keyedOnly = Buffer.from(JSON.stringify(lines[2]) + "\n");
    const k1 = await ingestStream(keyedOnly, { fileName: "keyed.jsonl" });
    expect(await flag(k1.id)).toBe(false);
    expect((await ingestStream(keyedOnly, { fileName: "keyed.jsonl" })).duplicate_of).toBe(k1.id);
  });

  it("counts identical lines re-sent in another file as duplicates", async () => {
    await importFile(scoresFile("a.jsonl", 20, 3, () => 1));
    const before = await tableCounts();
    const again = await importFile(scoresFile("b.jsonl", 20, 3, () => 1, "\n"));
    expect(again.duplicate_of).toBeNull();
    expect(again.counts).toEqual({ samples_new: 0, samples_updated: 0, measurements_new: 0, measurements_updated: 0, rejected: 0, duplicates: 80, facts_new: 0, facts_updated: 0, skipped: 0 });
    expect(await tableCounts()).toEqual({ ...before, uploads: before.uploads + 1 });
  });
});

describe("updates", () => {
  it("replaces changed scores at publish: readers see the old values until then, never both", async () => {
    const n = 1000 * 25;
    expect(n).toBeGreaterThan(2 * MEASUREMENT_BATCH);
    await importFile(scoresFile("v1.jsonl", 1000, 25, () => 1));
    let checks = 0;
    const report = await importFile(scoresFile("v2.jsonl", 1000, 25, (s) => (s === 0 ? 1 : 0)), {
      async onProgress() {
        const values = await visibleValues();
        expect(values.size).toBe(n);
        expect([...values.values()].every((v) => v.length === 1 && v[0] === 1)).toBe(true);
        checks++;
      },
    });
    expect(checks).toBeGreaterThanOrEqual(2);
    expect(report.counts).toEqual({ samples_new: 0, samples_updated: 0, measurements_new: 0, measurements_updated: n - 25, rejected: 0, duplicates: 1025, facts_new: 0, facts_updated: 0, skipped: 0 });
    const values = await visibleValues();
    expect(values.size).toBe(n);
    expect([...values.values()].filter((v) => v.length === 1 && v[0] === 0).length).toBe(n - 25);
    // The replaced rows are gone after publish; only live rows remain.
    expect((await tableCounts()).measurements).toBe(n);
  });

  it("updates a sample's content in place, and treats a key repeated in one file as last-wins", async () => {
    const first = await ingestStream(
      Buffer.from(
        jsonl([
          { type: "sample", id: "s1", benchmark: "b", input: "old question" },
          { type: "score", sample: "s1", model: "m", metric: "acc", value: 1 },
        ]),
      ),
    );
    expect(first.counts).toMatchObject({ samples_new: 1, measurements_new: 1 });
    const second = await ingestStream(
      Buffer.from(
        jsonl([
          { type: "sample", id: "s1", benchmark: "b", input: "new question", tags: ["t"] },
          { type: "score", sample: "s1", model: "m", metric: "acc", value: 0 },
          { type: "score", sample: "s1", model: "m", metric: "acc", value: 0.5 },
          { type: "score", sample: "s1", model: "m", metric: "acc", value: 0.5 },
        ]),
      ),
    );
    expect(second.counts).toEqual({ samples_new: 0, samples_updated: 1, measurements_new: 0, measurements_updated: 2, rejected: 0, duplicates: 1, facts_new: 0, facts_updated: 0, skipped: 0 });
    const s = await pool().query(`SELECT input, tags FROM samples WHERE id = 's1'`);
    expect(s.rows[0]).toEqual({ input: "new question", tags: ["t"] });
    expect([...(await visibleValues()).values()]).toEqual([[0.5]]);
    expect((await tableCounts()).measurements).toBe(1);
    // A later upload may name the stored sample without defining it.
    const third = await ingestStream(Buffer.from(jsonl([{ type: "score", sample: "s1", model: "m2", metric: "acc", value: 1 }])));
    expect(third.counts).toMatchObject({ measurements_new: 1, rejected: 0 });
    expect((await getUploadReport(third.id))?.status).toBe("done");
  });
});
