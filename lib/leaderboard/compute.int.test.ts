import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { DEMO_BASELINE, plantedLeader } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { importDemo, uploadLines } from "@/test/demo";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { retrieve } from "@/lib/serving/retrieve";
import { dataVersion } from "@/lib/db/data-version";
import { leaderboardQuerySchema, type LeaderboardQuery } from "@/lib/selection/schema";
import { computeLeaderboard, liveLeaderboard } from "./compute";
import { ApiError } from "@/lib/api/errors";

const query = (params: Record<string, string | string[]>): LeaderboardQuery => leaderboardQuerySchema.parse(params);

beforeAll(async () => {
  await resetDatabase();
  await importDemo();
  await embedPendingSamples();
});
afterAll(closeDb);

async function benchmarksOf(pks: number[]): Promise<string[]> {
  const r = await pool().query<{ benchmark: string }>(`SELECT DISTINCT benchmark FROM samples WHERE pk = ANY($1::int[])`, [pks]);
  return r.rows.map((x) => x.benchmark).sort();
}

describe("retrieval filters, k and threshold", () => {
  it("a benchmark filter selects exactly that benchmark's samples", async () => {
    const r = await retrieve(query({ benchmark: "demo-code-tests" }));
    expect(await benchmarksOf(r.samples.map((s) => s.pk))).toEqual(["demo-code-tests"]);
    const n = await pool().query(`SELECT count(*)::int AS n FROM samples WHERE benchmark = 'demo-code-tests'`);
    expect(r.samples).toHaveLength(n.rows[0].n);
  });

  it("filters are OR within a key and AND across keys", async () => {
    const either = await retrieve(query({ benchmark: ["demo-code-tests", "demo-law-mc"] }));
    expect(await benchmarksOf(either.samples.map((s) => s.pk))).toEqual(["demo-code-tests", "demo-law-mc"]);
    const both = await retrieve(query({ benchmark: ["demo-code-tests", "demo-law-mc"], tag: "python" }));
    expect(both.samples.length).toBeGreaterThan(0);
    expect(both.samples.length).toBeLessThan(either.samples.length);
    const tags = await pool().query(`SELECT DISTINCT benchmark, 'python' = ANY(tags) AS py FROM samples WHERE pk = ANY($1::int[])`, [both.samples.map((s) => s.pk)]);
    expect(tags.rows).toEqual([{ benchmark: "demo-code-tests", py: true }]);
  });

  it("a metadata filter matches on the key's value", async () => {
    const r = await retrieve(query({ meta: "difficulty:hard" }));
    const rows = await pool().query(`SELECT DISTINCT metadata->>'difficulty' AS d FROM samples WHERE pk = ANY($1::int[])`, [r.samples.map((s) => s.pk)]);
    expect(rows.rows).toEqual([{ d: "hard" }]);
  });

  it("k bounds a semantic query, best first, and threshold cuts by cosine similarity", async () => {
    const top = await retrieve(query({ q: "antibodies", k: "10" }));
    expect(top.samples).toHaveLength(10);
    const sims = top.samples.map((s) => s.similarity!);
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    expect(top.embedder).toMatch(/^fallback-lsa-v1:/);
    const cut = await retrieve(query({ q: "antibodies", k: "500", threshold: "0.3" }));
    expect(cut.samples.length).toBeGreaterThan(5);
    expect(cut.samples.length).toBeLessThan(500);
    expect(Math.min(...cut.samples.map((s) => s.similarity!))).toBeGreaterThanOrEqual(0.3 - 1e-9);
  });
});

