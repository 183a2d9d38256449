// lib/models on the demo data: strengths and weaknesses by benchmark and tag, and the evidence
// behind a leaderboard row.
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { pool } from "@/lib/db/client";
import { importFile } from "@/lib/ingest";
import type { Selection } from "@/lib/selection/schema";
import { selectionSchema } from "@/lib/selection/schema";
import { hasSelection } from "@/lib/selection/url";
import { getSampleDetail } from "@/lib/samples/detail";
import { DEMO_BASELINE, demoSamplesWithResult, demoSummary, plantedLeader, plantedOrder } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { modelProfile } from "./profile";

// The real retrieval, with its calls recorded: a profile must not retrieve a selection twice.
const retrieved = vi.hoisted(() => [] as Selection[]);
vi.mock("@/lib/serving/retrieve", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/serving/retrieve")>();
  return { ...real, retrieve: (selection: Selection) => (retrieved.push(selection), real.retrieve(selection)) };
});

const CODER = plantedLeader("programming");
const BIOLOGIST = plantedLeader("biology");

beforeAll(async () => {
  await resetDatabase();
  expect((await importFile(path.resolve("data/demo/demo.jsonl.gz"))).status).toBe("done");
});

describe("modelProfile", () => {
  it("returns null for an unknown model", async () => {
    expect(await modelProfile("no-such-model")).toBeNull();
  });

  it("ranks a specialist first where it is strong and low where it is weak", async () => {
    const p = (await modelProfile(CODER))!;
    expect(p.baseline).toBe(DEMO_BASELINE);
    expect(p.evidence).toBeNull();
    expect(p.overall?.n_models).toBe(demoSummary().models);
    expect(p.peers).toHaveLength(4);
    expect(p.peers).not.toContain(CODER);
    expect(p.peers[0]).toBe(plantedLeader("overall"));
    // Sorted strongest first: programming is its best benchmark, where it ranks 1st.
    expect(p.benchmarks[0]).toMatchObject({ name: "demo-code-tests", rank: 1, n_samples: demoSummary().samplesByBenchmark["demo-code-tests"] });
    expect(p.benchmarks[0].leader?.model).toBe(CODER);
    for (let i = 1; i < p.benchmarks.length; i++) expect(p.benchmarks[i - 1].score!).toBeGreaterThanOrEqual(p.benchmarks[i].score!);
    const law = p.benchmarks.find((b) => b.name === "demo-law-mc")!;
    // Planted in the bottom half at law, and ranked there.
    expect(plantedOrder("law").indexOf(CODER)).toBeGreaterThanOrEqual(demoSummary().models / 2);
    expect(law.rank!).toBeGreaterThan(demoSummary().models / 2);
    expect(law.leader?.model).toBe(plantedLeader("law"));
    const programming = p.tags.find((t) => t.name === "programming")!;
    expect(programming.rank).toBe(1);
    for (const b of p.benchmarks) {
      expect(b.ci![0]).toBeLessThanOrEqual(b.score!);
      expect(b.ci![1]).toBeGreaterThanOrEqual(b.score!);
      expect(b.model_n_samples).toBeLessThanOrEqual(b.n_samples);
    }
  });

  it("scores the baseline 0 everywhere", async () => {
    const p = (await modelProfile(DEMO_BASELINE))!;
    for (const b of [...p.benchmarks, ...p.tags]) expect(b.score).toBe(0);
  });

  it("lists the samples behind a leaderboard row with the model's outcome on each", async () => {
    const p = (await modelProfile(BIOLOGIST, selectionSchema.parse({ benchmark: "demo-bio-qa" })))!;
    const e = p.evidence!;
    expect(e.row).toMatchObject({ model: BIOLOGIST, rank: 1 });
    expect(e.n_retrieved).toBe(demoSummary().samplesByBenchmark["demo-bio-qa"]);
    expect(e.n_samples).toBe(demoSamplesWithResult("demo-bio-qa", BIOLOGIST).length);
    expect(e.n_samples).toBe(e.row!.n_samples);
    expect(e.samples).toHaveLength(e.n_samples);
    for (const s of e.samples) {
      expect(s.benchmark).toBe("demo-bio-qa");
      expect(s.outcomes).toHaveLength(1);
      expect(s.outcomes[0]).toMatchObject({ kind: "score", key: "accuracy" });
      expect([0, 1]).toContain(s.outcomes[0].value);
    }
    // The outcome agrees with the sample's own page.
    const first = e.samples[0];
    const d = (await getSampleDetail(first.id))!;
    const measured = d.measurements.find((m) => m.type === "score" && m.model === BIOLOGIST);
    expect(measured && measured.type === "score" && measured.value).toBe(first.outcomes[0].value);
    const group = d.ranking[0];
    const tier = group.tiers.findIndex((t) => t.models.includes(BIOLOGIST));
    expect(first.loses_to).toBe(group.tiers.slice(0, tier).flatMap((t) => t.models).length);
    expect(first.beats).toBe(group.tiers.slice(tier + 1).flatMap((t) => t.models).length);
  });

  it("retrieves the pool and the selection once each: pool fits, the overall row and the evidence share the computations", async () => {
    // A new data version (nothing else changes): every cached computation is out of date.
    await pool().query(`UPDATE pool_state SET data_version = data_version + 1`);
    const before = retrieved.length;
    const p = (await modelProfile("helix-bio-34b", selectionSchema.parse({ tag: "biology", k: "31" }), { limit: 3 }))!;
    const calls = retrieved.slice(before);
    expect(calls.filter((s) => !hasSelection(s))).toHaveLength(1);
    expect(calls.filter((s) => s.tag.join() === "biology" && s.k === 31)).toHaveLength(1);
    expect(calls).toHaveLength(2);
    // k bounds only what a text query retrieves (api.md): without q, every biology sample is the selection.
    const tagged = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM samples WHERE 'biology' = ANY(tags)`);
    expect(tagged.rows[0].n).toBeGreaterThan(31);
    expect(p.evidence!.n_retrieved).toBe(tagged.rows[0].n);
    expect(p.overall?.n_models).toBe(16);
  });

  it("limits the evidence list but counts every sample", async () => {
    const p = (await modelProfile(BIOLOGIST, selectionSchema.parse({ tag: "biology" }), { limit: 5 }))!;
    expect(p.evidence!.samples).toHaveLength(5);
    expect(p.evidence!.n_samples).toBeGreaterThan(5);
  });
});
