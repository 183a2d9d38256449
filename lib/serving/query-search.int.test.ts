// Capability queries over the demo pool through the serving path: the adaptive default, tag words
// found by the lexical side, the query language's filter terms, exclusions and AND, why each
// sample matched, and a query that does not parse. Expectations come from the stored demo samples.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDb, pool } from "@/lib/db/client";
import { embedPendingSamples } from "@/lib/retrieval/embed-pool";
import { LexicalIndex } from "@/lib/retrieval/lexical";
import { listSamples } from "@/lib/samples/list";
import { leaderboardQuerySchema } from "@/lib/selection/schema";
import { plantedLeader } from "@/scripts/demo/planted";
import { resetDatabase } from "@/test/db";
import { importDemo } from "@/test/demo";
import { liveLeaderboard } from "@/lib/leaderboard/compute";
import { retrieve } from "./retrieve";

const query = (params: Record<string, string | string[]>) => leaderboardQuerySchema.parse(params);

beforeAll(async () => {
  await resetDatabase();
  await importDemo();
  await embedPendingSamples();
});
afterAll(closeDb);

async function pksWhere(where: string, values: unknown[] = []): Promise<number[]> {
  const r = await pool().query<{ pk: number }>(`SELECT pk FROM samples WHERE ${where} ORDER BY pk`, values);
  return r.rows.map((x) => x.pk);
}
const sorted = (pks: number[]) => [...pks].sort((a, b) => a - b);

