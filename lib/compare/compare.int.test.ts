// lib/compare on the demo data: head-to-head probabilities, empirical records against a hand
// count from the demo file, per-benchmark leaders, disagreements and model validation.
import path from "node:path";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { importFile } from "@/lib/ingest";
import type { Selection } from "@/lib/selection/schema";
import { selectionSchema } from "@/lib/selection/schema";
import { demoSummary, plantedLast, plantedLeader } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { pool } from "@/lib/db/client";
import { forgetLeaderboards } from "@/lib/leaderboard/compute";
import { forgetSubsetFits } from "@/lib/serving/subset-fit-cache";
import { uploadLines } from "@/test/demo";
import { compareModels, type Comparison } from "./compare";

// The real retrieval, with its calls recorded: compare must not retrieve a selection twice.
const retrieved = vi.hoisted(() => [] as Selection[]);
vi.mock("@/lib/serving/retrieve", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/serving/retrieve")>();
  return { ...real, retrieve: (...args: Parameters<typeof real.retrieve>) => (retrieved.push(args[0]), real.retrieve(...args)) };
});

const DEMO = path.resolve("data/demo/demo.jsonl.gz");
const all = selectionSchema.parse({});
const GENERALIST = plantedLeader("overall");
const BIOLOGIST = plantedLeader("biology");
const CODER = plantedLeader("programming");

beforeAll(async () => {
  await resetDatabase();
  expect((await importFile(DEMO)).status).toBe("done");
});

