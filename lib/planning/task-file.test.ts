import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { taskFileCsv, taskFileJsonl, taskFileName, type TaskSample } from "./task-file";

const samples: TaskSample[] = [
  {
    id: "bio/1",
    benchmark: "bio",
    input: 'Which organelle, "the powerhouse",\nmakes ATP?',
    reference: "B",
    image: null,
    image_url: null,
    task: null,
    tags: ["biology"],
    metadata: { source: "x" },
    template: { type: "score", sample: "bio/1", model: "new", metric: "accuracy", value: null },
  },
  {
    id: "arena/2",
    benchmark: "arena",
    input: "Write a haiku",
    reference: null,
    image: "/api/images/" + "a".repeat(64),
    image_url: "https://example.org/a.png",
    task: "chat",
    tags: [],
    metadata: {},
    template: { type: "pairwise", sample: "arena/2", model_a: "new", model_b: "ref", winner: null },
  },
  {
    // Its image came in a bundle: no image_url to send it again with.
    id: "vl/3",
    benchmark: "vl",
    input: "What colour is the car?",
    reference: "red",
    image: "/api/images/" + "b".repeat(64),
    image_url: null,
    task: null,
    tags: [],
    metadata: {},
    template: { type: "score", sample: "vl/3", model: "new", metric: "accuracy", value: null },
  },
];

describe("task files", () => {
  it("JSONL: each sample line as stored, then its template line", () => {
    const lines = taskFileJsonl(samples).trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { type: "sample", id: "bio/1", benchmark: "bio", input: samples[0].input, reference: "B", tags: ["biology"], metadata: { source: "x" } },
      samples[0].template,
      { type: "sample", id: "arena/2", benchmark: "arena", input: "Write a haiku", task: "chat", tags: [], metadata: {}, image_url: "https://example.org/a.png" },
      samples[1].template,
      // No sample line for the bundled image's sample: sent without its image it would drop it.
      samples[2].template,
    ]);
  });

  it("CSV: the portal's CSV results columns, quoted where needed; non-score samples without a metric", () => {
    const rows = parse(taskFileCsv(samples, "new"), { columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      { sample: "bio/1", model: "new", metric: "accuracy", value: "", higher_is_better: "true", benchmark: "bio", kind: "score", prompt: samples[0].input },
      { sample: "arena/2", model: "new", metric: "", value: "", higher_is_better: "", benchmark: "arena", kind: "pairwise", prompt: "Write a haiku" },
      { sample: "vl/3", model: "new", metric: "accuracy", value: "", higher_is_better: "true", benchmark: "vl", kind: "score", prompt: "What colour is the car?" },
    ]);
  });

  it("names files by model and round, safely", () => {
    expect(taskFileName("org/My Model 7B", 2, "jsonl")).toBe("plan-org_My_Model_7B-round-2.jsonl");
  });
});
