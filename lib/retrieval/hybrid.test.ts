import { describe, expect, it } from "vitest";
import { seeded } from "@/test/seeded";
import { adaptiveThreshold, background, medianOf } from "./cutoff";
import { extent, retrieveConcept, sortedBy, sortedByFused } from "./hybrid";
import { LexicalIndex } from "./lexical";
import { conceptLexicon } from "./concept-terms";

/** 200 background similarities spread around 0 (±0.05) and a few relevant ones far above. */
function pool(relevant: number[]): Float32Array {
  const s = new Float32Array(200);
  for (let i = 0; i < s.length; i++) s[i] = ((i * 37) % 101) / 1000 - 0.05;
  for (const r of relevant) s[r] = 0.6;
  return s;
}
const none = (n: number) => new Float32Array(n);
const all = (n: number) => new Uint8Array(n).fill(1);

describe("the sorts of the cut", () => {
  it("sortedBy: float32 scores by packed keys in the comparator sort's order (ties by row, −0 = 0, no NaN or ±Infinity)", () => {
    const rand = seeded(5);
    const n = 5_000;
    // Few distinct values (many ties), both zeros, negatives, non-finite rows.
    const score = Float32Array.from({ length: n }, (_, i) => (i % 97 === 0 ? NaN : i % 89 === 0 ? -Infinity : i % 13 === 0 ? (i % 2 ? -0 : 0) : Math.round(rand() * 40) / 7));
    score[7] = 3.4e38;
    score[8] = -3.4e38;
    score[9] = 1e-45;
    score[10] = -1e-45;
    const rows = Array.from({ length: n }, (_, r) => r).filter((r) => r % 3 !== 1);
    const reference = rows.filter((r) => Number.isFinite(score[r])).sort((a, b) => score[b] - score[a] || a - b);
    expect(Array.from(sortedBy(score, rows))).toEqual(reference);
    // Any other array type: the comparator sort itself.
    expect(Array.from(sortedBy(Array.from(score), rows))).toEqual(reference);
  });

  it("sortedByFused: the comparator sort's order (fused score descending, ties by row), scores that round to one float32 included", () => {
    const rand = seeded(17);
    const comparator = (fused: Float64Array) => (a: number, b: number) => (fused[a] > fused[b] ? -1 : fused[a] < fused[b] ? 1 : a - b);
    for (const n of [10, 63, 64, 5_000, 40_000]) {
      const fused = new Float64Array(2 * n);
      // Reciprocal-rank sums as retrieveConcept makes them, exact ties, and neighbours a double's
      // last bit apart (the same float32: the runs the packed keys leave to the comparator).
      for (let r = 0; r < fused.length; r++) {
        const i = Math.floor(((rand() + 1) / 2) * n);
        const j = Math.floor(((rand() + 1) / 2) * n);
        fused[r] = r % 11 === 0 ? fused[r - 1] || 1 / 61 : 1 / (61 + i) + (r % 3 ? 1 / (61 + j) : 0);
        if (r % 17 === 5) fused[r] = fused[r - 1] * (1 + 2 ** -52);
      }
      const rows = Array.from({ length: n }, (_, k) => (k * 7919) % fused.length);
      expect(new Set(rows).size).toBe(n);
      const reference = [...rows].sort(comparator(fused));
      expect(sortedByFused([...rows], fused)).toEqual(reference);
    }
  });

  it("medianOf: by selection, the middle of the sorted values (the mean of the two middle ones for an even count)", () => {
    const rand = seeded(9);
    for (const n of [1, 2, 3, 4, 20, 21, 1_000, 1_001]) {
      for (const distinct of [2, 7, 1e9]) {
        const v = Array.from({ length: n }, () => Math.round(rand() * distinct) / distinct);
        const s = [...v].sort((a, b) => a - b);
        const m = n >> 1;
        const median = medianOf(v);
        expect(median === (n % 2 ? s[m] : (s[m - 1] + s[m]) / 2)).toBe(true); // −0 and 0 alike
      }
    }
    const sorted = Float64Array.from({ length: 1_000 }, (_, i) => i);
    expect(medianOf(sorted)).toBe(499.5);
    expect(medianOf(sorted.reverse())).toBe(499.5);
    expect(Array.from(sorted.slice(0, 3))).toEqual([999, 998, 997]); // the input is not reordered
  });
});

