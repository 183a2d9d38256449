import { describe, expect, it } from "vitest";
import { benchmarkFlags, type FlagInput } from "./benchmark-flags";
import { AGREEMENT_MIN, FLOOR_SHARE, WRONG_KEY_SHARE } from "./thresholds";

function input(over: Partial<FlagInput["stats"]> = {}, rest: Partial<FlagInput> = {}): FlagInput {
  return {
    nSamples: 100,
    agreement: null,
    lowerIsBetterShare: 0,
    coverage: [],
    stats: { outcomeModels: 20, atFloor: 0, atCeiling: 0, outcomeSamples: 100, degenerate: 0, negativeDiscrimination: 0, duplicated: 0, answers: { matching: 0, scoredWrong: 0, examples: [] }, ...over },
    ...rest,
  };
}
const codes = (f: FlagInput) => benchmarkFlags(f).map((x) => `${x.severity}:${x.code}`);

describe("benchmarkFlags", () => {
  it("a healthy benchmark has no flag", () => {
    expect(codes(input({}, { agreement: { tau: 0.8, ci: [0.7, 0.9], nShared: 20 } }))).toEqual([]);
  });
  it("floor: a warning from FLOOR_SHARE of the models on", () => {
    expect(codes(input({ atFloor: Math.ceil(FLOOR_SHARE * 20) }))).toEqual(["warning:floor"]);
    expect(codes(input({ atFloor: Math.ceil(FLOOR_SHARE * 20) - 1 }))).toEqual([]);
  });
  it("agreement: low below AGREEMENT_MIN, reversed (naming the declared direction) below 0", () => {
    expect(codes(input({}, { agreement: { tau: 0.1, ci: [0, AGREEMENT_MIN - 0.01], nShared: 9 } }))).toEqual(["warning:low_agreement"]);
    const rev = benchmarkFlags(input({}, { lowerIsBetterShare: 1, agreement: { tau: -0.8, ci: [-0.9, -0.6], nShared: 9 } }));
    expect(rev[0]).toMatchObject({ code: "direction_reversed", severity: "critical" });
    expect(rev[0].message).toContain("declared lower-is-better behaves as higher-is-better");
  });
  it("degenerate samples: info, a warning from half of them", () => {
    expect(codes(input({ degenerate: 6 }))).toEqual(["info:degenerate_samples"]);
    expect(codes(input({ degenerate: 50 }))).toEqual(["warning:degenerate_samples"]);
  });
  it("answers scored wrong despite matching: warning from 3, critical from half", () => {
    const ex = [{ sample: 0, model: "m", output: "10.0", reference: "10", goodness: 0 }];
    expect(codes(input({ answers: { matching: 100, scoredWrong: 3, examples: ex } }))).toEqual(["warning:answer_normalisation"]);
    const crit = benchmarkFlags(input({ answers: { matching: 10, scoredWrong: 9, examples: ex } }));
    expect(crit[0].severity).toBe("critical");
    expect(crit[0].message).toContain('"10.0" for "10"');
  });
  it("wrong answer keys: info below WRONG_KEY_SHARE of samples, a warning from it", () => {
    expect(codes(input({ negativeDiscrimination: Math.round(WRONG_KEY_SHARE * 100) - 1 }))).toEqual(["info:wrong_answer_keys"]);
    expect(codes(input({ negativeDiscrimination: Math.round(WRONG_KEY_SHARE * 100) }))).toEqual(["warning:wrong_answer_keys"]);
  });
});
