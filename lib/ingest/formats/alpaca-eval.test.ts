import { describe, expect, it } from "vitest";
import { alpacaEval, preferenceOutcome } from "./alpaca-eval";
import { collect, fixture, memoryFile, ofType } from "./test-helpers";

describe("AlpacaEval annotations → pairwise lines", () => {
  it("maps each annotated record to a sample (once per instruction) and a pairwise line", async () => {
    const { records, errors, skipped, all } = await collect(alpacaEval, fixture("alpaca-eval", "annotations.json"));
    const samples = ofType(records, "sample");
    const pairs = ofType(records, "pairwise");
    // 9 records: 6 compared (one instruction twice), 1 not annotated, 1 baseline vs itself, 2 broken.
    expect(pairs).toHaveLength(5);
    expect(samples).toHaveLength(5);
    expect(samples[0]).toEqual({
      type: "sample",
      id: expect.stringMatching(/^alpaca-eval\/[0-9a-f]{20}$/),
      benchmark: "alpaca-eval",
      input: "Name three primary colors.",
      metadata: { dataset: "helpful_base" },
    });
    expect(pairs[0]).toEqual({
      type: "pairwise",
      id: expect.stringMatching(/^alpaca-eval\/[0-9a-f]{20}$/),
      sample: samples[0].id,
      model_a: "text_davinci_003",
      model_b: "tiny-chat-7b",
      winner: "b",
      p_a: 0,
      output_a: "Red, yellow and blue.",
      output_b: "The primary colors are red, blue and yellow.",
      judge: "alpaca_eval_gpt4",
    });
    expect(pairs.map((p) => [p.winner, p.p_a])).toEqual([
      ["b", 0],
      ["a", 1],
      ["tie", 0.5],
      ["tie", 0.5], // the legacy 0 is a draw
      ["b", 2 - 1.73],
    ]);
    expect(skipped.map((s) => [s.origin.index, s.reason])).toEqual([
      [4, "not annotated (preference is null)"],
      [6, 'the baseline against itself (generator_1 = generator_2 = "text_davinci_003")'],
    ]);
    expect(errors.map((e) => [e.origin, e.field, e.message])).toEqual([
      [{ file: "annotations.json", index: 7 }, "instruction", "is required"],
      [{ file: "annotations.json", index: 8 }, "preference", "must be a number from 1 to 2, 0 or null (got 3)"],
    ]);
    // Every item names its record.
    expect(all.every((c) => c.origin.file === "annotations.json" && typeof c.origin.index === "number")).toBe(true);
  });

  it("gives the same ids on every conversion, and distinct ids to distinct comparisons", async () => {
    const a = ofType((await collect(alpacaEval, fixture("alpaca-eval", "annotations.json"))).records, "pairwise");
    const b = ofType((await collect(alpacaEval, fixture("alpaca-eval", "annotations.json"))).records, "pairwise");
    expect(a.map((p) => p.id)).toEqual(b.map((p) => p.id));
    expect(new Set(a.map((p) => p.id)).size).toBe(a.length);
  });

  it("rounds weighted preferences as AlpacaEval's discrete win rate does", () => {
    expect(preferenceOutcome(1.49)).toEqual({ winner: "a", p_a: 2 - 1.49 });
    expect(preferenceOutcome(1.51).winner).toBe("b");
    expect(preferenceOutcome(1.5)).toEqual({ winner: "tie", p_a: 0.5 });
  });

  it("says what it expected when the file is not an annotations array", async () => {
    const { errors, records } = await collect(alpacaEval, [memoryFile("annotations.json", '{"instruction": "x"}')]);
    expect(records).toEqual([]);
    expect(errors).toEqual([
      {
        kind: "error",
        origin: { file: "annotations.json" },
        field: null,
        message: expect.stringMatching(/^expected AlpacaEval annotations: a JSON array of objects with "instruction".*; found a JSON object$/),
        wholeFile: true,
      },
    ]);
    const broken = await collect(alpacaEval, [memoryFile("a.json", '[{"instruction":"x", ')]);
    expect(broken.errors[0].message).toMatch(/^the file ends inside element 0 \(truncated\?\); expected AlpacaEval annotations/);
  });
});