describe("capability queries with the adaptive default", () => {
  it("a word naming a tag retrieves every sample carrying it, and fewer than the pool", async () => {
    const r = await retrieve(query({ q: "immunology" }));
    const tagged = await pksWhere(`'immunology' = ANY(tags)`);
    const all = await pksWhere("true");
    const got = new Set(r.samples.map((s) => s.pk));
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((pk) => got.has(pk))).toBe(true);
    expect(r.samples.length).toBeLessThan(all.length / 4);
    expect(r.cut?.mode).toBe("adaptive");
    expect(r.cut?.n_candidates).toBe(all.length);
    expect(r.cut?.background?.z).toBeGreaterThan(0);
    expect(r.samples.filter((s) => s.similarity !== null).every((s) => s.similarity! >= r.cut!.cut.similarity! || s.why!.labelled)).toBe(true);
  });

  it("the leaderboard of the default cut is led by the planted specialist and says how it was cut", async () => {
    const lb = await liveLeaderboard(query({ q: "antibodies" }));
    expect(lb.models[0].model).toBe(plantedLeader("biology/immunology"));
    expect(lb.retrieval.mode).toBe("adaptive");
    expect(lb.retrieval.cut?.k).toBe(lb.retrieval.n_retrieved);
    expect(lb.retrieval.parsed_query).toBe("(antibodies)");
    expect(lb.retrieval.fields_read_as_text).toEqual([]);
    expect(lb.warnings.filter((w) => w.code === "field_as_text")).toEqual([]);
  });

  it("says why nothing matched: filters that pass no sample, too few samples to cut, a threshold nobody reaches", async () => {
    const noMatch = async (params: Record<string, string>) => (await liveLeaderboard(query(params))).warnings.find((w) => w.code === "no_match")?.message;
    // Before, each of these blamed the words ("none of its words occur in the pool …").
    expect(await noMatch({ q: "antibodies", benchmark: "demo-bio-q" })).toBe('Nothing in the pool matches "antibodies": no sample passes its filters.');
    // A tag of fewer samples than a background needs (20), none of them about antibodies.
    const small = await pool().query<{ tag: string; n: number }>(
      `SELECT t AS tag, count(*)::int AS n FROM samples, unnest(tags) t GROUP BY t
        HAVING count(*) < 20 AND bool_and(input NOT ILIKE '%antibod%' AND array_to_string(tags, ' ') NOT ILIKE '%antibod%') ORDER BY count(*) DESC, t LIMIT 1`,
    );
    const { tag, n } = small.rows[0];
    expect(n).toBeGreaterThan(0);
    expect(await noMatch({ q: "antibodies", tag })).toBe('Nothing in the pool matches "antibodies": its filters leave fewer than 20 samples with a similarity, too few for one to stand out, and none of them has its words.');
    // A quoted phrase no sample holds; two concepts that each retrieve samples, none in common.
    expect(await noMatch({ q: '"zebra quantum harpsichord"' })).toBe('Nothing in the pool matches ""zebra quantum harpsichord"": no sample that passes its filters contains "zebra quantum harpsichord".');
    const both = await liveLeaderboard(query({ q: "antibodies AND contract law" }));
    expect(both.retrieval.concepts.every((c) => c.cut.k > 0)).toBe(true);
    expect(both.warnings.find((w) => w.code === "no_match")?.message).toBe('Nothing in the pool matches "antibodies AND contract law": no sample matches all of its concepts together.');
    expect(await noMatch({ q: "antibodies", threshold: "0.999" })).toBe('Nothing in the pool matches "antibodies": no sample\'s similarity reaches the threshold 0.999.');
  });

  it("a filter value no sample has is named (a misspelt benchmark), beside the few-samples warning", async () => {
    const lb = await liveLeaderboard(query({ benchmark: ["demo-bio-qa", "demo-bio-q"], tag: "no-such-tag" }));
    expect(lb.n_samples).toBe(0);
    expect(lb.warnings.filter((w) => w.code === "unknown_filter_value").map((w) => w.message)).toEqual([
      'No sample of the pool has benchmark "demo-bio-q" (the pool\'s benchmarks are listed at /benchmarks).',
      'No sample of the pool has tag "no-such-tag".',
    ]);
    expect((await liveLeaderboard(query({ benchmark: "demo-bio-qa" }))).warnings.map((w) => w.code)).not.toContain("unknown_filter_value");
  });

  it("a misspelt field is searched for as text, and the answer says which field it looked meant as", async () => {
    const lb = await liveLeaderboard(query({ q: "antibodies Tags:immunology" }));
    expect(lb.retrieval.parsed_query).toBe("(antibodies Tags:immunology)");
    expect(lb.retrieval.fields_read_as_text).toEqual([{ word: "Tags:immunology", suggestion: "tag:immunology" }]);
    expect(lb.warnings).toContainEqual({ code: "field_as_text", message: expect.stringContaining('did you mean "tag:immunology"?') });
    const list = await listSamples(query({ q: "antibodies Tags:immunology" }));
    expect(list.retrieval.fields_read_as_text).toEqual([{ word: "Tags:immunology", suggestion: "tag:immunology" }]);
  });

  it("explicit k and threshold still bound the set as in version 1", async () => {
    const r = await retrieve(query({ q: "antibodies", k: "7" }));
    expect(r.samples).toHaveLength(7);
    expect(r.cut?.mode).toBe("k");
    const t = await retrieve(query({ q: "antibodies", threshold: "0.3" }));
    expect(t.cut?.mode).toBe("threshold");
    expect(Math.min(...t.samples.map((s) => s.similarity!))).toBeGreaterThanOrEqual(0.3 - 1e-9);
  });
});

describe("a concept no sample carries as a tag or task", () => {
  it("is answered by its expanded query, and every hit says so", async () => {
    // "viral" is in the text of a dozen virology questions and in no tag or task.
    const r = await retrieve(query({ q: "viral" }));
    const e = r.concepts[0].report.expansion!;
    expect(e.seeds_from).toBe("lexical");
    expect(e.feedback_samples).toBeGreaterThanOrEqual(10);
    expect(r.samples.length).toBeGreaterThan(e.feedback_samples);
    expect(r.samples.every((s) => s.similarity! >= r.cut!.cut.similarity!)).toBe(true);
    // The dozen seeds move the query onto the demo's biology questions: every virology one, and
    // little outside biology (measured: 70 of 71 tagged biology, all 24 virology ones).
    const got = new Set(r.samples.map((s) => s.pk));
    expect((await pksWhere(`'virology' = ANY(tags)`)).every((pk) => got.has(pk))).toBe(true);
    const biology = new Set(await pksWhere(`'biology' = ANY(tags)`));
    expect(r.samples.filter((s) => biology.has(s.pk)).length).toBeGreaterThanOrEqual(0.9 * r.samples.length);
    for (const s of r.samples) expect(s.why!.expanded).toEqual([{ concept: "viral", added_terms: e.terms, feedback_samples: e.feedback_samples }]);
    const k = await retrieve(query({ q: "viral", k: "5" }));
    expect(k.concepts[0].report.expansion).toBeUndefined();
    expect(k.samples[0].why!.expanded).toBeUndefined();
  });
});

