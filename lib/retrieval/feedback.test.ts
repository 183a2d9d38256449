import { describe, expect, it } from "vitest";
import { searchConcept } from "./concept-search";
import { conceptLexicon } from "./concept-terms";
import { centroid, expandConcept, familyOf, FEEDBACK_SEEDS } from "./feedback";
import { LexicalIndex, type LexicalDoc } from "./lexical";

// A pool of two topics in a 4-dimensional space: 40 chemistry questions near e0 (12 of them say
// "chemist", 5 of those "burette", none says "chemistry") and 200 others near e1. The word "chemistry" itself embeds
// near e2, where nothing lies: its own similarities barely rise above the background.
const CHEM = 40;
const N = 240;
const noise = (i: number, d: number) => (((i * 31 + d * 17) % 23) / 23 - 0.5) * 0.3;
function unit(v: number[]): Float32Array {
  const n = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / n);
}
const vectors = Array.from({ length: N }, (_, i) => unit([0, 1, 2, 3].map((d) => (d === (i < CHEM ? 0 : 1) ? 1 : 0) + noise(i, d))));
const docs: LexicalDoc[] = Array.from({ length: N }, (_, i) => ({
  input: i < CHEM ? (i < 12 ? `A chemist titrates solution ${i}${i < 5 ? " with a burette" : ""}.` : `Moles of gas in reaction ${i}.`) : `Ruling of the court in case ${i}.`,
  tags: [],
  task: null,
  benchmark: "b",
  metadata: [],
}));
const index = new LexicalIndex(docs);
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((s, x, i) => s + x * b[i], 0);
const similarities = (q: Float32Array) => Float32Array.from(vectors, (v) => dot(v, q));
const ownQuery = unit([0.05, 0.05, 1, 0]);
const all = () => new Uint8Array(N).fill(1);
const input = (text: string) => ({ index, text, dense: similarities(ownQuery), candidate: all(), vectorOf: (r: number) => vectors[r], similarities });
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

describe("a query word's family in the pool", () => {
  it("is the index words sharing its first ¾ characters (at least 4); short words have none", () => {
    const idx = new LexicalIndex(["economy economist economic ecology", "law lawn"].map((input) => ({ input, tags: [], task: null, benchmark: null, metadata: [] })));
    expect(familyOf(idx, "economic")).toEqual(["economic", "economist", "economy"]);
    expect(familyOf(idx, "law")).toEqual([]);
    expect(familyOf(index, "chemistry")).toEqual(["chemist"]);
  });
});

describe("query expansion by pseudo-relevance feedback", () => {
  it("moves the query to the mean of the samples its words' family finds, and the cut keeps their topic", () => {
    const before = searchConcept(input("chemistry"), { k: 50 });
    expect(before.expansion).toBeNull();
    expect(before.result.rows.filter((r) => r < CHEM).length).toBeLessThan(CHEM / 2);

    const after = searchConcept(input("chemistry"), {});
    expect(after.expansion).toMatchObject({ terms: ["chemist"], from: "lexical" });
    expect([...after.expansion!.seeds].sort((a, b) => a - b)).toEqual(range(0, 12));
    expect(after.result.report.expansion).toEqual({ terms: ["chemist"], feedback_samples: 12, seeds_from: "lexical" });
    expect([...after.result.rows].sort((a, b) => a - b)).toEqual(range(0, CHEM));
    expect(after.terms).toEqual(["chemistry", "chemist"]);
    for (const r of after.result.rows) expect(after.dense[r]).toBeGreaterThanOrEqual(after.result.report.cut.similarity!);
  });

  it("takes the seeds from the similarities when fewer than 10 samples contain the words", () => {
    const e = expandConcept({ ...input("burette"), lexicon: conceptLexicon(index, "burette") })!;
    expect(e.expansion.from).toBe("dense");
    expect(e.expansion.seeds).toHaveLength(FEEDBACK_SEEDS);
    const own = similarities(ownQuery);
    const best = range(0, N).sort((a, b) => own[b] - own[a] || a - b).slice(0, FEEDBACK_SEEDS);
    expect(e.expansion.seeds).toEqual(best);
  });

  it("does not apply when a candidate carries the concept as a tag, nor without seeds", () => {
    const tagged = new LexicalIndex(docs.map((d, i) => (i === 5 ? { ...d, tags: ["chemistry"] } : d)));
    expect(expandConcept({ ...input("chemistry"), index: tagged, lexicon: conceptLexicon(tagged, "chemistry") })).toBeNull();
    const nothing = { ...input("zzz"), dense: new Float32Array(N).fill(NaN), lexicon: conceptLexicon(index, "zzz") };
    expect(expandConcept(nothing)).toBeNull();
  });

  it("computes the concept's own similarities only when they are read, and then once (given as a function)", () => {
    let calls = 0;
    const lazy = (text: string) => ({ ...input(text), dense: () => (calls++, similarities(ownQuery)) });
    // Expanded from its words' family: the own similarities are never needed.
    const expanded = searchConcept(lazy("chemistry"), {});
    expect(calls).toBe(0);
    expect(expanded.result).toEqual(searchConcept(input("chemistry"), {}).result);
    // Seeds by similarity, an explicit k, a labelled concept: computed once, same answer as given.
    for (const [text, cut] of [["burette", {}], ["chemistry", { k: 50 }]] as const) {
      calls = 0;
      const lazily = searchConcept(lazy(text), cut);
      expect(calls).toBe(1);
      expect(lazily.result).toEqual(searchConcept(input(text), cut).result);
      expect(lazily.dense).toEqual(searchConcept(input(text), cut).dense);
    }
    const tagged = new LexicalIndex(docs.map((d, i) => (i === 5 ? { ...d, tags: ["chemistry"] } : d)));
    calls = 0;
    const labelled = searchConcept({ ...lazy("chemistry"), index: tagged }, {});
    expect(calls).toBe(1);
    expect(labelled.result).toEqual(searchConcept({ ...input("chemistry"), index: tagged }, {}).result);
  });

  it("averages unit vectors into a unit vector, skipping rows without one", () => {
    const c = centroid([0, 1, 999], (r) => (r < N ? vectors[r] : null))!;
    expect(Math.hypot(...c)).toBeCloseTo(1, 6);
    expect(centroid([999], () => null)).toBeNull();
  });
});