describe("capability leaderboards on the demo data", () => {
  it.each([
    ["python code", plantedLeader("programming/python")],
    ["antibodies", plantedLeader("biology/immunology")],
    ["macroeconomics", plantedLeader("economics/macroeconomics")],
    ["contract law", plantedLeader("law/contract law")],
  ])("%s → %s leads", async (q, leader) => {
    const lb = await liveLeaderboard(query({ q, k: "200", threshold: "0.2" }));
    expect(lb.models[0].model).toBe(leader);
    expect(lb.baseline).toBe(DEMO_BASELINE);
    expect(lb.models.find((m) => m.model === DEMO_BASELINE)!.score).toBe(0);
  });

  it("an explicit baseline missing from the selection is a 400 naming the parameter", async () => {
    await expect(computeLeaderboard(query({ benchmark: "demo-code-tests", baseline: "no-such-model" }))).rejects.toThrow(ApiError);
    await expect(computeLeaderboard(query({ benchmark: "demo-code-tests", baseline: "no-such-model" }))).rejects.toThrow(/"baseline"/);
  });

  it("returns the retrieval and the batch it ranked, and keeps them for the next view of the selection", async () => {
    const q = query({ q: "virology", k: "40" });
    const computed = await computeLeaderboard(q);
    const { leaderboard: lb, retrieval, loaded } = computed;
    expect(lb.cached).toBe(false);
    expect(computed.query).toMatchObject({ q: "virology", k: 40, baseline: "reference-4o-mini", baselineRequested: false, prior: 0.1 });
    expect(retrieval.samples).toHaveLength(40);
    expect(lb.retrieval.n_retrieved).toBe(40);
    expect(new Set(loaded.samplePks).size).toBe(loaded.batch.nSamples);
    expect(loaded.samplePks.every((pk) => retrieval.samples.some((s) => s.pk === pk))).toBe(true);
    expect(loaded.batch.modelNames).toEqual(expect.arrayContaining(lb.models.map((m) => m.model)));
    expect(loaded.batch.modelNames).toHaveLength(lb.models.length);
    const again = await computeLeaderboard(q);
    expect(again.leaderboard.cached).toBe(true);
    expect(again.retrieval).toBe(retrieval);
    expect(again.loaded).toBe(loaded);
    const answer = await liveLeaderboard(q);
    expect(answer.cached).toBe(true);
    expect(answer.computed_at).toBe(lb.computed_at);
    expect(answer.models).toEqual(lb.models);
  });

  it("keeps the last capability computation, and the selections without a text across several capability queries", async () => {
    const whole = await computeLeaderboard(query({}));
    const virology = await computeLeaderboard(query({ q: "virology", k: "30" }));
    expect((await computeLeaderboard(query({ q: "virology", k: "30" }))).retrieval).toBe(virology.retrieval);
    for (const text of ["chemistry", "history", "law"]) await computeLeaderboard(query({ q: text, k: "30" }));
    // The whole pool's computation (costly to redo) is still the same object, with its batch.
    const wholeAgain = await computeLeaderboard(query({}));
    expect(wholeAgain.loaded).toBe(whole.loaded);
    // A capability computation (cheap to redo, ~1 MB of objects kept) only while it is the last:
    // recomputed, the same answer from a new retrieval; its answer itself is still cached.
    const virologyAgain = await computeLeaderboard(query({ q: "virology", k: "30" }));
    expect(virologyAgain.retrieval).not.toBe(virology.retrieval);
    expect(virologyAgain.retrieval.samples.map((s) => s.pk)).toEqual(virology.retrieval.samples.map((s) => s.pk));
    // (fitted again from the last θ: the same optimum, to the solver's tolerance)
    expect(virologyAgain.leaderboard.models.map((m) => m.model)).toEqual(virology.leaderboard.models.map((m) => m.model));
    virologyAgain.leaderboard.models.forEach((m, i) => expect(m.score ?? 0).toBeCloseTo(virology.leaderboard.models[i].score ?? 0, 6));
    expect((await liveLeaderboard(query({ q: "chemistry", k: "30" }))).cached).toBe(true);
  });

  it("warns when too few samples were retrieved", async () => {
    const lb = await liveLeaderboard(query({ q: "antibodies", k: "5" }));
    expect(lb.warnings.map((w) => w.code)).toContain("few_samples");
  });
});

