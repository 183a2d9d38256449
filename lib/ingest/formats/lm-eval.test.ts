import { describe, expect, it } from "vitest";
import { lmEval, modelOfArgs } from "./lm-eval";
import { collect, fixture, memoryFile, ofType } from "./test-helpers";

const TS = "2024-06-01T12-00-00.123456";
const DIR = "EleutherAI__pythia-160m/";
const run = (...tasks: string[]) => fixture("lm-eval", `${DIR}results_${TS}.json`, ...tasks.map((t) => `${DIR}samples_${t}_${TS}.jsonl`));

describe("lm-evaluation-harness sample logs → score lines", () => {
  it("maps a generation task: one sample per doc, one score per metric and filter, output = filtered response", async () => {
    const { records, errors } = await collect(lmEval, run("gsm8k"));
    expect(errors).toEqual([]);
    expect(ofType(records, "model")).toEqual([{ type: "model", id: "EleutherAI/pythia-160m", parameters_b: 0.162322944 }]);
    const samples = ofType(records, "sample");
    expect(samples.map((s) => s.id)).toEqual(["gsm8k/0", "gsm8k/1"]);
    expect(samples[0]).toMatchObject({
      benchmark: "gsm8k",
      input: "Tom has 3 apples and buys 4 more. How many apples does he have?",
      reference: "He has 3 + 4 = <<3+4=7>>7 apples.\n#### 7",
      metadata: { task: "gsm8k", doc_id: 0 },
    });
    expect(ofType(records, "score")).toEqual([
      { type: "score", sample: "gsm8k/0", model: "EleutherAI/pythia-160m", metric: "exact_match,strict-match", value: 0, output: "[invalid]" },
      { type: "score", sample: "gsm8k/0", model: "EleutherAI/pythia-160m", metric: "exact_match,flexible-extract", value: 1, output: "7" },
      { type: "score", sample: "gsm8k/1", model: "EleutherAI/pythia-160m", metric: "exact_match,strict-match", value: 0, output: "10" },
      { type: "score", sample: "gsm8k/1", model: "EleutherAI/pythia-160m", metric: "exact_match,flexible-extract", value: 0, output: "10" },
    ]);
  });

  it("maps a multiple-choice task: output and reference are the chosen and the correct choice", async () => {
    const { records } = await collect(lmEval, run("arc_easy"));
    const [s0, s1] = ofType(records, "sample");
    expect(s0).toMatchObject({ id: "arc_easy/0", input: "A ball is dropped from a table. What pulls it toward the floor?", reference: "gravity" });
    expect(s1.reference).toBe("copper wire");
    const scores = ofType(records, "score");
    expect(scores.map((s) => [s.sample, s.metric, s.value, s.output])).toEqual([
      ["arc_easy/0", "acc", 1, "gravity"],
      ["arc_easy/0", "acc_norm", 1, "gravity"],
      ["arc_easy/1", "acc", 0, "rubber band"],
      ["arc_easy/1", "acc_norm", 0, "rubber band"],
    ]);
  });

  it("skips corpus-level metrics (no per-sample number) and names them", async () => {
    const { records, skipped } = await collect(lmEval, run("wmt16-de-en"));
    expect(ofType(records, "score")).toEqual([]);
    expect(ofType(records, "sample")).toHaveLength(1);
    expect(skipped.map((s) => s.reason)).toEqual(["bleu", "chrf", "ter"].map((m) => `metric "${m}" has no per-sample number (the harness aggregates it over the corpus)`));
    expect(skipped[0].origin).toEqual({ file: `${DIR}samples_wmt16-de-en_${TS}.jsonl`, line: 1 });
  });

  it("takes higher_is_better from the results file", async () => {
    const text = '{"doc_id":0,"doc":{"question":"q"},"target":"t","filtered_resps":["x"],"filter":"none","metrics":["ter"],"ter":12.5}\n';
    const results = JSON.stringify({ model_name: "m", higher_is_better: { "wmt16-de-en": { ter: false } } });
    const { records } = await collect(lmEval, [memoryFile(`results_${TS}.json`, results), memoryFile(`samples_wmt16-de-en_${TS}.jsonl`, text)]);
    expect(ofType(records, "score")).toEqual([{ type: "score", sample: "wmt16-de-en/0", model: "m", metric: "ter", value: 12.5, higher_is_better: false, output: "x" }]);
  });

  it("needs the model's name: from the results file or the options", async () => {
    const line = '{"doc_id":3,"doc":{"question":"q"},"target":"a","filtered_resps":["a"],"filter":"none","metrics":["exact_match"],"exact_match":1}\n';
    const alone = await collect(lmEval, [memoryFile(`samples_t_${TS}.jsonl`, line)]);
    expect(alone.records).toEqual([]);
    expect(alone.errors[0]).toMatchObject({ origin: { file: `samples_t_${TS}.jsonl` }, message: expect.stringMatching(/has no results_<date>.json beside it/) });
    const named = await collect(lmEval, [memoryFile(`samples_t_${TS}.jsonl`, line)], { model: "my-model" });
    expect(ofType(named.records, "score")).toEqual([{ type: "score", sample: "t/3", model: "my-model", metric: "exact_match", value: 1, output: "a" }]);
  });

  it("reads the model from config.model_args where the results file has no model_name, as the harness does", async () => {
    expect(modelOfArgs("pretrained=EleutherAI/pythia-160m,dtype=float16")).toBe("EleutherAI/pythia-160m");
    // An adapter names the model evaluated, whatever the order of the pairs.
    expect(modelOfArgs("pretrained=meta-llama/Llama-2-7b-hf,peft=me/llama-lora,trust_remote_code=True")).toBe("me/llama-lora");
    expect(modelOfArgs("model=gpt-4o-mini,max_tokens=512")).toBe("gpt-4o-mini");
    expect(modelOfArgs("base_model=x,path=/models/mine")).toBe("/models/mine");
    expect(modelOfArgs({ pretrained: "org/m", dtype: "auto" })).toBe("org/m");
    expect(modelOfArgs("dtype=auto,pretrained=")).toBeUndefined();
    expect(modelOfArgs(undefined)).toBeUndefined();
    const line = '{"doc_id":3,"doc":{"question":"q"},"target":"a","filtered_resps":["a"],"filter":"none","metrics":["exact_match"],"exact_match":1}\n';
    const results = (args: unknown) => JSON.stringify({ results: {}, config: { model_args: args } });
    const viaArgs = await collect(lmEval, [memoryFile(`results_${TS}.json`, results("model=local-chat,base_url=http://x")), memoryFile(`samples_t_${TS}.jsonl`, line)]);
    expect(ofType(viaArgs.records, "score").map((s) => s.model)).toEqual(["local-chat"]);
    const none = await collect(lmEval, [memoryFile(`results_${TS}.json`, results("dtype=auto")), memoryFile(`samples_t_${TS}.jsonl`, line)]);
    expect(none.records).toEqual([]);
    expect(none.errors[0].message).toMatch(/names no model: neither "model_name" nor one of "peft=", "delta=", "pretrained=", .* in "config.model_args"/);
  });

  it("rejects a line it cannot map, naming line and field, and goes on", async () => {
    const text = ['{"doc":{"question":"q"}}', "not json", '{"doc_id":1,"doc":{"question":"q"},"metrics":["acc"],"acc":1}'].join("\n");
    const { errors, records } = await collect(lmEval, [memoryFile(`samples_t_${TS}.jsonl`, text)], { model: "m" });
    expect(errors.map((e) => [e.origin.line, e.field, e.message.slice(0, 12)])).toEqual([
      [1, "doc_id", "is required"],
      [2, null, "invalid JSON"],
    ]);
    expect(ofType(records, "score")).toHaveLength(1);
  });

  it("says what it expected when there is no samples file", async () => {
    const { errors } = await collect(lmEval, [memoryFile("results.json", "{}")]);
    expect(errors[0].message).toMatch(/^expected lm-evaluation-harness sample logs: .*; found no samples_<task>_<date>.jsonl file$/);
  });
});
