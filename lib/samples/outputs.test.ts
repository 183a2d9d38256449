import { describe, expect, it } from "vitest";
import { matchesOutput, sampleOutputs } from "./outputs";
import type { RawMeasurement } from "./raw-measurements";

const score = (model: string, value: number, output?: string, metric = "acc", higher_is_better = true): RawMeasurement => ({
  type: "score",
  model,
  metric,
  value,
  higher_is_better,
  ...(output === undefined ? {} : { output }),
});

describe("sampleOutputs", () => {
  it("gives 0/1 metrics a verdict and leaves graded metrics without one", () => {
    const out = sampleOutputs([score("a", 1, "Paris"), score("b", 0, "Lyon"), score("c", 0.4, "x", "bleu"), score("d", 0.9, "y", "bleu")]);
    expect(out.map((o) => (o.kind === "pairwise" ? null : [o.model, o.verdict]))).toEqual([
      ["a", "correct"],
      ["b", "incorrect"],
      ["c", null],
      ["d", null],
    ]);
  });

  it("reads 0 as correct when lower is better, and skips measurements without outputs", () => {
    const out = sampleOutputs([score("a", 0, "ok", "err", false), score("b", 1, undefined, "err", false), score("c", 1, "bad", "err", false)]);
    expect(out.map((o) => (o.kind === "pairwise" ? null : `${o.model}:${o.verdict}`))).toEqual(["a:correct", "c:incorrect"]);
  });

  it("a graded value on a metric makes the whole metric verdict-free, even for its 0/1 values", () => {
    const out = sampleOutputs([score("a", 1, "x"), score("b", 0.5, "y")]);
    expect(out.every((o) => o.kind !== "pairwise" && o.verdict === null)).toBe(true);
  });

  it("keeps both outputs of a pairwise line and its judge", () => {
    const [p] = sampleOutputs([{ type: "pairwise", id: "q1", model_a: "a", model_b: "b", winner: "b", p_a: 0.2, judge: "gpt-4", output_a: "A says", output_b: "B says" }]);
    expect(p).toMatchObject({ kind: "pairwise", output_a: "A says", output_b: "B says", judge: "gpt-4", winner: "b" });
  });
});

describe("matchesOutput", () => {
  const [right, wrong] = sampleOutputs([score("model-x", 1, "The capital is Paris."), score("model-y", 0, "It is Lyon")]);
  const [pair] = sampleOutputs([{ type: "pairwise", id: null, model_a: "a", model_b: "b", winner: "a", p_a: null, output_a: "alpha", output_b: "beta" }]);

  it("filters by verdict; pairwise lines have none", () => {
    expect([right, wrong, pair].filter((o) => matchesOutput(o, "correct", "")).map((o) => o.kind === "pairwise" || o.model)).toEqual(["model-x"]);
    expect([right, wrong, pair].filter((o) => matchesOutput(o, "incorrect", "")).map((o) => o.kind === "pairwise" || o.model)).toEqual(["model-y"]);
    expect([right, wrong, pair].filter((o) => matchesOutput(o, "all", ""))).toHaveLength(3);
  });

  it("searches outputs and model names case-insensitively, both sides of a pair", () => {
    expect(matchesOutput(right, "all", "paris")).toBe(true);
    expect(matchesOutput(wrong, "all", "paris")).toBe(false);
    expect(matchesOutput(wrong, "all", "MODEL-Y")).toBe(true);
    expect(matchesOutput(pair, "all", "BETA")).toBe(true);
    expect(matchesOutput(pair, "all", "gamma")).toBe(false);
  });
});