describe("compareModels", () => {
  it("defaults to the top five of the selection's leaderboard", async () => {
    const c = await compareModels({ models: [], selection: all });
    expect(c.default_models).toBe(true);
    expect(c.models).toHaveLength(5);
    expect(c.models[0]).toBe(GENERALIST);
    expect(c.models).toEqual(c.available.slice(0, 5).map((a) => a.model));
  });

  it("gives head-to-head probabilities in (0, 1) with P(i, j) + P(j, i) = 1, ordered like the scores", async () => {
    const models = [GENERALIST, BIOLOGIST, plantedLast("overall")];
    const c = await compareModels({ models, selection: all });
    expect(c.head_to_head.models).toEqual(models);
    const { p } = c.head_to_head;
    for (let i = 0; i < 3; i++) {
      expect(p[i][i]).toBeNull();
      for (let j = 0; j < 3; j++) {
        if (i === j) continue;
        expect(p[i][j]!).toBeGreaterThan(0);
        expect(p[i][j]!).toBeLessThan(1);
        expect(p[i][j]! + p[j][i]!).toBeCloseTo(1, 12);
        const si = c.overall[i].score!;
        const sj = c.overall[j].score!;
        expect(p[i][j]!).toBeCloseTo(1 / (1 + Math.exp(sj - si)), 12);
      }
    }
    expect(p[0][2]!).toBeGreaterThan(0.9);
  });

  it("counts empirical wins, losses and ties as a hand count over the demo file does", async () => {
    const a = BIOLOGIST;
    const b = GENERALIST;
    const c = await compareModels({ models: [a, b], selection: selectionSchema.parse({ benchmark: "demo-bio-qa" }) });
    // Hand count: demo-bio-qa holds only accuracy scores, one group per sample.
    const acc = new Map<string, Map<string, number>>();
    for (const line of gunzipSync(readFileSync(DEMO)).toString("utf8").split("\n")) {
      if (!line.startsWith("{")) continue;
      const r = JSON.parse(line);
      if (r.type !== "score" || !r.sample.startsWith("demo-bio-qa/")) continue;
      if (!acc.has(r.sample)) acc.set(r.sample, new Map());
      acc.get(r.sample)!.set(r.model, r.value);
    }
    let wins = 0;
    let losses = 0;
    let ties = 0;
    for (const m of acc.values()) {
      if (!m.has(a) || !m.has(b)) continue;
      if (m.get(a)! > m.get(b)!) wins++;
      else if (m.get(a)! < m.get(b)!) losses++;
      else ties++;
    }
    const ab = c.pairwise.find((r) => r.model === a && r.opponent === b)!;
    const ba = c.pairwise.find((r) => r.model === b && r.opponent === a)!;
    expect(ab).toMatchObject({ wins, losses, ties, n: wins + losses + ties });
    expect(ab.rate).toBeCloseTo((wins + ties / 2) / (wins + losses + ties), 12);
    expect(ba).toMatchObject({ wins: losses, losses: wins, ties });
    expect(wins).toBeGreaterThan(losses);
  });

  it("fits every benchmark over the chosen models: the planted coder leads demo-code-tests", async () => {
    const models = [CODER, GENERALIST, plantedLeader("mathematics"), BIOLOGIST];
    const c = await compareModels({ models, selection: all });
    expect(c.benchmarks.map((b) => b.name)).toContain("demo-code-tests");
    const code = c.benchmarks.find((b) => b.name === "demo-code-tests")!;
    expect(code.n_samples).toBe(demoSummary().samplesByBenchmark["demo-code-tests"]);
    expect(code.scores.map((s) => s.model)).toEqual(models);
    const best = [...code.scores].sort((x, y) => y.score! - x.score!)[0];
    expect(best.model).toBe(CODER);
    expect(best.rank).toBe(1);
    for (const s of code.scores) expect(s.ci![0]).toBeLessThanOrEqual(s.score!);
    const bio = c.benchmarks.find((b) => b.name === "demo-bio-qa")!;
    expect([...bio.scores].sort((x, y) => y.score! - x.score!)[0].model).toBe(BIOLOGIST);
    expect(c.tags.length).toBeGreaterThan(0);
    expect(c.tags.length).toBeLessThanOrEqual(8);
    for (let i = 1; i < c.tags.length; i++) expect(c.tags[i - 1].n_samples).toBeGreaterThanOrEqual(c.tags[i].n_samples);
  });

  it("finds samples where the chosen models disagree with their overall order", async () => {
    const models = [GENERALIST, BIOLOGIST, plantedLeader("writing")];
    const c = await compareModels({ models, selection: selectionSchema.parse({ benchmark: "demo-bio-qa" }) });
    expect(c.disagreements.length).toBeGreaterThan(0);
    const scores = new Map(c.overall.map((r) => [r.model, r.score!]));
    for (let i = 1; i < c.disagreements.length; i++) expect(c.disagreements[i - 1].disagreement).toBeGreaterThanOrEqual(c.disagreements[i].disagreement);
    for (const d of c.disagreements) {
      expect(d.sample_id).toMatch(/^demo-bio-qa\//);
      expect(d.benchmark).toBe("demo-bio-qa");
      expect(d.input.length).toBeGreaterThan(0);
      expect(d.outcomes.map((o) => o.model)).toEqual(models);
      // At least one upset: a model with a lower overall score finished strictly ahead.
      const present = d.outcomes.filter((o) => o.place !== null);
      const upset = present.some((x) => present.some((y) => x.place! < y.place! && scores.get(x.model)! < scores.get(y.model)!));
      expect(upset).toBe(true);
      const leader = present.reduce((x, y) => (scores.get(y.model)! > scores.get(x.model)! ? y : x));
      expect(d.leader_lost).toBe(leader.place! > 1);
    }
    // The biologist leads biology; somewhere it was wrong where the generalist was right.
    expect(c.disagreements.some((d) => d.leader_lost && d.outcomes[1].label === "0" && d.outcomes[0].label === "1")).toBe(true);
  });

  it("retrieves the selection once, for the leaderboard, and reuses it on the next comparison", async () => {
    const selection = selectionSchema.parse({ tag: "virology", k: "33" });
    const ofThis = () => retrieved.filter((s) => s.tag.join() === "virology" && s.k === 33).length;
    const top = await compareModels({ models: [], selection });
    expect(ofThis()).toBe(1);
    const two = await compareModels({ models: top.models.slice(0, 2), selection });
    expect(ofThis()).toBe(1);
    expect(two.n_samples).toBe(top.n_samples);
  });

  it("reads the data version once: the chosen models' measurements come from the read model the leaderboard was computed from", async () => {
    const spy = vi.spyOn(pool(), "query");
    try {
      await compareModels({ models: [], selection: selectionSchema.parse({ tag: "virology", k: "21" }) });
      expect(spy.mock.calls.filter(([sql]) => /data_version AS v/.test(String(typeof sql === "string" ? sql : (sql as { text: string }).text))).length).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("rejects unknown models, naming them, and too few or too many models", async () => {
    await expect(compareModels({ models: [GENERALIST, "no-such-model"], selection: all })).rejects.toThrow(/no-such-model/);
    await expect(compareModels({ models: [GENERALIST, "no-such-model"], selection: all })).rejects.toBeInstanceOf(ApiError);
    await expect(compareModels({ models: [GENERALIST], selection: all })).rejects.toThrow(/at least 2/);
    const eleven = Array.from({ length: 11 }, (_, i) => `m${i}`);
    await expect(compareModels({ models: eleven, selection: all })).rejects.toThrow(/at most 10/);
  });

  it("after uploads, the comparison computed from the previous versions' fits equals a full recomputation", async () => {
    const expectSame = (warm: Comparison, cold: Comparison) => {
      expect(warm.models).toEqual(cold.models);
      expect(warm.available.map((a) => a.model)).toEqual(cold.available.map((a) => a.model));
      warm.available.forEach((a, i) => (a.score === null ? expect(cold.available[i].score).toBeNull() : expect(a.score).toBeCloseTo(cold.available[i].score!, 8)));
      warm.overall.forEach((r, i) => {
        const width = cold.overall[i].ci![1] - cold.overall[i].ci![0];
        expect(Math.abs(r.ci![1] - r.ci![0] - width)).toBeLessThanOrEqual(1e-3 * width);
      });
      warm.head_to_head.p.forEach((row, i) => row.forEach((p, j) => (p === null ? expect(cold.head_to_head.p[i][j]).toBeNull() : expect(p).toBeCloseTo(cold.head_to_head.p[i][j]!, 8))));
      expect(warm.pairwise).toEqual(cold.pairwise);
      for (const kind of ["benchmarks", "tags"] as const) {
        expect(warm[kind].map((s) => [s.name, s.n_samples, s.baseline])).toEqual(cold[kind].map((s) => [s.name, s.n_samples, s.baseline]));
        warm[kind].forEach((s, k) => s.scores.forEach((x, m) => (x.score === null ? expect(cold[kind][k].scores[m].score).toBeNull() : expect(x.score).toBeCloseTo(cold[kind][k].scores[m].score!, 8))));
      }
      expect(warm.disagreements.map((d) => [d.sample_id, d.key, d.upsets])).toEqual(cold.disagreements.map((d) => [d.sample_id, d.key, d.upsets]));
    };
    await compareModels({ models: [], selection: all });
    const samples = await pool().query<{ id: string }>(`SELECT id FROM samples ORDER BY pk LIMIT 3`);
    // A newcomer with one perfect result, then more results of it and of a known model: each
    // version's fits start from the last version's.
    await uploadLines([{ type: "score", sample: samples.rows[0].id, model: "compare-newcomer", metric: "accuracy", value: 1 }]);
    await compareModels({ models: [], selection: all });
    await uploadLines([
      { type: "score", sample: samples.rows[1].id, model: "compare-newcomer", metric: "accuracy", value: 0 },
      { type: "score", sample: samples.rows[2].id, model: GENERALIST, metric: "accuracy", value: 0 },
    ]);
    const warm = await compareModels({ models: [], selection: all });
    // Cold: no remembered computation, fit or carried batch (lib/serving/incremental-batch.ts).
    forgetLeaderboards();
    forgetSubsetFits();
    const cold = await compareModels({ models: [], selection: all });
    expect(cold.available.find((a) => a.model === "compare-newcomer")?.score).not.toBeNull();
    expectSame(warm, cold);
  });

  it("answers a repeated comparison with the one made for this data version, and makes it afresh after a publish", async () => {
    const first = await compareModels({ models: [], selection: all });
    expect(await compareModels({ models: [], selection: all })).toBe(first);
    const pair = first.models.slice(0, 2);
    const chosen = await compareModels({ models: pair, selection: all });
    expect(chosen).not.toBe(first);
    expect(await compareModels({ models: pair, selection: all })).toBe(chosen);
    // Another order of the same models is another comparison (its tables follow that order).
    const reversed = await compareModels({ models: [...pair].reverse(), selection: all });
    expect(reversed.models).toEqual([...pair].reverse());
    // Validation still runs on every request.
    await expect(compareModels({ models: [pair[0], "no-such-model"], selection: all })).rejects.toThrow(/no-such-model/);

    await uploadLines([
      { type: "sample", id: "compare-memo/1", benchmark: "compare-memo", input: "a new sample" },
      ...first.models.map((model, i) => ({ type: "score", sample: "compare-memo/1", model, metric: "accuracy", value: i % 2 })),
    ]);
    const after = await compareModels({ models: [], selection: all });
    expect(after).not.toBe(first);
    expect(after.n_samples).toBe(first.n_samples + 1);
    expect(after.benchmarks.map((b) => b.name)).toContain("compare-memo");
  });
});
