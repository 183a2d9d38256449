import { describe, expect, it } from "vitest";
import { deserializeLsa, fitLsa, serializeLsa } from "./fallback-lsa";
import { sampleDocument, type SampleFields } from "./sample-document";

// Three topics. Only some samples carry the subject tag; the questions never name the subject.
const VIRUS = [
  "Which virus family has a segmented RNA genome and causes influenza epidemics?",
  "How does the HIV virus enter CD4 T cells and integrate its RNA genome?",
  "Which vaccine strategy protects against measles virus infection in children?",
  "What makes a virus capsid protein recognise the host cell receptor?",
  "Why do RNA virus genomes mutate faster than DNA virus genomes during infection?",
  "Which antiviral drug blocks the influenza virus neuraminidase after infection?",
  "How are antibodies against the virus capsid measured after vaccine infection trials?",
  "What is the incubation period of a virus infection spread by droplets?",
];
const ECONOMY = [
  "If the central bank raises interest rates, what happens to inflation and unemployment?",
  "How does an increase in government spending shift aggregate demand and GDP?",
  "What is the effect of expansionary fiscal policy on interest rates and inflation?",
  "Which measure of inflation uses a fixed basket of consumer goods prices?",
  "How does the money supply change when the central bank buys government bonds?",
  "What is the relation between unemployment and inflation in the short-run Phillips curve?",
  "How do net exports enter GDP, and what lowers aggregate demand?",
  "Why might a fall in interest rates raise investment spending and GDP?",
];
const LAW = [
  "Can the court admit hearsay evidence from a witness who is unavailable at trial?",
  "Is the contract enforceable if the seller's offer was revoked before acceptance?",
  "Does the statute violate the defendant's right to due process at trial?",
  "What damages may the buyer recover for the seller's breach of the sales contract?",
  "Was the witness's testimony admissible evidence under the rules of the court?",
  "Is the defendant liable in negligence for the plaintiff's injury at trial?",
  "Can the landlord evict the tenant for breach of the lease contract?",
  "Should the appellate court reverse the conviction for improper jury instructions?",
];

function corpus(): SampleFields[] {
  const make = (inputs: string[], category: string, subject: string) =>
    inputs.map((input, i) => ({
      input,
      benchmark: "toy",
      task: "multiple-choice QA",
      // The first five of each topic are tagged with the subject; the last three are not.
      tags: i < 5 ? [category, subject] : [category],
    }));
  return [...make(VIRUS, "health", "virology"), ...make(ECONOMY, "economics", "macroeconomics"), ...make(LAW, "law", "jurisprudence")];
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i], 0);
const norm = (v: Float32Array) => Math.sqrt(dot(v, v));

describe("offline LSA embedder", () => {
  const samples = corpus();
  const docs = samples.map(sampleDocument);

  it("builds the document from input, tags (weighted up), task, benchmark and metadata strings", () => {
    const doc = sampleDocument({ input: "Q?", benchmark: "b", task: "qa", tags: ["t1", "t2"], metadata: { src: "x_y", n: 3, list: ["m"] } });
    expect(doc.split("\n")).toEqual(["Q?", "t1", "t2", "t1", "t2", "qa", "qa", "b", "x_y", "m"]);
  });

  it("is deterministic: same fit, same bytes, same name, same vectors", () => {
    const a = fitLsa(docs, { rank: 3 });
    const b = fitLsa(docs, { rank: 3 });
    expect(Buffer.from(serializeLsa(a)).equals(Buffer.from(serializeLsa(b)))).toBe(true);
    expect(a.name).toBe(b.name);
    expect(a.name).toMatch(/^fallback-lsa-v1:[0-9a-f]{8}$/);
    expect(a.embed(docs)).toEqual(b.embed(docs));
    expect(fitLsa(docs, { rank: 3, seed: 2 }).name).not.toBe(a.name);
  });

  it("round-trips through its binary form exactly, and rejects damaged bytes", () => {
    const model = fitLsa(docs);
    const bytes = serializeLsa(model);
    const copy = deserializeLsa(bytes);
    expect(copy.name).toBe(model.name);
    expect(copy.parts.k).toBe(model.parts.k);
    expect(copy.embed([...docs, "interest rates"])).toEqual(model.embed([...docs, "interest rates"]));
    expect(Buffer.from(serializeLsa(copy)).equals(Buffer.from(bytes))).toBe(true);
    expect(() => deserializeLsa(bytes.subarray(0, bytes.length - 4))).toThrow(/truncated/);
    expect(() => deserializeLsa(new Uint8Array(16))).toThrow(/bad magic/);
    const flipped = Uint8Array.from(bytes);
    flipped[flipped.length - 1] ^= 1;
    expect(deserializeLsa(flipped).name).not.toBe(model.name);
  });

  it("gives 384-dim unit vectors, zero only for text sharing nothing with the pool", () => {
    const model = fitLsa(docs);
    expect(model.parts.k).toBeLessThanOrEqual(docs.length);
    for (const v of model.embed([...docs, "virology", "court"])) {
      expect(v.length).toBe(384);
      expect(norm(v)).toBeCloseTo(1, 5);
      expect(v.subarray(model.parts.k).every((x) => x === 0)).toBe(true);
    }
    const [nothing] = model.embed(["zzz qqq"]);
    expect(nothing.every((x) => x === 0)).toBe(true);
    expect(model.knownTerms("virology zzz")).toEqual({ known: ["virology"], unknown: ["zzz"] });
  });

  it("falls back to prefix neighbours when no word of the text is known", () => {
    const model = fitLsa(docs, { rank: 3 });
    const vectors = model.embed(docs);
    const [q] = model.embed(["inflationary"]);
    expect(norm(q)).toBeCloseTo(1, 5);
    const best = vectors.map((v, i) => [dot(q, v), i]).sort((x, y) => y[0] - x[0])[0][1];
    expect(samples[best].tags).toContain("economics");
  });

  it("retrieves the untagged samples of a topic for a word found only in that topic's tags", () => {
    const model = fitLsa(docs, { rank: 3 });
    const vectors = model.embed(docs);
    for (const [query, category] of [["virology", "health"], ["macroeconomics", "economics"], ["jurisprudence", "law"]]) {
      const [q] = model.embed([query]);
      const ranked = vectors.map((v, i) => [dot(q, v), i]).sort((x, y) => y[0] - x[0]).map(([, i]) => i);
      // All eight samples of the topic, the three without the tag included, come first.
      expect(ranked.slice(0, 8).map((i) => samples[i].tags![0])).toEqual(Array(8).fill(category));
    }
  });

  it("fits a seeded sample of a pool larger than maxFitDocs, deterministically", () => {
    const a = fitLsa(docs, { maxFitDocs: 12 });
    expect(a.parts.nDocs).toBe(12);
    expect(fitLsa(docs, { maxFitDocs: 12 }).name).toBe(a.name);
  });
});
