import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ListColumn } from "./columns";

describe("ListColumn: a packed short list of codes per row", () => {
  it("reads back every row's latest list through appends, replacements and compactions", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(400), fc.array(fc.integer({ min: -1, max: 50 }), { maxLength: 6 })), { maxLength: 3000 }),
        (ops) => {
          const col = new ListColumn();
          const ref: number[][] = [];
          for (const [r, codes] of ops) {
            const row = Math.min(r, ref.length); // rows are added in order
            col.set(row, codes);
            ref[row] = codes;
          }
          expect(col.length).toBe(ref.length);
          for (let row = 0; row < ref.length; row++) {
            expect(Array.from(col.get(row))).toEqual(ref[row]);
            const allowed = new Set([3, 7]);
            expect(col.hasAny(row, allowed)).toBe(ref[row].some((c) => allowed.has(c)));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps its pool bounded when the same rows are replaced over and over", () => {
    const col = new ListColumn();
    for (let row = 0; row < 100; row++) col.set(row, [row, row + 1]);
    for (let round = 0; round < 500; round++) for (let row = 0; row < 100; row++) col.set(row, [round, row, 1]);
    for (let row = 0; row < 100; row++) expect(Array.from(col.get(row))).toEqual([499, row, 1]);
    // 300 live codes: compaction keeps the pool within a small multiple of them.
    expect((col as unknown as { pool: { length: number } }).pool.length).toBeLessThanOrEqual(Math.max(2048, 2 * 300 + 3));
  });

  it("refuses a row that skips ahead", () => {
    const col = new ListColumn();
    expect(() => col.set(1, [1])).toThrow(/row 1 after 0/);
  });
});
