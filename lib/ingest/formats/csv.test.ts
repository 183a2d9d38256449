import { describe, expect, it } from "vitest";
import { csv } from "./csv";
import { collect, fixture, memoryFile, ofType } from "./test-helpers";

describe("CSV → score and unit_test lines", () => {
  it("maps rows to scores (with samples where an input is given) and names the line of each", async () => {
    const { records, errors, all } = await collect(csv, fixture("csv", "scores.csv"));
    expect(ofType(records, "sample")).toEqual([
      { type: "sample", id: "math/1", benchmark: "math-mini", input: "What is 2 + 2?", reference: "4" },
      { type: "sample", id: "math/2", benchmark: "math-mini", input: "What is 3 + 5, written as a digit?", reference: "8" },
    ]);
    expect(ofType(records, "score")).toEqual([
      { type: "score", sample: "math/1", model: "llama-3-8b", metric: "accuracy", value: 1, output: "The answer is 4." },
      { type: "score", sample: "math/1", model: "qwen-2-7b", metric: "accuracy", value: 0, output: "The answer is 5." },
      { type: "score", sample: "math/2", model: "llama-3-8b", metric: "accuracy", value: 0, output: 'I think it is "seven".\nFinal: 7' },
      { type: "score", sample: "math/2", model: "llama-3-8b", metric: "latency_s", value: 1.25, higher_is_better: false },
      { type: "score", sample: "math/3", model: "qwen-2-7b", metric: "gpt4-grade", value: 7, judge: "gpt-4-0613" },
    ]);
    // A quoted cell spans lines 4–5, and line 7 is blank: origins still name each row's first line.
    expect(all.filter((c) => c.kind === "record" && c.record.type === "score").map((c) => c.origin.line)).toEqual([2, 3, 4, 6, 9]);
    expect(errors).toEqual([{ kind: "error", origin: { file: "scores.csv", line: 8 }, field: "value", message: 'must be a finite number (got "n/a")' }]);
  });

  it("maps criterion rows to unit tests on their scale", async () => {
    const { records, errors } = await collect(csv, fixture("csv", "unit_tests.csv"));
    expect(ofType(records, "unit_test")).toEqual([
      { type: "unit_test", sample: "rubric/1", model: "llama-3-8b", criterion: "Cites the relevant regulation", value: 4, scale: [1, 5], judge: "gpt-4o" },
      { type: "unit_test", sample: "rubric/1", model: "qwen-2-7b", criterion: "Cites the relevant regulation", value: 2, scale: [1, 5], judge: "gpt-4o" },
    ]);
    expect(errors.map((e) => [e.origin.line, e.field])).toEqual([[4, "value"]]);
  });

  it("rejects rows with the wrong number of fields or empty required cells", async () => {
    const text = "Sample , MODEL,metric,value\ns1,m1,acc\ns1,,acc,1\ns1,m1,acc,1\n";
    const { records, errors } = await collect(csv, [memoryFile("r.csv", text)]);
    expect(ofType(records, "score")).toEqual([{ type: "score", sample: "s1", model: "m1", metric: "acc", value: 1 }]);
    expect(errors.map((e) => [e.origin.line, e.field, e.message])).toEqual([
      [2, null, "has 3 fields; the header has 4"],
      [3, "model", "is required (the cell is empty)"],
    ]);
  });

  it("needs a benchmark for rows that define samples", async () => {
    const text = "sample,model,metric,value,input\ns1,m1,acc,1,What?\n";
    const bare = await collect(csv, [memoryFile("r.csv", text)]);
    expect(bare.errors[0]).toMatchObject({ field: "benchmark", origin: { line: 2 } });
    const given = await collect(csv, [memoryFile("r.csv", text)], { benchmark: "quiz" });
    expect(ofType(given.records, "sample")).toEqual([{ type: "sample", id: "s1", benchmark: "quiz", input: "What?" }]);
  });

  it("says what it expected for a header of another shape, an empty file or broken quoting", async () => {
    const other = await collect(csv, [memoryFile("r.csv", "id,score\n1,2\n")]);
    expect(other.errors.map((e) => e.message)).toEqual([
      'the header lacks "sample", "model", "value", "metric"; expected CSV with a header naming sample, model, metric (or criterion) and value',
    ]);
    const empty = await collect(csv, [memoryFile("r.csv", "")]);
    expect(empty.errors[0].message).toMatch(/^the file is empty; expected CSV/);
    const broken = await collect(csv, [memoryFile("r.csv", 'sample,model,metric,value\ns1,m1,acc,1\ns2,"m2,acc,1\n')]);
    expect(broken.errors[0]).toMatchObject({ origin: { file: "r.csv" }, field: null, message: expect.stringMatching(/^line \d+: Quote Not Closed/) });
  });
});
