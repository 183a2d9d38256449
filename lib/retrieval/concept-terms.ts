// A concept's lexical evidence over the pool: its BM25F scores and which rows carry it as a
// label. A row is labelled when every word of the concept occurs in its tags or task name
// ("computer science" labels samples tagged "computer science", not every "science" tag), or
// when the concept is exactly one of its tags or its task name, stopwords included ("other"):
// those rows also get a lexical score, so they are ranked even when no index term matched.
import { LexicalIndex } from "./lexical";

export interface ConceptLexicon {
  terms: string[];
  score: Float32Array;
  labelled: Uint8Array;
}

export function conceptLexicon(index: LexicalIndex, text: string): ConceptLexicon {
  const terms = LexicalIndex.terms(text);
  const words = terms.filter((t) => !t.includes(" "));
  const labelled = new Uint8Array(index.size);
  if (words.length) {
    labelled.fill(1);
    for (const w of words) {
      const has = index.labelled(w);
      for (let r = 0; r < labelled.length; r++) labelled[r] &= has[r];
    }
  }
  const score = index.score(terms);
  for (const r of index.namedBy(text)) {
    labelled[r] = 1;
    score[r] += 1;
  }
  return { terms, score, labelled };
}
