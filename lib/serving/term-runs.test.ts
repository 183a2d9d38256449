import { describe, expect, it } from "vitest";
import { docTerms, LexicalIndex, TermDictionary, type LexicalDoc } from "@/lib/retrieval/lexical";
import { TermRuns } from "./term-runs";

const doc = (input: string, tags: string[] = ["law"]): LexicalDoc => ({ input, tags, task: "qa", benchmark: "bench", metadata: [] });
const plain = (t: ReturnType<TermRuns["get"]>) => t && { ids: Array.from(t.ids), tf: Array.from(t.tf), fields: Array.from(t.fields), length: t.length, labels: [...t.labels] };

describe("TermRuns", () => {
  it("returns each pk's terms as put, across replacements, drops and compactions", () => {
    const dict = new TermDictionary();
    const runs = new TermRuns();
    const expected = new Map<number, ReturnType<typeof plain>>();
    let seed = 1;
    const word = () => `w${(seed = (seed * 48271) % 2147483647) % 300}`;
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 3000; i++) {
        const pk = (i * 7 + round * 13) % 2500;
        const terms = docTerms(doc(Array.from({ length: 3 + (i % 9) }, word).join(" "), [`t${i % 5}`]), dict);
        runs.put(pk, terms, round * 10_000 + i, `k${i % 3}`);
        expected.set(pk, plain({ ...terms }));
      }
      if (round === 3) {
        const keep = new Set([...expected.keys()].filter((pk) => pk % 4 !== 0));
        runs.retain(keep);
        for (const pk of [...expected.keys()]) if (!keep.has(pk)) expected.delete(pk);
      }
    }
    expect(runs.size).toBe(expected.size);
    for (const [pk, want] of expected) expect(plain(runs.get(pk))).toEqual(want);
    expect(runs.get(2600)).toBeNull();
    expect([...expected.keys()].some((pk) => pk % 4 === 0)).toBe(true); // dropped at round 3, put again since
  });

  it("matches only the stamp and labels key the terms were split under", () => {
    const runs = new TermRuns();
    runs.put(5, docTerms(doc("contract law"), new TermDictionary()), 1234, "a");
    expect(runs.matches(5, 1234, "a")).toBe(true);
    expect(runs.matches(5, 1235, "a")).toBe(false);
    expect(runs.matches(5, 1234, "b")).toBe(false);
    expect(runs.matches(6, 1234, "a")).toBe(false);
    expect(runs.labelKeyOf(5)).toBe("a");
    expect(runs.labelKeyOf(6)).toBeNull();
  });

  it("an index built from the packed runs equals one built from the documents", () => {
    const docs = ["contract law in france", "tort law and negligence", "protein folding of antibodies", "antibodies binding assay"].map((t, i) => doc(t, [i < 2 ? "law" : "biology"]));
    const dict = new TermDictionary();
    const runs = new TermRuns();
    docs.forEach((d, i) => runs.put(100 + i, docTerms(d, dict), i, "k"));
    const packed = new LexicalIndex({ terms: docs.map((_, i) => runs.get(100 + i)!), dict });
    const direct = new LexicalIndex(docs);
    for (const q of [["law"], ["antibodies", "binding"], ["biology"]]) expect(Array.from(packed.score(q))).toEqual(Array.from(direct.score(q)));
    expect(packed.explain(3, ["antibodies", "assay"])).toEqual(direct.explain(3, ["antibodies", "assay"]));
  });

  it("released, keeps what each pk was split from; restored from the index built over it, gives an index that answers alike", () => {
    const texts = ["contract law in france", "tort law and negligence", "protein folding of antibodies", "antibodies binding assay", "law of the sea"];
    const docs = texts.map((t, i) => doc(t, [i < 2 ? "law" : "biology"]));
    const dict = new TermDictionary();
    const runs = new TermRuns();
    const pks = Int32Array.from([40, 7, 99, 12, 55]);
    docs.forEach((d, i) => runs.put(pks[i], docTerms(d, dict), i, `k${i}`));
    runs.put(300, docTerms(doc("gone from the pool"), dict), 9, "k");
    const index = new LexicalIndex({ terms: [...pks].map((pk) => runs.get(pk)!), dict });
    const before = [...pks].map((pk) => runs.get(pk)!).map((t) => ({ ...plain(t)!, sorted: [...t.ids].sort((a, b) => a - b) }));

    runs.release(pks);
    expect(runs.released).toBe(true);
    expect(() => runs.get(40)).toThrow(/released/);
    expect(() => runs.put(41, docTerms(doc("x"), dict), 0, "k")).toThrow(/released/);
    expect(runs.matches(99, 2, "k2")).toBe(true);
    expect(runs.labelKeyOf(300)).toBeNull(); // not a row of the index: forgotten
    expect(runs.size).toBe(5);

    runs.restore(index.byRow(), pks);
    expect(runs.released).toBe(false);
    [...pks].forEach((pk, i) => {
      const t = runs.get(pk)!;
      expect(Array.from(t.ids)).toEqual(before[i].sorted); // term-id order
      expect(t.length).toBe(before[i].length);
      expect([...t.labels]).toEqual(before[i].labels);
    });
    // Replacing a restored pk's terms, then building again: as an index over the documents.
    const changed = doc("antibodies against the law", ["law"]);
    runs.put(12, docTerms(changed, dict), 10, "k3");
    const rebuilt = new LexicalIndex({ terms: [...pks].map((pk) => runs.get(pk)!), dict });
    const direct = new LexicalIndex(docs.map((d, i) => (i === 3 ? changed : d)));
    for (const q of [["law"], ["antibodies", "binding"], ["biology"], ["the law"]]) expect(Array.from(rebuilt.score(q))).toEqual(Array.from(direct.score(q)));
    for (let row = 0; row < 5; row++) expect(rebuilt.explain(row, ["antibodies", "law", "assay"])).toEqual(direct.explain(row, ["antibodies", "law", "assay"]));
    expect(rebuilt.withPrefix("an")).toEqual(direct.withPrefix("an"));
  });
});
