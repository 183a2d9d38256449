// GET /api/leaderboard with facts filters (spec/api.md v1.1): which models are ranked, rows carrying
// facts, the self-preference mark of a judge of the model's own family, and the 400s naming the
// parameter.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "@/lib/db/client";
import { importFile } from "@/lib/ingest";
import { stopQueue } from "@/lib/queue";
import { resetDatabase } from "@/test/db";
import { GET } from "@/app/api/leaderboard/route";

const MODELS = [
  { type: "model", id: "llama-8b", organization: "Meta", parameters_b: 8, open_weights: true, license: "llama3", family: "llama-3" },
  { type: "model", id: "llama-70b", organization: "meta", parameters_b: 70, open_weights: true, license: "llama3", family: "llama-3" },
  { type: "model", id: "gpt-x", organization: "OpenAI", open_weights: false, family: "gpt" },
  { type: "model", id: "gpt-judge", organization: "OpenAI", open_weights: false, family: "gpt" },
];
const NAMES = ["llama-8b", "llama-70b", "gpt-x", "mystery"];

beforeAll(async () => {
  await resetDatabase();
  const lines: object[] = [...MODELS];
  for (let i = 0; i < 12; i++) {
    lines.push({ type: "sample", id: `f/${i}`, benchmark: "f", input: `q${i}` });
    NAMES.forEach((model, j) => lines.push({ type: "score", sample: `f/${i}`, model, metric: "acc", value: (i + j) % 3 === 0 ? 0 : 1, judge: "gpt-judge" }));
  }
  const dir = mkdtempSync(path.join(tmpdir(), "facts-filter-it-"));
  writeFileSync(path.join(dir, "f.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  expect((await importFile(path.join(dir, "f.jsonl"))).status).toBe("done");
});
afterAll(async () => {
  await stopQueue();
  await closeDb();
});

async function get(query: string): Promise<{ status: number; body: { models: { model: string; facts: Record<string, unknown> | null; self_judges: string[] }[]; warnings: { code: string }[]; error?: { message: string } } }> {
  const res = await GET(new NextRequest(new URL(`/api/leaderboard?benchmark=f&baseline=llama-8b&${query}`, "http://localhost")), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json() };
}

const ranked = (b: { models: { model: string }[] }) => b.models.map((r) => r.model).sort();

describe("facts filters on GET /api/leaderboard", () => {
  it("without filters ranks every model; rows carry facts (null without a model line)", async () => {
    const { status, body } = await get("");
    expect(status).toBe(200);
    expect(ranked(body)).toEqual([...NAMES].sort());
    const row = body.models.find((r) => r.model === "llama-70b")!;
    expect(row.facts).toMatchObject({ organization: "meta", parameters_b: 70, open_weights: true, license: "llama3" });
    expect(body.models.find((r) => r.model === "mystery")!.facts).toBeNull();
  });

  it("open_weights, parameter bounds and organization (case-insensitive, repeatable) narrow the models", async () => {
    expect(ranked((await get("open_weights=true")).body)).toEqual(["llama-70b", "llama-8b"]);
    // The baseline stays as the anchor even when it does not pass: llama-8b with open_weights=false.
    expect(ranked((await get("open_weights=false")).body)).toEqual(["gpt-x", "llama-8b"]);
    expect(ranked((await get("min_params_b=10")).body)).toEqual(["llama-70b", "llama-8b"]);
    expect(ranked((await get("max_params_b=8")).body)).toEqual(["llama-8b"]);
    expect(ranked((await get("open_weights=false&max_params_b=100")).body)).toEqual(["llama-8b"]);
    expect(ranked((await get("organization=META")).body)).toEqual(["llama-70b", "llama-8b"]);
    expect(ranked((await get("organization=openai&organization=Meta")).body)).toEqual(["gpt-x", "llama-70b", "llama-8b"]);
    expect(ranked((await get("models=gpt-x&models=mystery&open_weights=false")).body)).toEqual(["gpt-x", "llama-8b"]);
  });

  it("says so when no model passes", async () => {
    const { body } = await get("organization=nobody");
    expect(body.warnings.map((w) => w.code)).toContain("no_model_matches_facts");
  });

  it("marks a judge of the model's own family", async () => {
    const { body } = await get("");
    const judges = Object.fromEntries(body.models.map((r) => [r.model, r.self_judges]));
    expect(judges).toEqual({ "gpt-x": ["gpt-judge"], "llama-8b": [], "llama-70b": [], mystery: [] });
  });

  it("says when the portal's baseline cannot be the zero, and which model is instead", async () => {
    const res = await GET(new NextRequest(new URL("/api/leaderboard?benchmark=f&models=gpt-x&models=llama-70b", "http://localhost")), { params: Promise.resolve({}) });
    const body = (await res.json()) as { baseline: string; warnings: { code: string; model?: string; message: string }[] };
    expect(res.status).toBe(200);
    expect(["gpt-x", "llama-70b"]).toContain(body.baseline);
    // The demo's reference model (the portal's default baseline) is not in this pool at all.
    expect(body.warnings.find((w) => w.code === "baseline_replaced")).toMatchObject({ model: "reference-4o-mini", message: expect.stringMatching(/is not among the models asked for/) });
    expect((await get("")).body.warnings.map((w) => w.code)).not.toContain("baseline_replaced");
  });

  it.each([
    ["open_weights=yes", /Parameter "open_weights": must be true or false/],
    ["max_params_b=-3", /Parameter "max_params_b": must be a positive number/],
    ["min_params_b=abc", /Parameter "min_params_b": must be a plain decimal number/],
    ["min_params_b=10&max_params_b=5", /^Parameter "max_params_b": must be at least min_params_b \(5 < 10\)$/],
    ["models=gpt-x&models=nobody&models=ghost", /^Parameter "models": unknown models "nobody", "ghost"$/],
  ])("%s is a 400 naming the parameter", async (query, message) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body.error!.message).toMatch(message);
  });
});
