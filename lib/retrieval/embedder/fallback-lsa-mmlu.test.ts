// Retrieval quality of the offline embedder on MMLU-Pro (12,032 questions; tags = category and,
// for 6,810, the original MMLU subject). A query names a subject; precision@50 is the share of
// the 50 nearest samples (cosine) carrying that subject's tag, out of min(50, samples tagged).
// Three pools: (a) as in production, documents = sampleDocument (tags included); (b) inputs
// only; (c) transfer: every other sample keeps its tags, and the query ranks only the others,
// embedded from their inputs, so the subject word appears in none of the ranked documents and
// only distributional meaning learnt from the tagged half can find them. Plain tf-idf word
// matching on (b) and (c) is printed beside LSA for comparison.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { fitLsa } from "./fallback-lsa";
import { sampleDocument, type SampleFields } from "./sample-document";
import { buildVocabulary, tfidfVector } from "./tfidf";
import { textTerms } from "./text-terms";

const DATA = fileURLToPath(new URL("../../../../shared/data/mmlu-pro.jsonl.gz", import.meta.url));
const present = existsSync(DATA);
if (!present) console.warn(`skipping MMLU-Pro retrieval quality: ${DATA} is absent`);

const QUERIES: [query: string, tag: string][] = [
  ["macroeconomics", "high school macroeconomics"], ["microeconomics", "high school microeconomics"],
  ["econometrics", "econometrics"], ["virology", "virology"], ["anatomy", "anatomy"],
  ["astronomy", "astronomy"], ["nutrition", "nutrition"], ["philosophy", "philosophy"],
  ["international law", "international law"], ["computer security", "computer security"],
  ["machine learning", "machine learning"], ["prehistory", "prehistory"], ["formal logic", "formal logic"],
  ["accounting", "professional accounting"], ["world religions", "world religions"],
  ["medical genetics", "medical genetics"],
];

type Sample = SampleFields & { tags: string[] };

function loadSamples(): Sample[] {
  const lines = gunzipSync(readFileSync(DATA)).toString("utf8").split("\n");
  return lines.filter((l) => l.includes('"type": "sample"')).map((l) => JSON.parse(l) as Sample);
}

/** Mean (and per query) precision@50 of `score(query) -> scores of pool` against the tags. */
function precisionAt50(samples: Sample[], pool: number[], score: (query: string) => Float64Array): number[] {
  return QUERIES.map(([query, tag]) => {
    const s = score(query);
    const top = pool.map((i, j) => [s[j], i]).sort((x, y) => y[0] - x[0] || x[1] - y[1]).slice(0, 50);
    const relevant = pool.filter((i) => samples[i].tags.includes(tag)).length;
    return top.filter(([v, i]) => v > 0 && samples[i].tags.includes(tag)).length / Math.min(50, relevant);
  });
}

/**
 * Lets the test worker answer vitest's messages: a synchronous stretch longer than its RPC timeout
 * (60 s, reached on a busy machine) fails the run with "Timeout calling onTaskUpdate".
 */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

async function lsaScores(docs: string[], pool: number[]) {
  const model = fitLsa(docs);
  await tick();
  const vectors: Float32Array[] = [];
  for (let start = 0; start < pool.length; start += 1000) {
    for (const i of pool.slice(start, start + 1000)) vectors.push(model.embed([docs[i]])[0]);
    await tick();
  }
  return (query: string) => {
    const [q] = model.embed([query]);
    return Float64Array.from(vectors, (v) => v.reduce((s, x, c) => s + x * q[c], 0));
  };
}

/** Word matching alone: cosine of unit tf-idf vectors, no latent space. */
function tfidfScores(docs: string[], pool: number[]) {
  const terms = docs.map((d) => textTerms(d));
  const vocab = buildVocabulary(terms, { minDf: 2, maxVocabulary: 30_000, bigrams: true });
  const rows = pool.map((i) => tfidfVector(terms[i], vocab));
  return (query: string) => {
    const q = tfidfVector(textTerms(query), vocab);
    const weight = new Map(Array.from(q.indices, (t, p) => [t, q.values[p]]));
    return Float64Array.from(rows, (r) => r.indices.reduce((s, t, p) => s + (weight.get(t) ?? 0) * r.values[p], 0));
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const report = (label: string, p: number[]) =>
  console.log(`${label.padEnd(34)} mean ${mean(p).toFixed(3)}  [${p.map((x) => x.toFixed(2)).join(" ")}]`);

describe.skipIf(!present)("offline LSA retrieval quality on MMLU-Pro (precision@50)", () => {
  const samples = present ? loadSamples() : [];
  const all = samples.map((_, i) => i);
  console.log(`queries: ${QUERIES.map(([q]) => q).join(", ")}`);

  /** Mean precision@50 of LSA and of tf-idf word matching on one pool, each printed. */
  // Each case fits LSA on 12k questions: ~20 s on a quiet machine, several times that on a busy one.
  const FIT_TIMEOUT = 600_000;

  async function lsaAgainstWords(part: string, what: string, docs: string[], pool: number[]) {
    const lsa = precisionAt50(samples, pool, await lsaScores(docs, pool));
    await tick();
    const words = precisionAt50(samples, pool, tfidfScores(docs, pool));
    report(`${part} LSA, ${what}`, lsa);
    report(`${part} tf-idf word matching, ${what}`, words);
    return { lsa: mean(lsa), words: mean(words) };
  }

  it("(a) documents with tags, as in production", async () => {
    const docs = samples.map(sampleDocument);
    const p = precisionAt50(samples, all, await lsaScores(docs, all));
    report("(a) LSA, tags in documents", p);
    expect(mean(p)).toBeGreaterThan(0.95);
  }, FIT_TIMEOUT);

  it("(b) inputs only: no tags or metadata anywhere", async () => {
    const { lsa, words } = await lsaAgainstWords("(b)", "inputs only", samples.map((s) => s.input), all);
    expect(lsa).toBeGreaterThan(0.2);
    expect(lsa).toBeGreaterThan(words + 0.08);
  }, FIT_TIMEOUT);

  it("(c) transfer: ranked samples untagged, subject learnt from the other half's tags", async () => {
    const docs = samples.map((s, i) => (i % 2 === 0 ? sampleDocument(s) : s.input));
    const { lsa, words } = await lsaAgainstWords("(c)", "transfer", docs, all.filter((i) => i % 2 === 1));
    expect(lsa).toBeGreaterThan(0.5);
    expect(lsa).toBeGreaterThan(words + 0.3);
  }, FIT_TIMEOUT);
});
