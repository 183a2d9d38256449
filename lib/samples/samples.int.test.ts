// lib/samples on the demo data: listing a selection, and one sample's measurements and the
// sample-level ranking they became.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importFile } from "@/lib/ingest";
import { selectionSchema } from "@/lib/selection/schema";
import { resetDatabase } from "@/test/db";
import { getSampleDetail } from "./detail";
import { listSamples } from "./list";

beforeAll(async () => {
  await resetDatabase();
  const report = await importFile(path.resolve("data/demo/demo.jsonl.gz"));
  expect(report.status).toBe("done");
});

describe("listSamples", () => {
  it("lists the samples of a benchmark with excerpts and full lengths", async () => {
    const list = await listSamples(selectionSchema.parse({ benchmark: "demo-bio-qa" }), { limit: 10 });
    expect(list.n_samples).toBe(73);
    expect(list.samples).toHaveLength(10);
    for (const s of list.samples) {
      expect(s.benchmark).toBe("demo-bio-qa");
      expect(Array.from(s.input).length).toBeLessThanOrEqual(300);
      expect(s.input_length).toBeGreaterThanOrEqual(Array.from(s.input).length - 1);
      expect(s.similarity).toBeNull();
    }
    expect(list.samples[0].id).toBe("demo-bio-qa/0001");
    expect(list.samples[0].reference).toBe("A");
  });

  it("pages through the list and combines filters", async () => {
    const first = await listSamples(selectionSchema.parse({ benchmark: ["demo-bio-qa", "demo-econ-qa"], tag: "immunology" }), { limit: 5 });
    const second = await listSamples(selectionSchema.parse({ benchmark: ["demo-bio-qa", "demo-econ-qa"], tag: "immunology" }), { limit: 5, offset: 5 });
    expect(first.n_samples).toBe(25);
    expect(new Set([...first.samples, ...second.samples].map((s) => s.id)).size).toBe(10);
    for (const s of [...first.samples, ...second.samples]) expect(s.tags).toContain("immunology");
  });
});

describe("getSampleDetail", () => {
  it("returns null for an unknown id", async () => {
    expect(await getSampleDetail("demo-bio-qa/9999")).toBeNull();
  });

  it("lists every measurement of a binary-accuracy sample and its two tiers", async () => {
    const d = (await getSampleDetail("demo-bio-qa/0001"))!;
    expect(d.input).toMatch(/^Which class of antibody/);
    expect(d.reference).toBe("A");
    expect(d.tags).toEqual(["biology", "immunology", "antibodies"]);
    expect(d.metadata).toMatchObject({ difficulty: "easy", source: "demo" });
    // The demo file has 13 accuracy lines for this sample: 12 correct, quill-chat-7b wrong.
    expect(d.measurements).toHaveLength(13);
    expect(d.measurements.every((m) => m.type === "score" && m.metric === "accuracy")).toBe(true);
    expect(d.ranking).toHaveLength(1);
    const [g] = d.ranking;
    expect(g).toMatchObject({ kind: "score", key: "accuracy" });
    expect(g.tiers.map((t) => t.value)).toEqual([1, 0]);
    expect(g.tiers[1].models).toEqual(["quill-chat-7b"]);
    expect(g.tiers[0].models).toHaveLength(12);
    // Every correct model wins one top-1 choice over the wrong one.
    expect(g.choices).toHaveLength(12);
    for (const c of g.choices) expect(c).toMatchObject({ losers: ["quill-chat-7b"], weight: 1 });
    expect(d.n_choice_events).toBe(12);
  });

  it("orders tiers by value, honouring lower-is-better metrics", async () => {
    const d = (await getSampleDetail("demo-translate/0001"))!;
    const byMetric = new Map<string, Map<string, number>>();
    for (const m of d.measurements) {
      if (m.type !== "score") continue;
      if (!byMetric.has(m.metric)) byMetric.set(m.metric, new Map());
      byMetric.get(m.metric)!.set(m.model, m.value);
    }
    expect([...byMetric.keys()].sort()).toEqual(["bleu", "edit-distance"]);
    for (const g of d.ranking) {
      const values = byMetric.get(g.key)!;
      const direction = g.key === "edit-distance" ? -1 : 1;
      // Every model of a tier has the tier's value; tiers are strictly better first.
      for (const t of g.tiers) for (const m of t.models) expect(values.get(m)).toBe(t.value);
      for (let i = 1; i < g.tiers.length; i++) expect(direction * (g.tiers[i - 1].value! - g.tiers[i].value!)).toBeGreaterThan(0);
      expect(g.tiers.flatMap((t) => t.models).sort()).toEqual([...values.keys()].sort());
      // A model in tier t beats exactly the models of the lower tiers.
      for (const c of g.choices) {
        const t = g.tiers.findIndex((x) => x.models.includes(c.winner));
        expect(c.losers.sort()).toEqual(g.tiers.slice(t + 1).flatMap((x) => x.models).sort());
      }
    }
  });

  it("shows rankings with their tiers and pairwise lines with their weights", async () => {
    const d = (await getSampleDetail("demo-writing-judge/0001"))!;
    const rankings = d.measurements.filter((m) => m.type === "ranking");
    expect(rankings.map((m) => m.metric).sort()).toEqual(["ranking", "style"]);
    const overall = d.ranking.find((g) => g.kind === "ranking" && g.key === "ranking")!;
    expect(overall.tiers.map((t) => t.models)).toEqual([["atlas-70b-instruct"], ["vega-moe-47b"], ["helix-bio-34b"], ["atlas-8b-instruct"], ["baseline-small-1b"], ["curie-chem-13b"]]);
    expect(overall.choices[0]).toEqual({ winner: "atlas-70b-instruct", losers: ["vega-moe-47b", "helix-bio-34b", "atlas-8b-instruct", "baseline-small-1b", "curie-chem-13b"], weight: 1 });
    expect(overall.choices).toHaveLength(5);

    const alpaca = (await listSamples(selectionSchema.parse({ benchmark: "demo-alpaca-eval" }), { limit: 1 })).samples[0];
    const p = (await getSampleDetail(alpaca.id))!;
    const lines = p.measurements.filter((m) => m.type === "pairwise");
    expect(lines.length).toBeGreaterThan(0);
    const weighted = p.ranking.filter((g) => g.kind === "pairwise");
    expect(weighted).toHaveLength(lines.length);
    for (const g of weighted) {
      expect(g.p_a).toBeGreaterThanOrEqual(0);
      expect(g.choices.reduce((s, c) => s + c.weight, 0)).toBeCloseTo(1, 12);
    }
  });
});
