import { describe, expect, it } from "vitest";
import { inspect, scoreNumber } from "./inspect";
import { collect, fixture, memoryFile, ofType, type Collected } from "./test-helpers";

const LOG = "2024-11-05T13-31-45-05-00_arith_Kj1Hg2Fd3Sa4Qw5Er6Ty7U.json";
const ARCHIVE = ["header.json", "samples/1_epoch_1.json", "samples/word-7_epoch_1.json", "samples/3_epoch_1.json", "samples/1_epoch_2.json", "reductions.json"].map(
  (p) => `eval-zip/${p}`,
);

function expectArithLog({ records, errors, skipped }: Collected) {
  expect(ofType(records, "sample")).toEqual([
    { type: "sample", id: "arith/1", benchmark: "arith", input: "What is 12 * 12? Answer with a number.", reference: "144", metadata: { difficulty: "easy" } },
    // Attachments resolved; the system message is not the question.
    { type: "sample", id: "arith/word-7", benchmark: "arith", input: "What is three plus four? Answer in words.", reference: "seven\n7" },
    { type: "sample", id: "arith/3", benchmark: "arith", input: "Write 100 in Roman numerals.", reference: "C" },
  ]);
  // Two epochs: match is Inspect's reduction ("max": sample 1, C then I, is 1 where the mean would be
  // 0.5), the others the mean of the epochs scored; the output is the first epoch's ("144", not "143").
  expect(ofType(records, "score").map((s) => [s.sample, s.model, s.metric, s.value, s.output])).toEqual([
    ["arith/1", "openai/gpt-4o-mini", "match", 1, "144"],
    ["arith/1", "openai/gpt-4o-mini", "model_graded_fact", 1, "144"],
    ["arith/word-7", "openai/gpt-4o-mini", "match", 0, "Six."],
    ["arith/word-7", "openai/gpt-4o-mini", "model_graded_fact", 0.5, "Six."],
    ["arith/3", "openai/gpt-4o-mini", "rubric/correct", 1, "C"],
    ["arith/3", "openai/gpt-4o-mini", "rubric/concise", 0.5, "C"],
  ]);
  expect(skipped.map((s) => s.reason)).toEqual([
    'score "rubric" part "note" is not a number ("short")',
    'score "match" is unscored (value null)',
  ]);
  expect(errors.map((e) => [e.field, e.message])).toEqual([["scores.model_graded_fact.value", 'must be a number, true/false, yes/no or C/P/I/N (got "maybe")']]);
  return errors[0].origin;
}

describe("Inspect AI eval logs → score lines", () => {
  it("maps a JSON log's samples, streaming them", async () => {
    const origin = expectArithLog(await collect(inspect, fixture("inspect", LOG)));
    expect(origin).toEqual({ file: LOG, index: 2 });
  });

  it("maps the same log from a .eval archive's entries", async () => {
    const origin = expectArithLog(await collect(inspect, fixture("inspect", ...ARCHIVE)));
    expect(origin).toEqual({ file: "eval-zip/samples/3_epoch_1.json" });
  });

  it("reduces a run of several epochs to one value per sample and metric: Inspect's reduction, else the epochs' mean", async () => {
    const sample = (epoch: number, value: unknown, output: string) => ({ id: 7, epoch, input: "q?", target: "a", output: { completion: output }, scores: { s: { value }, d: { value: { x: value, y: 1 } } } });
    const log = (epochs: number, reductions?: unknown) =>
      memoryFile("log.json", JSON.stringify({ eval: { task: "t", model: "m", config: { epochs } }, samples: [sample(1, "C", "first"), sample(2, "I", "second"), sample(3, "C", "third")], ...(reductions ? { reductions } : {}) }));
    const mean = await collect(inspect, [log(3)]);
    expect(mean.errors).toEqual([]);
    expect(ofType(mean.records, "sample")).toHaveLength(1);
    expect(ofType(mean.records, "score").map((s) => [s.metric, s.value, s.output])).toEqual([
      ["s", 2 / 3, "first"],
      ["d/x", 2 / 3, "first"],
      ["d/y", 1, "first"],
    ]);
    // Inspect's own reductions (here "max", and a dict reduced per key) win over the mean; a scorer it did not reduce keeps the mean.
    const reduced = await collect(inspect, [log(3, [{ scorer: "d", reducer: "max", samples: [{ sample_id: 7, value: { x: 1, y: 1 } }] }])]);
    // Reduced several ways, "mean" is the one kept (else the first listed).
    const twice = await collect(inspect, [log(3, [{ scorer: "s", reducer: "max", samples: [{ sample_id: 7, value: 1 }] }, { scorer: "s", reducer: "mean", samples: [{ sample_id: 7, value: 0.25 }] }, { scorer: "s", reducer: "min", samples: [{ sample_id: 7, value: 0 }] }])]);
    expect(ofType(twice.records, "score").find((s) => s.metric === "s")!.value).toBe(0.25);
    expect(ofType(reduced.records, "score").map((s) => [s.metric, s.value])).toEqual([
      ["s", 2 / 3],
      ["d/x", 1],
      ["d/y", 1],
    ]);
    // A run that says it has one epoch keeps epoch 1 and says why it skips the others.
    const one = await collect(inspect, [log(1)]);
    expect(ofType(one.records, "score").map((s) => [s.metric, s.value])).toEqual([["s", 1], ["d/x", 1], ["d/y", 1]]);
    expect(one.skipped.map((s) => s.reason)).toEqual([
      "epoch 2 of a run that says it has one (eval.config.epochs): only epoch 1 is converted",
      "epoch 3 of a run that says it has one (eval.config.epochs): only epoch 1 is converted",
    ]);
  });

  it("reads score values as Inspect's value_to_float does", () => {
    expect(["C", "P", "I", "N", "yes", "False", true, "0.25", 3].map(scoreNumber)).toEqual([1, 0.5, 0, 0, 1, 0, 1, 0.25, 3]);
    expect(scoreNumber(null)).toBeUndefined();
    expect(scoreNumber("maybe")).toBeNaN();
  });

  it("says what it expected when the log has no eval header or is not an object", async () => {
    const noEval = await collect(inspect, [memoryFile("log.json", '{"version": 2, "samples": [{"id": 1}]}')]);
    expect(noEval.errors.map((e) => e.message)).toEqual([expect.stringMatching(/^"samples" comes before "eval"; expected an Inspect AI eval log/)]);
    const array = await collect(inspect, [memoryFile("log.json", "[]")]);
    expect(array.errors[0].message).toMatch(/^expected an Inspect AI eval log: .*; found a JSON array$/);
    const noModel = await collect(inspect, [memoryFile("log.json", '{"eval": {"task": "t"}, "samples": []}')]);
    expect(noModel.errors[0]).toMatchObject({ origin: { file: "log.json" }, message: '"eval.model" is required' });
  });
});
