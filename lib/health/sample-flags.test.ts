import { describe, expect, it } from "vitest";
import { duplicateFlags, inputFlags, wrongKeyFlags, type SampleTexts } from "./sample-flags";

const CHART = "What does this chart show?";

function texts(inputs: string[], images: (string | null)[]): SampleTexts {
  return { ids: inputs.map((_, i) => `vl/${i}`), benchmarks: inputs.map((_, i) => (i % 2 ? "vl-a" : "vl-b")), inputs, images };
}
const flagged = (flags: ReturnType<typeof duplicateFlags>, code: string) => flags.filter((f) => f.code === code).map((f) => f.sample).sort();

describe("duplicateFlags with images", () => {
  it("two image samples with the same text and different images are not duplicates; with the same image they are", () => {
    const flags = duplicateFlags(texts([CHART, CHART, CHART, `  ${CHART.toUpperCase()}`], ["sha-1", "sha-2", "sha-3", "sha-1"]));
    expect(flagged(flags, "duplicate")).toEqual([0, 3]);
    expect(flags.find((f) => f.sample === 3)!.message).toContain("the same image");
    expect(flagged(flags, "near_duplicate")).toEqual([]);
  });
  it("an image sample and a text-only sample with the same text are not duplicates; two text-only ones are", () => {
    expect(flagged(duplicateFlags(texts([CHART, CHART], ["sha-1", null])), "duplicate")).toEqual([]);
    expect(flagged(duplicateFlags(texts([CHART, CHART], [null, null])), "duplicate")).toEqual([0, 1]);
  });
  it("near-identical text vectors flag two samples only when their images are the same (or both absent)", () => {
    const pairs = [
      { a: 0, b: 1, cosine: 0.99 },
      { a: 2, b: 3, cosine: 0.99 },
      { a: 4, b: 5, cosine: 0.99 },
    ];
    const t = texts(["a chart of rain", "the rain chart", "a chart of sun", "the sun chart", "a chart of snow", "the snow chart"], ["sha-1", "sha-2", "sha-3", "sha-3", null, null]);
    expect(flagged(duplicateFlags(t, pairs), "near_duplicate")).toEqual([2, 3, 4, 5]);
  });
  it("an image sample may have an empty input; a text-only one may not", () => {
    expect(inputFlags(texts(["", ""], ["sha-1", null])).map((f) => [f.sample, f.code])).toEqual([[1, "empty_input"]]);
  });
});

describe("wrongKeyFlags", () => {
  it("says by which rule its benchmark chose the flagged set: expected count with outputs, false discoveries from scores alone", () => {
    const two = () => Float64Array.from([0.9, 0.8]);
    const flags = wrongKeyFlags({
      key: { posterior: two(), logBayes: Float64Array.from([3, 2]), flagged: Uint8Array.from([1, 1]), byExpectedCount: Uint8Array.from([1, 0]), share: Float64Array.from([0.1]) },
      ratio: Float64Array.from([NaN, NaN]),
      discrimination: { r: Float64Array.from([NaN, NaN]), z: Float64Array.from([NaN, NaN]), n: Int32Array.from([0, 0]) },
      agreement: new Map(),
      modelNames: [],
      references: ["A", "B"],
    });
    expect(flags.map((f) => f.sample)).toEqual([0, 1]);
    expect(flags[0].message).toContain("1.6 × expected number of wrong keys");
    expect(flags[1].message).toContain("at most 25% expected false alarms");
    expect(flags[0].evidence.posterior).toBe(0.9);
  });
});
