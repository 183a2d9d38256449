import { describe, expect, it } from "vitest";
import { FOLD_CHARS, FOLD_LINES, foldAt, isPartial, previewOutputs } from "./fold";
import { sampleOutputs } from "./outputs";

const long = "word ".repeat(400);

describe("foldAt", () => {
  it("keeps short outputs whole and cuts long ones at FOLD_CHARS or FOLD_LINES lines", () => {
    expect(foldAt("short answer")).toBeNull();
    expect(foldAt(long)).toBe(FOLD_CHARS);
    const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`).join("\n");
    expect(lines.slice(0, foldAt(lines)!).split("\n")).toHaveLength(FOLD_LINES);
  });

  it("never splits a surrogate pair", () => {
    const text = "a".repeat(FOLD_CHARS - 1) + "😀".repeat(10);
    const cut = foldAt(text)!;
    expect(cut).toBe(FOLD_CHARS - 1);
    expect(text.slice(0, cut)).toBe("a".repeat(FOLD_CHARS - 1));
  });
});

describe("previewOutputs", () => {
  const outputs = sampleOutputs([
    { type: "score", model: "a", metric: "acc", value: 1, higher_is_better: true, output: long },
    { type: "score", model: "b", metric: "acc", value: 0, higher_is_better: true, output: "Lyon" },
    { type: "pairwise", id: null, model_a: "a", model_b: "b", winner: "a", p_a: null, output_a: long, output_b: undefined },
  ]);

  it("sends each output's start and the whole lengths, so the client knows what is missing", () => {
    const [a, b, pair] = previewOutputs(outputs);
    expect(a.kind === "score" && [a.output, a.length]).toEqual([long.slice(0, FOLD_CHARS), long.length]);
    expect(b.kind === "score" && [b.output, b.length]).toEqual(["Lyon", 4]);
    expect(pair.kind === "pairwise" && [pair.output_a, pair.length_a, pair.output_b, pair.length_b]).toEqual([long.slice(0, FOLD_CHARS), long.length, null, null]);
  });

  it("marks the list partial only when some text was cut", () => {
    expect(isPartial(outputs)).toBe(false);
    expect(isPartial(previewOutputs(outputs))).toBe(true);
    expect(isPartial(previewOutputs(outputs.slice(1, 2)))).toBe(false);
  });
});
