import { describe, expect, it } from "vitest";
import { AGREE_MIN, MIN_OTHER_ANSWERS, outputCategories, topModelsAgainstKey, TOP_MODELS, type JudgedOutput } from "./key-agreement";
import { NO_OUTPUT, WROTE_A, WROTE_OTHER } from "./key-posterior";
import type { Outcomes } from "./outcomes";

// Models 0..7, model 7 strongest; one benchmark.
const ability = Float64Array.from({ length: 8 }, (_, m) => m);
const bench = new Int32Array(3);
const out = (sample: number, model: number, output: string, goodness: number): JudgedOutput => ({ sample, model, output, goodness });

describe("topModelsAgainstKey", () => {
  it("finds the strongest models scored wrong on one same answer (after normalisation)", () => {
    const outputs = [out(0, 7, "B", 0), out(0, 6, " b.", 0), out(0, 5, "B", 0), out(0, 4, "(B)", 0), out(0, 3, "C", 1), out(0, 0, "C", 1)];
    const found = topModelsAgainstKey(outputs, ["C", null, null], bench, ability, 8).get(0)!;
    expect(found).toEqual({ answer: "B", models: [7, 6, 5, 4], of: TOP_MODELS });
  });
  it("asks only the top models: weak models agreeing against the key do not count", () => {
    const outputs = [7, 6, 5, 4, 3].map((m) => out(1, m, "C", 1)).concat([2, 1, 0].map((m) => out(1, m, "B", 0)));
    expect(topModelsAgainstKey(outputs, [null, "C", null], bench, ability, 8).has(1)).toBe(false);
  });
  it("needs AGREE_MIN agreeing models, and an answer equal to the reference is the scorer's bug, not the key's", () => {
    const split = [out(0, 7, "B", 0), out(0, 6, "B", 0), out(0, 5, "D", 0), out(0, 4, "E", 0), out(0, 3, "A", 0)];
    expect(AGREE_MIN).toBeGreaterThan(2);
    expect(topModelsAgainstKey(split, ["C", null, null], bench, ability, 8).size).toBe(0);
    const drop = [7, 6, 5, 4, 3].map((m) => out(2, m, "1,000", 0));
    expect(topModelsAgainstKey(drop, [null, null, "1000"], bench, ability, 8).size).toBe(0);
  });
});

describe("outputCategories", () => {
  // One sample, models 0..5 in outcome-row order; the key is "C".
  const o: Outcomes = { nSamples: 1, nModels: 6, offsets: Int32Array.from([0, 6]), model: Int32Array.from([5, 4, 3, 2, 1, 0]), value: Float64Array.from([0, 0, 0, 0, 1, 0]) };
  it("marks the most written wrong answer (after normalisation) A, other wrong answers OTHER, and the rest NO_OUTPUT", () => {
    const outputs = [out(0, 5, "B", 0), out(0, 4, " b.", 0), out(0, 3, "D", 0), out(0, 1, "C", 1), out(0, 0, "c", 0)];
    // model 2 has no output; model 1 was scored right; model 0 wrote the key but was scored wrong (the scorer's bug).
    const c = outputCategories(o, outputs, ["C"]);
    expect(c.count[0]).toBe(2);
    expect([...c.category[0]]).toEqual([WROTE_A, WROTE_A, WROTE_OTHER, NO_OUTPUT, NO_OUTPUT, NO_OUTPUT]);
    // The second candidate is the next most written wrong answer, "D".
    expect([...c.category[1]]).toEqual([WROTE_OTHER, WROTE_OTHER, WROTE_A, NO_OUTPUT, NO_OUTPUT, NO_OUTPUT]);
  });
  it("breaks a tie between wrong answers by code-point order", () => {
    const outputs = [out(0, 5, "E", 0), out(0, 4, "B", 0)];
    const c = outputCategories(o, outputs, ["C"]);
    expect([...c.category[0]].slice(0, 2)).toEqual([WROTE_OTHER, WROTE_A]);
    expect([...c.category[1]].slice(0, 2)).toEqual([WROTE_A, WROTE_OTHER]);
  });
  it("keeps at most `candidates` answers, and weighs each by how the remaining wrong answers spread (a Pólya urn)", () => {
    // Five wrong answers: B three times, D and E once each (models 5..1), model 0 right.
    const outputs = [out(0, 5, "B", 0), out(0, 4, "B", 0), out(0, 3, "B", 0), out(0, 2, "D", 0), out(0, 1, "E", 0)];
    const c = outputCategories(o, outputs, ["C"], 2);
    expect(c.count[0]).toBe(2);
    expect(c.category).toHaveLength(2);
    // Against B: D and E over max(MIN_OTHER_ANSWERS, 2) answers: Γ(M)/Γ(M + 2)·1!·1! = 1/(M(M + 1)).
    const m = Math.max(MIN_OTHER_ANSWERS, 2);
    expect(c.logWeight[0][0]).toBeCloseTo(-Math.log(m * (m + 1)), 9);
    // Against D: B, B, B and E: Γ(M)/Γ(M + 4)·3!·1!.
    expect(c.logWeight[1][0]).toBeCloseTo(Math.log(6 / (m * (m + 1) * (m + 2) * (m + 3))), 9);
    // A sample without stored wrong answers has no candidate.
    expect(outputCategories(o, [], ["C"]).count[0]).toBe(0);
  });
});
