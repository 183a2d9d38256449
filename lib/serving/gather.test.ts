import { describe, expect, it } from "vitest";
import { rowsByPk } from "./gather";

describe("rowsByPk", () => {
  // Rows of pks 1..1000 except multiples of 9 (not in the read model).
  const rowOf = (pk: number) => (pk >= 1 && pk <= 1000 && pk % 9 !== 0 ? 1000 - pk : -1);
  const reference = (pks: number[]) => [...new Set(pks)].sort((a, b) => a - b).map(rowOf).filter((row) => row >= 0);

  it("gives the distinct known pks' rows in ascending pk order, sorted input or not", () => {
    let x = 4;
    const rand = () => (x = (x * 1103515245 + 12345) % 2 ** 31) % 1200;
    const shuffled = Array.from({ length: 3000 }, rand);
    const ascending = Array.from({ length: 1100 }, (_, i) => i);
    for (const pks of [shuffled, ascending, [...ascending].reverse(), [5, 5, 5, 3, 3], [7], []]) expect(rowsByPk(pks, rowOf)).toEqual(reference(pks));
  });
});
