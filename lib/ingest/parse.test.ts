import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkResults } from "./check";
import { MAX_LINE_BYTES } from "./limits";
import { splitLines } from "./lines";
import { parseResults, type ParsedLine } from "./parse";
import { isGzip } from "./source";
import { validateLine } from "./validate";

const CORPUS = new URL("../../test/fixtures/ingest/malformed.jsonl", import.meta.url);
const EXPECTED = JSON.parse(readFileSync(new URL("../../test/fixtures/ingest/malformed.expected.json", import.meta.url), "utf8")) as {
  rejected: { line: number; message: string }[];
};

async function collect(source: Parameters<typeof parseResults>[0]): Promise<ParsedLine[]> {
  const out: ParsedLine[] = [];
  for await (const chunk of parseResults(source)) out.push(...chunk);
  return out;
}

async function* chunked(bytes: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe("malformed corpus", () => {
  it("has at least 40 distinct bad lines", () => {
    expect(EXPECTED.rejected.length).toBeGreaterThanOrEqual(40);
    expect(new Set(EXPECTED.rejected.map((e) => e.message)).size).toBe(EXPECTED.rejected.length);
  });

  it("rejects every bad line with its number and message, and nothing else", async () => {
    const result = await checkResults(readFileSync(CORPUS));
    const got = new Map(result.errors.map((e) => [e.line, e.message]));
    for (const want of EXPECTED.rejected) {
      expect(got.get(want.line), `line ${want.line}`).toContain(want.message);
    }
    expect([...got.keys()].sort((a, b) => a - b)).toEqual(EXPECTED.rejected.map((e) => e.line));
    // Valid: 3 distinct samples, 1 identical repeat of one, 11 measurements; blank lines not counted.
    expect(result.accepted).toBe(result.lines - EXPECTED.rejected.length);
    expect(result.accepted).toBe(15);
    expect(result.warnings).toEqual([{ line: 72, message: 'unknown field "future_field" ignored' }]);
  });

  it("answers the stored-sample question for measurements not defined in the file", async () => {
    const result = await checkResults(readFileSync(CORPUS), async (ids) => new Set(ids.filter((id) => id === "nope/1")));
    expect(result.errors.map((e) => e.line)).not.toContain(35);
    // "later/1" is defined on a later line, which does not count.
    expect(result.errors.find((e) => e.line === 36)?.message).toContain("neither defined earlier in the file nor stored");
  });
});

describe("validateLine", () => {
  it("reads null optional fields as absent and keeps the known fields only", () => {
    const v = validateLine('{"type":"score","sample":"s","model":"m","metric":"acc","value":0,"higher_is_better":null,"x":1}');
    expect(v).toEqual({
      ok: true,
      record: { type: "score", sample: "s", model: "m", metric: "acc", value: 0 },
      warning: 'unknown field "x" ignored',
    });
  });

  it("names the spec's example field and value", () => {
    expect(validateLine('{"type":"score","sample":"s","model":"m","metric":"acc","value":"n/a"}')).toEqual({
      ok: false,
      message: '"value" must be a finite number (got "n/a")',
    });
  });
});

describe("gzip", () => {
  const text = Buffer.from(readFileSync(CORPUS));

  it("is recognised by its magic bytes, not a name", async () => {
    const gz = gzipSync(text);
    expect(isGzip(gz)).toBe(true);
    expect(isGzip(text)).toBe(false);
    const plain = await collect(text);
    const zipped = await collect(chunked(gz, 1000));
    expect(zipped).toEqual(plain);
    expect(plain.length).toBe(93);
  });

  it("reports corrupt or truncated gzip data as a file-level error", async () => {
    const gz = gzipSync(text);
    const truncated = await checkResults(gz.subarray(0, gz.length - 100));
    expect(truncated.errors[0]).toEqual({ line: 0, message: expect.stringContaining("the gzip data is corrupt or truncated") });
    const corrupt = Buffer.from(gz);
    corrupt.fill(0x55, 20, 60);
    const r = await checkResults(corrupt);
    expect(r.errors.some((e) => e.line === 0 && e.message.includes("corrupt or truncated"))).toBe(true);
  });
});

describe("splitting lines", () => {
  it("keeps multi-byte characters split across chunks, CRLF, a leading BOM and blank-line numbering", async () => {
    const body = Buffer.from('\uFEFF{"a":"é€😀"}\r\n\n  \n{"b":1}', "utf8");
    const lines: unknown[] = [];
    for await (const chunk of splitLines(chunked(body, 1))) lines.push(...chunk);
    expect(lines).toEqual([
      { line: 1, text: '{"a":"é€😀"}' },
      { line: 4, text: '{"b":1}' },
    ]);
  });

  it("rejects an over-long line without buffering it, and goes on with the next", async () => {
    const long = Buffer.alloc(MAX_LINE_BYTES + 10, 0x61);
    const body = Buffer.concat([Buffer.from('{"a":1}\n'), long, Buffer.from('\n{"b":2}\n')]);
    const lines: unknown[] = [];
    for await (const chunk of splitLines(chunked(body, 64 * 1024))) lines.push(...chunk);
    expect(lines).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 2, error: `the line is longer than ${MAX_LINE_BYTES} bytes` },
      { line: 3, text: '{"b":2}' },
    ]);
  });

  it("reads a web ReadableStream", async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"type":"sample","id":"s","benchmark":"b","input":"q"}\n'));
        c.close();
      },
    });
    const lines = await collect(stream);
    expect(lines).toEqual([{ line: 1, record: { type: "sample", id: "s", benchmark: "b", input: "q" }, warning: undefined }]);
  });
});

