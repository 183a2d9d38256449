import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { uploadRecords, type ParsedItem, type RecordsOptions } from "./records";
import { SourceError } from "./source";

async function items(text: string | Buffer, opts: RecordsOptions): Promise<ParsedItem[]> {
  const out: ParsedItem[] = [];
  async function* bytes() {
    yield Buffer.from(text);
  }
  for await (const chunk of uploadRecords(bytes(), opts)) out.push(...chunk);
  return out;
}

const ALPACA = fileURLToPath(new URL("../../test/fixtures/formats/alpaca-eval/annotations.json", import.meta.url));

describe("uploadRecords", () => {
  it("parses a results file line by line", async () => {
    const got = await items('{"type":"model","id":"m","parameters_b":7}\n{"type":"score"}\n', { fileName: null, format: null });
    expect(got).toEqual([
      { line: 1, record: { type: "model", id: "m", parameters_b: 7 } },
      { line: 2, error: '"sample" is required', sampleId: undefined },
    ]);
  });

  it("converts another tool's file, numbering JSON array elements, counting skipped records", async () => {
    const got = await items(readFileSync(ALPACA), { fileName: "annotations.json", format: null });
    const records = got.filter((i) => "record" in i);
    expect(records.length).toBeGreaterThan(0);
    expect(got.find((i) => "skipped" in i)).toEqual({ line: 5, skipped: "not annotated (preference is null)" });
    const errors = got.filter((i): i is { line: number; error: string } => "error" in i);
    expect(errors.length).toBeGreaterThan(0);
    for (const e of errors) expect(e.error).toContain(`annotations.json [${e.line - 1}]: `);
    // The tool's field is named, as the results format's own errors name theirs.
    expect(errors).toContainEqual({ line: 9, error: 'annotations.json [8]: "preference" must be a number from 1 to 2, 0 or null (got 3)' });
  });

  it("gives one clear error for a file of unknown shape", async () => {
    await expect(items('{"foo": 1}', { fileName: "data.json", format: null })).rejects.toThrow(SourceError);
    await expect(items('{"foo": 1}', { fileName: "data.json", format: null })).rejects.toThrow(/cannot tell the format of data.json; expected the results format/);
  });

  it("keeps a .jsonl file whose first line is broken a results file, with line errors", async () => {
    const got = await items('not json\n{"type":"model","id":"m"}\n', { fileName: "x.jsonl", format: null });
    expect(got[0]).toMatchObject({ line: 1, error: expect.stringContaining("invalid JSON") });
    expect(got[1]).toEqual({ line: 2, record: { type: "model", id: "m" } });
  });
});