describe("adaptive cut-off", () => {
  it("keeps the rows, in the order, of fusing every candidate's full dense and lexical ranks (random pools: ties, labelled rows below the cut, NaN)", () => {
    const rand = seeded(21);
    /** The cut as first written: both lists sorted whole, every candidate fused, then cut. */
    const reference = (d: Float32Array, lex: Float32Array, labelled: Uint8Array, candidate: Uint8Array, z: number) => {
      const cands = Array.from({ length: d.length }, (_, r) => r).filter((r) => candidate[r]);
      const sorted = (score: Float32Array, rows: number[]) => rows.filter((r) => Number.isFinite(score[r])).sort((a, b) => score[b] - score[a] || a - b);
      const fused = new Float64Array(d.length);
      sorted(d, cands).forEach((r, i) => (fused[r] += 1 / (60 + i + 1)));
      sorted(lex, cands.filter((r) => lex[r] > 0)).forEach((r, i) => (fused[r] += 1 / (60 + i + 1)));
      const order = cands.filter((r) => fused[r] > 0).sort((a, b) => fused[b] - fused[a] || a - b);
      const bg = background(Float32Array.from(cands, (r) => d[r]));
      const similarity = bg ? adaptiveThreshold(bg, z) : Infinity;
      return order.filter((r) => d[r] >= similarity || labelled[r] === 1);
    };
    for (let trial = 0; trial < 30; trial++) {
      const n = 50 + trial * 97;
      const d = Float32Array.from({ length: n }, (_, r) => (r % 41 === 0 ? NaN : rand() < 0.05 ? 0.5 + Math.round(rand() * 8) / 40 : Math.round(rand() * 60) / 1000));
      const lex = Float32Array.from({ length: n }, () => (rand() < 0.1 ? Math.round(rand() * 5) : 0));
      const labelled = Uint8Array.from({ length: n }, () => (trial % 3 === 0 && rand() < 0.03 ? 1 : 0));
      const candidate = Uint8Array.from({ length: n }, () => (rand() < 0.9 ? 1 : 0));
      for (const z of [3, 10]) {
        const r = retrieveConcept({ dense: d, lexical: lex, labelled, candidate }, { z });
        expect(r.rows).toEqual(reference(d, lex, labelled, candidate, z));
      }
    }
  });

  it("estimates the background from the bulk, untouched by a relevant minority", () => {
    const bg = background(pool([3, 50, 99]))!;
    expect(Math.abs(bg.median)).toBeLessThan(0.01);
    expect(bg.sigma).toBeGreaterThan(0.02);
    expect(bg.sigma).toBeLessThan(0.05);
    expect(adaptiveThreshold(bg, 10)).toBeCloseTo(bg.median + 10 * bg.sigma, 12);
    expect(background(new Float32Array(5))).toBeNull();
  });

  it("keeps exactly the samples clearly above the background, plus labelled ones, and reports the cut", () => {
    const labelled = new Uint8Array(200);
    labelled[7] = 1;
    const r = retrieveConcept({ dense: pool([3, 50, 99]), lexical: none(200), labelled, candidate: all(200) }, {});
    expect([...r.rows].sort((a, b) => a - b)).toEqual([3, 7, 50, 99]);
    expect(r.report.mode).toBe("adaptive");
    expect(r.report.background!.z).toBe(10);
    const unlabelled = retrieveConcept({ dense: pool([3, 50, 99]), lexical: none(200), labelled: new Uint8Array(200), candidate: all(200) }, {});
    expect(unlabelled.report.background!.z).toBe(3);
    expect(unlabelled.rows.slice(0, 3)).toEqual([3, 50, 99]);
    expect(r.report.n_candidates).toBe(200);
    expect(r.report.cut.k).toBe(4);
    expect(r.histogram!.counts.reduce((a, b) => a + b, 0)).toBe(200);
  });

  it("with fewer candidates than a background needs (a quoted phrase, narrow filters), keeps those with a keyword match or a label", () => {
    const candidate = new Uint8Array(200);
    for (const r of [4, 9, 30, 31, 120]) candidate[r] = 1;
    const dense = pool([]).map((x, r) => (candidate[r] ? x : NaN));
    const lexical = none(200);
    lexical[9] = 2.5;
    lexical[120] = 0.7;
    const labelled = new Uint8Array(200);
    labelled[30] = 1;
    const r = retrieveConcept({ dense, lexical, labelled, candidate }, {});
    expect([...r.rows].sort((a, b) => a - b)).toEqual([9, 30, 120]);
    expect(r.report).toMatchObject({ mode: "adaptive", n_candidates: 5, cut: { similarity: null, k: 3 } });
    // Nothing with evidence: nothing kept (the page then says so).
    expect(retrieveConcept({ dense, lexical: none(200), labelled: new Uint8Array(200), candidate }, {}).rows).toEqual([]);
  });

  it("explicit k and threshold keep the nearest by similarity, as in version 1", () => {
    const dense = pool([3, 50, 99]);
    const k = retrieveConcept({ dense, lexical: none(200), labelled: new Uint8Array(200), candidate: all(200) }, { k: 5 });
    expect(k.rows.slice(0, 3)).toEqual([3, 50, 99]);
    expect(k.rows).toHaveLength(5);
    expect(k.report.mode).toBe("k");
    const t = retrieveConcept({ dense, lexical: none(200), labelled: new Uint8Array(200), candidate: all(200) }, { threshold: 0.5 });
    expect(t.rows).toEqual([3, 50, 99]);
    expect(t.report.cut).toEqual({ similarity: 0.5, k: 3 });
  });

  it("explicit k selects exactly the first k of the full sort (ties by row, NaN and non-candidates left out, threshold applied)", () => {
    const n = 3000;
    // Coarse values: many ties; every 11th row has no vector; every 13th is no candidate.
    const dense = Float32Array.from({ length: n }, (_, r) => (r % 11 === 0 ? NaN : ((r * 7919) % 97) / 97 - 0.5));
    const candidate = Uint8Array.from({ length: n }, (_, r) => (r % 13 === 0 ? 0 : 1));
    const sorted = Array.from({ length: n }, (_, r) => r)
      .filter((r) => candidate[r] && Number.isFinite(dense[r]))
      .sort((a, b) => dense[b] - dense[a] || a - b);
    const scores = { dense, lexical: none(n), labelled: new Uint8Array(n), candidate };
    for (const k of [0, 1, 37, 500, n]) {
      expect(retrieveConcept(scores, { k }).rows).toEqual(sorted.slice(0, k));
      expect(retrieveConcept(scores, { k, threshold: 0.2 }).rows).toEqual(sorted.filter((r) => dense[r] >= 0.2).slice(0, k));
    }
    const histogram = retrieveConcept(scores, { k: 5 }).histogram!;
    expect(histogram.counts.reduce((a, b) => a + b, 0)).toBe(sorted.length);
    expect(histogram.from).toBe(Math.min(...sorted.map((r) => dense[r])));
  });

  it("leaves out rows that are no candidates", () => {
    const candidate = all(200);
    candidate[50] = 0;
    const r = retrieveConcept({ dense: pool([3, 50, 99]), lexical: none(200), labelled: new Uint8Array(200), candidate }, {});
    expect(r.rows).not.toContain(50);
    expect(r.report.n_candidates).toBe(199);
  });
});

