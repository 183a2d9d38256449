import { describe, expect, it } from "vitest";
import { answerMismatches, normaliseAnswer } from "./answer-match";

describe("normaliseAnswer", () => {
  it.each([
    ["10.0", "10"],
    ["  Paris.\n", "paris"],
    ["1,000", "1000"],
    ["12,345.50", "12345.5"],
    ['"Yes!"', "yes"],
    ["The  Answer", "the answer"],
    ["+3", "3"],
    ["1,2", "1,2"],
  ])("%j → %j", (raw, want) => expect(normaliseAnswer(raw)).toBe(want));
});

describe("answerMismatches", () => {
  it("counts normalised matches and those scored below the best value, with examples", () => {
    const r = answerMismatches([
      { sample: 0, model: "a", output: "10.0", reference: "10", goodness: 0 },
      { sample: 1, model: "a", output: "1,000\n", reference: "1000", goodness: 1 },
      { sample: 2, model: "b", output: "11", reference: "10", goodness: 0 },
      { sample: 3, model: "b", output: "Paris.", reference: "paris", goodness: 0.5 },
    ]);
    expect(r.matching).toBe(3);
    expect(r.scoredWrong).toBe(2);
    expect(r.examples.map((e) => e.sample)).toEqual([0, 3]);
  });
});
