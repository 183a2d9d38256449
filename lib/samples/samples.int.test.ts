// lib/samples on the demo data: listing a selection, and one sample's measurements and the
// sample-level ranking they became.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { importFile } from "@/lib/ingest";
import { selectionSchema } from "@/lib/selection/schema";
import { demoMeasurementsOf, demoSamples, demoSummary } from "@/scripts/demo/planted";
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
    expect(list.n_samples).toBe(demoSummary().samplesByBenchmark["demo-bio-qa"]);
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
    const inFile = demoSamples().filter((s) => ["demo-bio-qa", "demo-econ-qa"].includes(s.benchmark) && s.tags?.includes("immunology"));
    expect(first.n_samples).toBe(inFile.length);
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
    // The demo file's accuracy lines for this sample: the correct models form the first tier.
    const lines = demoMeasurementsOf("demo-bio-qa/0001").filter((l) => l.type === "score");
    const correct = lines.filter((l) => l.value === 1).map((l) => l.model);
    const wrong = lines.filter((l) => l.value === 0).map((l) => l.model);
    expect(correct.length * wrong.length).toBeGreaterThan(0);
    expect(d.measurements).toHaveLength(lines.length);
    expect(d.measurements.every((m) => m.type === "score" && m.metric === "accuracy")).toBe(true);
    expect(d.ranking).toHaveLength(1);
    const [g] = d.ranking;
    expect(g).toMatchObject({ kind: "score", key: "accuracy" });
    expect(g.tiers.map((t) => t.value)).toEqual([1, 0]);
    expect([...g.tiers[1].models].sort()).toEqual(wrong.sort());
    expect([...g.tiers[0].models].sort()).toEqual(correct.sort());
    // Every correct model wins one top-1 choice over the wrong ones.
    expect(g.choices).toHaveLength(correct.length);
    for (const c of g.choices) expect({ ...c, losers: [...c.losers].sort() }).toMatchObject({ losers: wrong, weight: 1 });
    expect(d.n_choice_events).toBe(correct.length);
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
    // The judge's ranking as the demo file has it (best first), one tier per line entry.
    const judged = demoMeasurementsOf("demo-writing-judge/0001").find((l) => l.type === "ranking" && l.metric === undefined);
    if (judged?.type !== "ranking") throw new Error("demo-writing-judge/0001 has no ranking without a metric");
    expect(judged.ranking[0]).toHaveLength(1);
    expect(overall.tiers.map((t) => t.models)).toEqual(judged.ranking);
    expect(overall.choices[0]).toEqual({ winner: judged.ranking[0][0], losers: judged.ranking.slice(1).flat(), weight: 1 });
    expect(overall.choices).toHaveLength(judged.ranking.slice(0, -1).flat().length);

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
