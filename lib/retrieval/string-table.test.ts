// The off-heap string table answers as a Map from strings to ids in first-seen order would, for
// any strings (empty, long past one decoding piece, lone surrogates, integer-like names), through
// every rehash and growth of its arrays.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StringTable } from "./string-table";

function check(strings: string[], probes: string[]) {
  const table = new StringTable();
  const map = new Map<string, number>();
  for (const s of strings) {
    if (!map.has(s)) map.set(s, map.size);
    expect(table.id(s)).toBe(map.get(s));
  }
  expect(table.count).toBe(map.size);
  for (const [s, id] of map) {
    expect(table.find(s)).toBe(id);
    expect(table.get(id)).toBe(s);
    expect(table.includesUnit(id, 0x20)).toBe(s.includes(" "));
  }
  for (const p of probes) expect(table.find(p)).toBe(map.get(p));
}

describe("StringTable", () => {
  it("gives each distinct string the next id and finds it again, as a Map does", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 12 }), { maxLength: 300 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 50 }), (strings, probes) =>
        check(strings, probes),
      ),
      { numRuns: 200 },
    );
  });

  it("keeps strings of any length and the names a plain object would treat specially", () => {
    const long = "x".repeat(20_000) + " y";
    check(["", "0", "4294967295", "__proto__", "constructor", "é", "\ud800", "a b", long, "", long, "ÿ"], ["", "1", "__proto__ ", long.slice(1), "\u0100"]);
    // Byte-wide strings first, then one wider: the earlier ones are still found and given back.
    check(["alpha", "bêta", "ω", "alpha", "bêta"], ["ω", "omega"]);
  });

  it("holds many strings through its growth: every id found, every string given back", () => {
    const words = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)} b${(i * 7919) % 1000}`);
    check([...words, ...words.slice(0, 1000)], ["w0", "nothing"]);
  });
});
