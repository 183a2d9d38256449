import { describe, expect, it } from "vitest";
import { rowNorms, runEnds, scanVectorPairs, similarPairsInBlock, type VectorMatrix } from "./vector-duplicates";

function matrix(rows: number[][], bench: number[]): VectorMatrix {
  return { dim: rows[0].length, values: Float32Array.from(rows.flat()), bench: Int32Array.from(bench) };
}

describe("vector duplicates", () => {
  // 0 and 2 are the same direction in different benchmarks; 1 is that direction too but shares 0's benchmark;
  // 3 is 45° off (cos 0.707); 4 has no vector.
  const m = matrix([[1, 0], [2, 0], [3, 0], [1, 1], [0, 0]], [0, 0, 1, 2, 2]);
  const scan = { norms: rowNorms(m), runEnd: runEnds(m.bench) };

  it("finds cross-benchmark pairs at or above the threshold only, with their cosine", () => {
    expect(similarPairsInBlock(m, scan, 0, 5, 0.9)).toEqual([
      { a: 0, b: 2, cosine: 1 },
      { a: 1, b: 2, cosine: 1 },
    ]);
    const loose = similarPairsInBlock(m, scan, 0, 5, 0.7).map((p) => [p.a, p.b]);
    expect(loose).toEqual([[0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]);
  });
  it("skips a benchmark's run at once and finds the same pairs block by block as in one block", async () => {
    expect([...runEnds(Int32Array.from([0, 0, 1, 2, 2, 0]))]).toEqual([2, 2, 3, 5, 5, 6]);
    const blocks = [...similarPairsInBlock(m, scan, 0, 2, 0.7), ...similarPairsInBlock(m, scan, 2, 5, 0.7)];
    expect(blocks).toEqual(similarPairsInBlock(m, scan, 0, 5, 0.7));
    expect(await scanVectorPairs(m, 0.7)).toEqual(blocks);
  });
  it("with `only`, keeps the pairs that touch a marked row", async () => {
    const only = Uint8Array.from([0, 0, 0, 1, 0]);
    expect((await scanVectorPairs(m, 0.7, only)).map((p) => [p.a, p.b])).toEqual([[0, 3], [1, 3], [2, 3]]);
  });
});