describe("the query language", () => {
  it("a filter term restricts to the benchmark and -word removes every sample containing the word", async () => {
    const r = await retrieve(query({ q: "biology benchmark:demo-bio-qa -antibody" }));
    const inBenchmark = new Set(await pksWhere(`benchmark = 'demo-bio-qa'`));
    const withWord = new Set(await pksWhere(`input ~* '\\mantibod(y|ies)\\M' OR EXISTS (SELECT 1 FROM unnest(tags) t WHERE t ~* '\\mantibod(y|ies)\\M')`));
    expect(r.samples.length).toBeGreaterThan(0);
    expect(r.samples.every((s) => inBenchmark.has(s.pk) && !withWord.has(s.pk))).toBe(true);
    expect(r.parsed).toBe("(biology) benchmark:demo-bio-qa -antibody");
  });

  it("AND keeps the samples both concepts retrieve", async () => {
    const both = await retrieve(query({ q: "programming AND sql" }));
    const a = new Set((await retrieve(query({ q: "programming" }))).samples.map((s) => s.pk));
    const b = new Set((await retrieve(query({ q: "sql" }))).samples.map((s) => s.pk));
    expect(both.samples.length).toBeGreaterThan(0);
    expect(sorted(both.samples.map((s) => s.pk))).toEqual(sorted([...a].filter((pk) => b.has(pk))));
    expect(both.concepts.map((c) => c.text)).toEqual(["programming", "sql"]);
  });

  it("AND lists the first concept's samples that the others retrieve, in its order; OR interleaves the groups by rank", async () => {
    const pks = async (q: string, k?: string) => (await retrieve(query(k ? { q, k } : { q }))).samples.map((s) => s.pk);
    const [a, b] = [await pks("programming"), await pks("sql")];
    const inB = new Set(b);
    const inA = new Set(a);
    expect(await pks("programming AND sql")).toEqual(a.filter((pk) => inB.has(pk)));
    // Rank by rank: a's first, b's first, a's second, … each sample once.
    const alternating = (x: number[], y: number[]) => [...new Set(Array.from({ length: Math.max(x.length, y.length) }, (_, i) => [x[i], y[i]]).flat().filter((v) => v !== undefined))];
    expect(await pks("programming OR sql")).toEqual(alternating(a, b));
    expect(sorted(await pks("programming AND sql OR sql AND programming"))).toEqual(sorted(a.filter((pk) => inB.has(pk))));
    expect(inA.size + inB.size).toBeGreaterThan(0);
  });

  it("OR with an explicit k shares the k between the groups: both concepts' best, whichever is written first", async () => {
    const pks = async (q: string) => (await retrieve(query({ q, k: "20" }))).samples.map((s) => s.pk);
    const [bio, econ] = [await pks("antibodies"), await pks("macroeconomics")];
    const either = await pks("antibodies OR macroeconomics");
    expect(either).toHaveLength(20);
    expect(sorted(either)).toEqual(sorted(await pks("macroeconomics OR antibodies")));
    // Before, the first concept's 20 filled k and the second concept was dropped.
    expect(either.filter((pk) => bio.includes(pk)).length).toBeGreaterThanOrEqual(10);
    expect(either.filter((pk) => econ.includes(pk)).length).toBeGreaterThanOrEqual(10);
  });

  it("-benchmark:x (and any excluded field term) leaves out the samples it would select", async () => {
    const inMc = new Set(await pksWhere(`benchmark = 'demo-law-mc'`));
    const all = await retrieve(query({ q: "law" }));
    expect(all.samples.some((s) => inMc.has(s.pk))).toBe(true);
    const without = await retrieve(query({ q: "law -benchmark:demo-law-mc" }));
    expect(without.samples.length).toBeGreaterThan(0);
    expect(without.samples.some((s) => inMc.has(s.pk))).toBe(false);
    expect(without.parsed).toBe("(law) -benchmark:demo-law-mc");
    // Filters only: the pool but that benchmark.
    const rest = await retrieve(query({ q: "-benchmark:demo-bio-qa" }));
    expect(sorted(rest.samples.map((s) => s.pk))).toEqual(await pksWhere(`benchmark <> 'demo-bio-qa'`));
    // Two metadata keys: a sample matching either is left out (not only one matching both).
    const meta = await retrieve(query({ q: "-meta.difficulty:easy -meta.language:xx" }));
    expect(sorted(meta.samples.map((s) => s.pk))).toEqual(await pksWhere(`NOT (metadata->>'difficulty' = 'easy') OR metadata->>'difficulty' IS NULL`));
  });

  it("a query of filters only lists the passing samples by pk, the first k of them", async () => {
    const inBenchmark = await pksWhere(`benchmark = 'demo-bio-qa'`);
    expect((await retrieve(query({ q: "benchmark:demo-bio-qa" }))).samples).toEqual(inBenchmark.map((pk) => ({ pk, similarity: null, why: { similarity: {}, terms: [], labelled: false } })));
    expect((await retrieve(query({ q: "benchmark:demo-bio-qa", k: "3" }))).samples.map((s) => s.pk)).toEqual(inBenchmark.slice(0, 3));
  });

  it("a query that does not parse is an error naming the position and what was expected", () => {
    const r = leaderboardQuerySchema.safeParse({ q: 'law "contract' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].message).toBe('at position 5: expected a closing " for the quote opened here, found the end of the query');
    // A word with a colon that names no field is text (api.md v1.1: plain text keeps working).
    expect(leaderboardQuerySchema.safeParse({ q: "colour:red" }).success).toBe(true);
    expect(leaderboardQuerySchema.safeParse({ q: "tag:" }).error!.issues[0].message).toContain('a value after "tag:"');
  });
});

