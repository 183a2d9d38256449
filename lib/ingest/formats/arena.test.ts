import { describe, expect, it } from "vitest";
import { arena } from "./arena";
import { collect, fixture, fixtureText, memoryFile, ofType } from "./test-helpers";

/** The first battle's id in clean_battle_20230424.json as the converter gave it before MT-Bench's turns were added (stop 21): unchanged. */
const PINNED_FIRST_ID = "chatbot-arena/c8c594b1883ca9a3c242";

describe("Chatbot Arena battles → pairwise lines", () => {
  it("maps released conversations: one sample per question, outputs from the assistant turns", async () => {
    const { records, errors } = await collect(arena, fixture("arena", "clean_battle_conv_20230424.json"));
    const samples = ofType(records, "sample");
    const pairs = ofType(records, "pairwise");
    expect(samples[0]).toEqual({
      type: "sample",
      id: "chatbot-arena/3f2a9c1e5b7d4e0f8a6b2c4d1e3f5a7b",
      benchmark: "chatbot-arena",
      input: "What is the boiling point of water at sea level?",
      metadata: { language: "English" },
    });
    expect(samples[1].input).toBe("Écris un haïku sur la mer.\n\nMerci ! Un autre ?");
    expect(pairs.map((p) => [p.model_a, p.model_b, p.winner])).toEqual([
      ["vicuna-13b", "koala-13b", "a"],
      ["alpaca-13b", "vicuna-13b", "tie"],
      ["gpt-4", "claude-v1", "tie"], // tie (bothbad)
      ["koala-13b", "gpt-4", "b"],
    ]);
    expect(pairs[0]).toMatchObject({
      id: expect.stringMatching(/^chatbot-arena\/[0-9a-f]{20}$/),
      sample: samples[0].id,
      output_a: "Water boils at 100 °C (212 °F) at sea level.",
      output_b: "It boils at about 90 degrees.",
      judge: "arena_user_12",
    });
    expect(pairs[1].output_a).toBe("La mer murmure / ...\n\nVagues sur le sable / ...");
    expect(errors).toEqual([
      {
        kind: "error",
        origin: { file: "clean_battle_conv_20230424.json", index: 4 },
        field: "winner",
        message: 'must be "model_a", "model_b", "tie", "tie (bothbad)" or "tie (inconsistent)" (got "leftvote")',
      },
    ]);
  });

  it("maps a dump without prompts onto one sample per language", async () => {
    const { records, errors } = await collect(arena, fixture("arena", "clean_battle_20230424.json"));
    expect(errors).toEqual([]);
    expect(ofType(records, "sample").map((s) => [s.id, s.input])).toEqual([
      ["chatbot-arena/unpublished/English", "Chatbot Arena conversations in English (prompts not published)"],
      ["chatbot-arena/unpublished/French", "Chatbot Arena conversations in French (prompts not published)"],
    ]);
    expect(ofType(records, "pairwise")).toHaveLength(4);
  });

  it("gives a battle the same id in a grown dump, so a re-import adds only new battles", async () => {
    const full = JSON.parse(fixtureText("arena", "clean_battle_20230424.json")) as unknown[];
    const ids = async (battles: unknown[]) =>
      ofType((await collect(arena, [memoryFile("dump.json", JSON.stringify(battles))])).records, "pairwise").map((p) => p.id);
    const before = await ids(full.slice(0, 2));
    const after = await ids(full);
    expect(after.slice(0, 2)).toEqual(before);
    expect(new Set(after).size).toBe(4);
    // Pinned: a clean_battle record's id must stay what earlier imports stored (re-imports idempotent).
    expect(after[0]).toBe(PINNED_FIRST_ID);
  });

  it("keeps battles with nothing but a turn apart (no id: each is an event)", async () => {
    const text = ['{"model_a":"x","model_b":"y","winner":"model_a","turn":1}', '{"model_a":"x","model_b":"y","winner":"model_b","turn":1}'].join("\n");
    const pairs = ofType((await collect(arena, [memoryFile("b.jsonl", text)])).records, "pairwise");
    expect(pairs.map((p) => p.id)).toEqual([undefined, undefined]);
  });

  it("reads MT-Bench's pairwise judgments (no time stamp): each turn of a question is its own vote, tie (inconsistent) a tie", async () => {
    // lmsys/mt_bench_human_judgments: {question_id, model_a, model_b, winner, judge, conversation_a, conversation_b, turn}.
    const conv = (answer: string) => [{ role: "user", content: "Q1" }, { role: "assistant", content: answer }, { role: "user", content: "Q2" }, { role: "assistant", content: `${answer}, again` }];
    const vote = (turn: number, winner: string, judge = "expert_0") => ({ question_id: 82, model_a: "gpt-4", model_b: "llama-13b", winner, judge, turn, conversation_a: conv("A"), conversation_b: conv("B") });
    const { records, errors } = await collect(arena, [memoryFile("human.json", JSON.stringify([vote(1, "model_a"), vote(2, "model_b"), vote(2, "tie (inconsistent)", "gpt4_pair")]))]);
    expect(errors).toEqual([]);
    const pairs = ofType(records, "pairwise");
    expect(pairs.map((p) => p.winner)).toEqual(["a", "b", "tie"]);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(3);
    expect(new Set(pairs.map((p) => p.sample))).toEqual(new Set(["chatbot-arena/82"]));
  });

  it("reads JSON Lines as well, and names lines in errors", async () => {
    const text = ['{"model_a":"x","model_b":"y","winner":"model_b","tstamp":1}', '{"model_a":"x","winner":"tie"}', '{"model_a":"x","model_b":"x","winner":"tie"}'].join("\n");
    const { records, errors, skipped } = await collect(arena, [memoryFile("battles.jsonl", text)]);
    expect(ofType(records, "pairwise").map((p) => p.winner)).toEqual(["b"]);
    expect(errors).toEqual([{ kind: "error", origin: { file: "battles.jsonl", line: 2 }, field: "model_b", message: "is required" }]);
    expect(skipped[0]).toMatchObject({ origin: { line: 3 }, reason: "a model against itself (x)" });
  });

  it("says what it expected for a broken array", async () => {
    const { errors } = await collect(arena, [memoryFile("b.json", '[{"model_a": "x"} {')]);
    expect(errors[0].message).toMatch(/^expected "," or "]" at byte 19.*; expected Chatbot Arena battles/);
  });
});