describe("lexical search", () => {
  const index = new LexicalIndex([
    { input: "What is the capital of France?", tags: ["geography"], task: "qa", benchmark: "b", metadata: [] },
    { input: "A treaty under international law binds states.", tags: ["law", "international law"], task: "qa", benchmark: "b", metadata: [] },
    { input: "Is international trade law part of economics?", tags: ["economics"], task: "qa", benchmark: "b", metadata: [] },
  ]);

  it("weighs a tag above the body text and labels only rows whose tags carry every word", () => {
    const lex = conceptLexicon(index, "international law");
    expect(lex.score[1]).toBeGreaterThan(lex.score[2]);
    expect(lex.score[0]).toBe(0);
    expect([...lex.labelled]).toEqual([0, 1, 0]);
  });

  it("explains which terms matched and in which fields", () => {
    expect(index.explain(1, ["law", "treaty", "france"])).toEqual([
      { term: "law", fields: ["tag", "input"] },
      { term: "treaty", fields: ["input"] },
    ]);
  });
});

describe("a concept that is a whole tag name", () => {
  it("labels and scores the rows carrying it even when all its words are stopwords", () => {
    const index = new LexicalIndex([
      { input: "Which of these is other than a mammal?", tags: ["biology"], task: null, benchmark: "b", metadata: [] },
      { input: "Miscellaneous question", tags: ["Other"], task: null, benchmark: "b", metadata: [] },
    ]);
    const lex = conceptLexicon(index, "other");
    expect(lex.terms).toEqual([]);
    expect([...lex.labelled]).toEqual([0, 1]);
    const r = retrieveConcept({ dense: new Float32Array(2).fill(NaN), lexical: lex.score, labelled: lex.labelled, candidate: all(2) }, {});
    expect(r.rows).toEqual([1]);
  });
});

describe("a selection of a large pool", () => {
  it("reports the cut of the 300,000 nearest of 500,000 rows without overflowing the stack (no Math.min(...rows))", () => {
    const n = 500_000;
    const dense = Float32Array.from({ length: n }, (_, r) => (r % 1000) / 1000);
    const s = { dense, lexical: new Float32Array(n), labelled: new Uint8Array(n), candidate: new Uint8Array(n).fill(1) };
    const result = retrieveConcept(s, { k: 300_000 });
    expect(result.rows.length).toBe(300_000);
    // The 600 highest values of each of the 500 blocks of 1,000: the cut falls at the 400th.
    expect(result.report.cut.similarity).toBe(dense[400]);
    expect(extent(dense)).toEqual([0, dense[999]]);
    expect(extent([NaN, 2, -1, Infinity])).toEqual([-1, 2]);
    expect(extent([NaN])).toBeNull();
  });
});
