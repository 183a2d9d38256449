// The lexical index (BM25F over tags, task, benchmark, metadata and text): scores as the formula in
// lexical.ts says, and an index built from terms split earlier over a shared dictionary — which
// also holds other builds' terms — answers exactly as one built from the raw documents.
import { describe, expect, it } from "vitest";
import { docTerms, LexicalIndex, TermDictionary, type LexicalDoc } from "./lexical";

const docs: LexicalDoc[] = [
  { input: "Which enzyme unwinds DNA during replication?", reference: "helicase", tags: ["biology"], task: "genetics", benchmark: "bio-qa", metadata: [] },
  { input: "Write a SQL query joining two tables.", reference: null, tags: ["code", "sql"], task: null, benchmark: "code", metadata: ["database"] },
  { input: "Compute the derivative of x squared.", reference: "2x", tags: [], task: "calculus", benchmark: "math", metadata: [] },
  { input: "The DNA double helix was described in 1953.", reference: null, tags: ["history"], task: null, benchmark: "bio-qa", metadata: [] },
];

function answers(index: LexicalIndex) {
  const terms = ["dna", "sql", "genetic", "helix", "calculus", "absent", "double helix"];
  return {
    score: [...index.score(terms)],
    containing: terms.map((t) => [...index.containing(t)]),
    labelled: terms.map((t) => [...index.labelled(t)]),
    named: ["Genetics", "sql", "other"].map((t) => index.namedBy(t)),
    explain: docs.map((_, row) => index.explain(row, terms)),
    prefix: ["d", "he", "zz"].map((p) => index.withPrefix(p)),
  };
}

describe("LexicalIndex", () => {
  it("scores BM25F: a term in a tag or task outweighs the same term in the text", () => {
    const index = new LexicalIndex(docs);
    const [dnaText, , , dnaTextToo] = index.score(["dna"]);
    expect(dnaText).toBeGreaterThan(0);
    expect(dnaTextToo).toBeGreaterThan(0);
    expect(index.score(["dna"])[1]).toBe(0);
    // "sql" is a tag of row 1 (weight 5) and in its text (1): above a text-only hit of similar length.
    const sql = index.score(["sql"])[1];
    const query = index.score(["query"])[1];
    expect(sql).toBeGreaterThan(query);
    expect(index.labelled("sql")[1]).toBe(1);
    expect(index.labelled("query")[1]).toBe(0);
    expect(index.explain(1, ["sql", "database"])).toEqual([
      { term: "sql", fields: ["tag", "input"] },
      { term: "database", fields: ["metadata"] },
    ]);
  });

  it("built from terms split over a shared dictionary, answers as built from the documents", () => {
    const direct = answers(new LexicalIndex(docs));
    const dict = new TermDictionary();
    // Another build over the same dictionary first: its terms must not leak into this index.
    docTerms({ input: "deoxyribose helium zebra", tags: ["zzz"], task: null, benchmark: null, metadata: [] }, dict);
    const split = docs.map((d) => docTerms(d, dict));
    expect(answers(new LexicalIndex({ terms: split, dict }))).toEqual(direct);
    // Reused terms (the same objects) in another row order give the same rows' answers, permuted.
    const reversed = new LexicalIndex({ terms: [...split].reverse(), dict });
    expect([...reversed.score(["dna"])].reverse()).toEqual([...new LexicalIndex(docs).score(["dna"])]);
  });
});

describe("TermDictionary", () => {
  it("finds a bigram built anew under the id it was stored with, and gives the term back", () => {
    const dict = new TermDictionary();
    const word = "thermodynamics";
    const id = dict.id("applied" + " " + word);
    expect(dict.find(["applied", word].join(" "))).toBe(id);
    expect(dict.term(id)).toBe("applied thermodynamics");
    expect(dict.isBigram(id)).toBe(true);
    expect(dict.isBigram(dict.id(word))).toBe(false);
  });
});

describe("LexicalIndex term frequencies", () => {
  it("scores a text whose term passes 2^16 weighted occurrences as exactly as a short one (float32 storage then)", () => {
    const long = "alpha ".repeat(70_000);
    const docs: LexicalDoc[] = [
      { input: long, reference: null, tags: [], task: null, benchmark: null, metadata: [] },
      { input: "alpha beta", reference: null, tags: [], task: null, benchmark: null, metadata: [] },
    ];
    const index = new LexicalIndex(docs);
    const [a, b] = index.score(["alpha"]);
    // BM25F with k1 = 1.2, b = 0.75: tf 70,000 over length 70,000 against tf 1 over length 2.
    const idf = Math.log(1 + (2 - 2 + 0.5) / (2 + 0.5));
    const avg = (70_000 + 2) / 2;
    const bm25 = (tf: number, len: number) => (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * len) / avg));
    expect(a).toBeCloseTo(bm25(70_000, 70_000), 5);
    expect(b).toBeCloseTo(bm25(1, 2), 5);
  });
});