describe("why each sample matched", () => {
  it("is built when read, once per sample, and serialises with the sample as before", async () => {
    const explain = vi.spyOn(LexicalIndex.prototype, "explain");
    try {
      const r = await retrieve(query({ q: "immunology antibodies" }));
      expect(r.samples.length).toBeGreaterThan(2);
      expect(explain).not.toHaveBeenCalled();
      const first = r.samples[0];
      expect(first.why).toBe(first.why);
      expect(explain).toHaveBeenCalledTimes(1);
      const json = JSON.parse(JSON.stringify(r.samples));
      expect(Object.keys(json[1])).toEqual(["pk", "similarity", "why"]);
      expect(json[1]).toEqual({ pk: r.samples[1].pk, similarity: r.samples[1].similarity, why: r.samples[1].why });
      expect(json[0].why.similarity.text).toBe(first.similarity);
      expect(explain).toHaveBeenCalledTimes(r.samples.length);
    } finally {
      explain.mockRestore();
    }
  });

  it("GET /api/samples' list carries the similarity and the matched terms with their fields", async () => {
    const list = await listSamples(query({ q: "immunology" }), { limit: 5 });
    expect(list.retrieval.mode).toBe("adaptive");
    expect(list.samples).toHaveLength(5);
    for (const s of list.samples) {
      expect(s.why!.similarity.text).toBe(s.similarity);
      if (s.tags.includes("immunology")) expect(s.why!.terms).toContainEqual({ term: "immunology", fields: expect.arrayContaining(["tag"]) });
    }
  });
});
