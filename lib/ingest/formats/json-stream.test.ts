import { describe, expect, it } from "vitest";
import { JsonShapeError, streamJson, type JsonItem, type JsonStreamOptions } from "./json-stream";

/** Feeds `text` in chunks of `size` bytes, so every boundary case (inside strings, escapes, UTF-8) is crossed. */
async function items(text: string, size: number, options?: JsonStreamOptions): Promise<JsonItem[]> {
  const bytes = Buffer.from(text, "utf8");
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
  }
  const out: JsonItem[] = [];
  for await (const batch of streamJson(chunks(), options)) out.push(...batch);
  return out;
}

const values = (list: JsonItem[]) => list.filter((i) => i.kind === "element").map((i) => (i as { value: unknown }).value);

describe("streamJson", () => {
  const array = [{ a: 'quote " and \\ backslash', b: [1, { c: "]}" }] }, "text with \\\"escapes\\\"", 12.5e3, -7, true, null, "ünïcødé ✓ 🎉", []];
  const text = `\uFEFF  ${JSON.stringify(array, null, 1)}\n`;

  it.each([1, 2, 3, 7, 64, 1 << 16])("splits a top-level array into its elements, whatever the chunk size (%i)", async (size) => {
    const got = await items(text, size);
    expect(got[0]).toEqual({ kind: "start", container: "array" });
    expect(values(got)).toEqual(array);
    expect(got.filter((i) => i.kind === "element").map((i) => (i as { index: number }).index)).toEqual(array.map((_, k) => k));
  });

  it("streams chosen members of a top-level object and parses the others whole", async () => {
    const log = { version: 2, eval: { task: "t", model: "m" }, samples: [{ id: 1 }, { id: "two" }], reductions: [{ r: 1 }] };
    for (const size of [1, 5, 1000]) {
      const got = await items(JSON.stringify(log, null, 2), size, { streamKeys: new Set(["samples"]) });
      expect(got).toEqual([
        { kind: "start", container: "object" },
        { kind: "member", key: "version", value: 2 },
        { kind: "member", key: "eval", value: { task: "t", model: "m" } },
        { kind: "element", key: "samples", index: 0, value: { id: 1 } },
        { kind: "element", key: "samples", index: 1, value: { id: "two" } },
        { kind: "member", key: "reductions", value: [{ r: 1 }] },
      ]);
    }
  });

  it("reports a broken element and goes on with the next", async () => {
    const got = await items('[{"a":1}, {"a":tru}, {"a":3}]', 4);
    expect(values(got)).toEqual([{ a: 1 }, { a: 3 }]);
    const bad = got.find((i) => i.kind === "bad-element") as { index: number; message: string };
    expect(bad.index).toBe(1);
    expect(bad.message).toMatch(/^is not valid JSON/);
  });

  it("skips an element larger than the bound without holding it", async () => {
    const got = await items(JSON.stringify([{ big: "x".repeat(5000) }, { ok: 1 }]), 100, { maxValueBytes: 1000 });
    expect(got.find((i) => i.kind === "bad-element")).toMatchObject({ index: 0, message: "is larger than 1000 bytes" });
    expect(values(got)).toEqual([{ ok: 1 }]);
  });

  it.each([
    ["", /the file is empty/],
    ["hello", /expected a JSON array or object, found "h" at byte 1/],
    ['[{"a":1}', /ends inside element 1/],
    ['[{"a":"unterminated', /ends inside element 0/],
    ['[1] 2', /unexpected data after the end/],
    ['[1 2]', /expected "," or "\]" at byte 4/],
    ['{"a" 1}', /expected ":"/],
  ])("rejects a file of the wrong shape: %j", async (bad, message) => {
    await expect(items(bad, 3)).rejects.toThrow(JsonShapeError);
    await expect(items(bad, 3)).rejects.toThrow(message);
  });
});