describe("streaming", () => {
  it("parses a large generated input chunk by chunk in bounded memory", async () => {
    const LINES = 600_000; // ~80 MB of JSON, produced lazily: never in memory as a whole
    let produced = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      const perChunk = 500;
      for (let i = 0; i < LINES; i += perChunk) {
        let s = "";
        for (let j = i; j < i + perChunk; j++) {
          s += `{"type":"score","sample":"bench/${j % 5000}","model":"model-${j % 37}","metric":"accuracy","value":${j % 2},"note":"${"x".repeat(40)}"}\n`;
        }
        const b = Buffer.from(s);
        produced += b.length;
        yield b;
      }
    }
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let maxHeap = heapBefore;
    let producedAtFirstBatch = -1;
    let n = 0;
    let batches = 0;
    for await (const chunk of parseResults(source())) {
      if (producedAtFirstBatch < 0) producedAtFirstBatch = produced;
      n += chunk.length;
      if (++batches % 100 === 0) maxHeap = Math.max(maxHeap, process.memoryUsage().heapUsed);
    }
    expect(n).toBe(LINES);
    expect(produced).toBeGreaterThan(70 * 1024 * 1024);
    // The first validated lines come out after one chunk, not after the whole input.
    expect(producedAtFirstBatch).toBeLessThan(200 * 1024);
    expect(maxHeap - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });
});

describe("results format v1.1", () => {
  it("accepts outputs, judges and model facts", () => {
    const score = validateLine('{"type":"score","sample":"s","model":"m","metric":"acc","value":1,"output":"Paris.","judge":"gpt-4"}');
    expect(score).toEqual({ ok: true, record: { type: "score", sample: "s", model: "m", metric: "acc", value: 1, output: "Paris.", judge: "gpt-4" } });
    const pair = validateLine('{"type":"pairwise","sample":"s","model_a":"a","model_b":"b","winner":"a","output_a":"x","output_b":null,"judge":"human"}');
    expect(pair.ok && pair.record).toEqual({ type: "pairwise", sample: "s", model_a: "a", model_b: "b", winner: "a", output_a: "x", judge: "human" });
    const model = validateLine(
      '{"type":"model","id":"Meta-Llama-3-70B","display_name":"Llama 3 70B","organization":"Meta","parameters_b":70,"open_weights":true,"license":"llama3","released":"2024-04","family":"llama-3","url":"https://llama.meta.com"}',
    );
    expect(model.ok && model.record).toMatchObject({ type: "model", id: "Meta-Llama-3-70B", parameters_b: 70, released: "2024-04" });
    expect(validateLine('{"type":"model","id":"m","released":"2024"}').ok).toBe(true);
    expect(validateLine('{"type":"model","id":"m","released":"2024-02-29"}').ok).toBe(true);
  });

  it("accepts an output of exactly 256 KiB and rejects one byte more", () => {
    const line = (n: number) => JSON.stringify({ type: "score", sample: "s", model: "m", metric: "acc", value: 1, output: "x".repeat(n) });
    expect(validateLine(line(256 * 1024)).ok).toBe(true);
    expect(validateLine(line(256 * 1024 + 1))).toEqual({ ok: false, message: '"output" must be at most 256 KiB (got 262145 bytes)' });
  });
});