describe("connectivity and cache invalidation", () => {
  it("a model not connected to the baseline gets no score under the MLE, only a named warning", async () => {
    await uploadLines([
      { type: "sample", id: "island/1", benchmark: "island", input: "An isolated comparison" },
      { type: "pairwise", sample: "island/1", model_a: "island-a", model_b: "island-b", winner: "a" },
      { type: "score", sample: "island/1", model: DEMO_BASELINE, metric: "accuracy", value: 1 },
    ]);
    const lb = await liveLeaderboard(query({ prior: "0" }));
    for (const name of ["island-a", "island-b"]) {
      const row = lb.models.find((m) => m.model === name)!;
      expect(row.score).toBeNull();
      expect(lb.warnings.some((w) => w.code === "not_connected" && w.model === name)).toBe(true);
    }
  });

  it("a committed upload bumps the data version, so the cached leaderboard is recomputed", async () => {
    const q = query({ benchmark: "demo-geo-qa" });
    const before = await liveLeaderboard(q);
    expect((await liveLeaderboard(q)).cached).toBe(true);
    expect((await computeLeaderboard(q)).leaderboard.cached).toBe(true);
    const v = await dataVersion();
    // A new model that answers every geography question correctly.
    const samples = await pool().query<{ id: string }>(`SELECT id FROM samples WHERE benchmark = 'demo-geo-qa'`);
    await uploadLines(samples.rows.map((s) => ({ type: "score", sample: s.id, model: "geo-oracle", metric: "accuracy", value: 1 })));
    expect(await dataVersion()).toBeGreaterThan(v);
    const after = await liveLeaderboard(q);
    expect(after.cached).toBe(false);
    expect(before.models.map((m) => m.model)).not.toContain("geo-oracle");
    expect(after.models[0].model).toBe("geo-oracle");
  });

  it("concurrent requests for the same key share one computation", async () => {
    const q = query({ benchmark: "demo-law-mc", prior: "0.3" });
    const [a, b] = await Promise.all([computeLeaderboard(q), computeLeaderboard(q)]);
    // one computation: the same leaderboard object (each answer adds the read model it was looked up in)
    expect(a.leaderboard).toBe(b.leaderboard);
    expect(a.leaderboard.cached).toBe(false);
    expect((await computeLeaderboard(q)).leaderboard.cached).toBe(true);
  });

  it("after an upload elsewhere, a selection whose data did not change keeps its ranking: no refit", async () => {
    const q = query({ benchmark: "demo-law-mc", prior: "0.2" });
    const before = await liveLeaderboard(q);
    expect(before.diagnostics.iterations).toBeGreaterThan(1);
    const sample = await pool().query<{ id: string }>(`SELECT id FROM samples WHERE benchmark = 'demo-geo-qa' LIMIT 1`);
    await uploadLines([{ type: "score", sample: sample.rows[0].id, model: "warm-probe", metric: "accuracy", value: 1 }]);
    const after = await liveLeaderboard(q);
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(after.cached).toBe(false);
    // The carried batch is the same: the previous fit's result, to the last bit (a refit from its θ
    // would take one more step and move the scores by ~1e-11).
    expect(after.diagnostics).toEqual(before.diagnostics);
    expect(after.models.map((m) => [m.model, m.score, m.ci])).toEqual(before.models.map((m) => [m.model, m.score, m.ci]));
  });

  it("after an upload into a selection, its fit starts from its previous θ", async () => {
    const q = query({ benchmark: "demo-law-mc", prior: "0.2" });
    const before = await liveLeaderboard(q);
    // Two of the selection's models on one of its samples, under a new metric: one more choice event.
    const target = await pool().query<{ id: string; models: string[] }>(
      `SELECT s.id, array_agg(DISTINCT m.name ORDER BY m.name) AS models FROM samples s JOIN measurements x ON x.sample_pk = s.pk JOIN models m ON m.id = x.model_id
        WHERE s.benchmark = 'demo-law-mc' AND x.kind = 'score' GROUP BY s.id HAVING count(DISTINCT m.name) >= 2 ORDER BY s.id LIMIT 1`,
    );
    const { id, models } = target.rows[0];
    await uploadLines(models.slice(0, 2).map((model, i) => ({ type: "score", sample: id, model, metric: "warm-probe-metric", value: 1 - i })));
    const after = await liveLeaderboard(q);
    expect(after.data_version).toBeGreaterThan(before.data_version);
    expect(after.cached).toBe(false);
    expect(after.diagnostics.n_choices).toBeGreaterThan(before.diagnostics.n_choices);
    // Cold, this selection takes more Newton steps than from the last θ, which one new line barely moves.
    expect(after.diagnostics.iterations).toBeLessThan(before.diagnostics.iterations);
    expect(after.models.map((m) => m.model).slice(0, 3)).toEqual(before.models.map((m) => m.model).slice(0, 3));
  });
});


describe("database reads of a live leaderboard", () => {
  it("polls the data version once per request, and reads model facts once per version whichever models a query ranks", async () => {
    const spy = vi.spyOn(pool(), "query");
    const statements = (re: RegExp) => spy.mock.calls.filter(([sql]) => re.test(typeof sql === "string" ? sql : (sql as { text: string }).text)).length;
    try {
      const all = await liveLeaderboard(query({ q: "antibodies in the blood" }));
      expect(all.cached).toBe(false);
      expect(statements(/data_version AS v/)).toBe(1);
      const two = await liveLeaderboard(query({ q: "antibodies in the blood", models: all.models.slice(0, 2).map((m) => m.model) }));
      expect(two.models).toHaveLength(2);
      expect(statements(/data_version AS v/)).toBe(2);
      // Once for the version (none when an earlier test of this file read them under it already).
      expect(statements(/FROM model_facts f JOIN models m/) - statements(/f\.family/)).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
  });
});
