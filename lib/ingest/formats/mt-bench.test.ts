import { describe, expect, it } from "vitest";
import { detectFormat } from "./detect";
import { mtBench, questionFromPrompt } from "./mt-bench";
import { collect, fixture, fixtureText, memoryFile, ofType } from "./test-helpers";

describe("FastChat MT-Bench judgments → score and pairwise lines", () => {
  it("single-answer grading: a score per question, model and turn, judged by the judge model; unparsed ratings skipped", async () => {
    const { records, errors, skipped } = await collect(mtBench, fixture("mt-bench", "gpt-4_single.jsonl"));
    expect(errors).toEqual([]);
    expect(ofType(records, "sample")).toEqual([
      {
        type: "sample",
        id: "mt-bench/81",
        benchmark: "mt-bench",
        input: "Compose an engaging travel blog post about a recent trip to Hawaii, highlighting cultural experiences and must-see attractions.",
        metadata: { question_id: "81" },
      },
      expect.objectContaining({ id: "mt-bench/101", input: expect.stringMatching(/^Imagine you are participating in a race/) }),
    ]);
    expect(ofType(records, "score").map((s) => [s.sample, s.model, s.metric, s.value, s.judge])).toEqual([
      ["mt-bench/81", "vicuna-13b-v1.3", "score", 8, "gpt-4"],
      ["mt-bench/81", "llama-13b", "score", 3, "gpt-4"],
      ["mt-bench/81", "vicuna-13b-v1.3", "score (turn 2)", 7, "gpt-4"],
      ["mt-bench/101", "vicuna-13b-v1.3", "score", 10, "gpt-4"],
    ]);
    expect(skipped.map((s) => [s.origin.line, s.reason])).toEqual([[4, "the judge's rating could not be parsed (score −1)"]]);
  });

  it("pairwise judgments: the winner both orders agree on, a tie where they differ, an error skipped; ids stable per question, turn, judge and pair", async () => {
    const { records, skipped } = await collect(mtBench, fixture("mt-bench", "gpt-4_pair.jsonl"));
    const pairs = ofType(records, "pairwise");
    expect(pairs.map((p) => [p.sample, p.model_a, p.model_b, p.winner, p.judge])).toEqual([
      ["mt-bench/81", "vicuna-13b-v1.3", "llama-13b", "a", "gpt-4"],
      ["mt-bench/81", "vicuna-13b-v1.3", "llama-13b", "tie", "gpt-4"],
      ["mt-bench/101", "vicuna-13b-v1.3", "llama-13b", "tie", "gpt-4"],
    ]);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(3);
    expect(skipped.map((s) => s.origin.line)).toEqual([4]);
    const again = ofType((await collect(mtBench, fixture("mt-bench", "gpt-4_pair.jsonl"))).records, "pairwise");
    expect(again.map((p) => p.id)).toEqual(pairs.map((p) => p.id));
  });

  it("names the field of a record it cannot map", async () => {
    const text = ['{"question_id": 1, "model": "m", "judge": ["gpt-4", "single-v1"], "score": "high", "turn": 1}', '{"question_id": 2, "model_1": "a", "model_2": "b", "g1_winner": "A", "g2_winner": "model_1", "judge": ["gpt-4", "pair-v2"]}'].join("\n");
    const { errors } = await collect(mtBench, [memoryFile("gpt-4_single.jsonl", text)]);
    expect(errors.map((e) => [e.origin.line, e.field])).toEqual([
      [1, "score"],
      [2, "g1_winner"],
    ]);
  });

  it("is detected from a file's first record, single or pairwise", () => {
    for (const name of ["gpt-4_single.jsonl", "gpt-4_pair.jsonl"]) {
      const d = detectFormat([{ path: name, head: Buffer.from(fixtureText("mt-bench", name)) }]);
      expect(d).toEqual({ ok: true, format: "mt-bench" });
    }
  });

  it("reads the question from the judges' prompts (single, pairwise, multi-turn), or none", () => {
    expect(questionFromPrompt("x\n\n[Question]\nWhat is 2+2?\n\n[The Start of Assistant's Answer]\n4")).toBe("What is 2+2?");
    expect(questionFromPrompt("[User Question]\nWhy?\n\n[The Start of Assistant A's Answer]\nBecause")).toBe("Why?");
    // Multi-turn: the first turn only (turn 1 and turn 2 judgments give the question the same text), without a reference answer.
    expect(questionFromPrompt("### User:\nFirst?\n\n### Assistant A:\nok\n\n### User:\nSecond?\n\n### Assistant A:\nok")).toBe("First?");
    expect(questionFromPrompt("<|The Start of Reference Answer|>\n\n### User:\nFirst?\n\n### Reference answer:\n42\n\n### User:\nSecond?")).toBe("First?");
    expect(questionFromPrompt("...")).toBeNull();
  });
});
