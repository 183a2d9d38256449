// TF-IDF weighting for latent semantic analysis (Deerwester et al. 1990, JASIS 41(6)):
//   w(t, d) = (1 + ln tf(t, d)) · idf(t),   idf(t) = ln((1 + N) / (1 + df(t))),
// each document vector then scaled to unit length. The sublinear tf stops a word repeated in one
// question from dominating it; an idf near 0 silences words every document shares (the
// benchmark name, "multiple-choice"). Vocabulary: terms in at least `minDf` documents, the
// `maxVocabulary` most frequent, ties broken by the term itself so the choice is deterministic.
import type { Csr } from "./sparse";

export interface Vocabulary {
  terms: string[];
  index: Map<string, number>;
  idf: Float32Array;
}

export interface VocabularyOptions {
  minDf: number;
  maxVocabulary: number;
  bigrams: boolean;
}

export function buildVocabulary(termLists: string[][], opts: VocabularyOptions): Vocabulary {
  const df = new Map<string, number>();
  for (const terms of termLists) {
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const kept = [...df].filter(([, n]) => n >= opts.minDf);
  kept.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const chosen = kept.slice(0, opts.maxVocabulary);
  const n = termLists.length;
  const terms = chosen.map(([t]) => t);
  const idf = Float32Array.from(chosen, ([, d]) => Math.log((1 + n) / (1 + d)));
  return { terms, index: new Map(terms.map((t, i) => [t, i])), idf };
}

/** Unit-length sublinear tf-idf vector of one term list, as parallel (indices, values) arrays. */
export function tfidfVector(terms: string[], vocab: Vocabulary): { indices: Int32Array; values: Float64Array } {
  const tf = new Map<number, number>();
  for (const t of terms) {
    const i = vocab.index.get(t);
    if (i !== undefined) tf.set(i, (tf.get(i) ?? 0) + 1);
  }
  // Sorted indices make the CSR rows, and every sum over them, independent of Map order.
  const indices = Int32Array.from(tf.keys()).sort();
  const values = new Float64Array(indices.length);
  let norm = 0;
  for (let k = 0; k < indices.length; k++) {
    const w = (1 + Math.log(tf.get(indices[k])!)) * vocab.idf[indices[k]];
    values[k] = w;
    norm += w * w;
  }
  if (norm > 0) {
    const s = 1 / Math.sqrt(norm);
    for (let k = 0; k < values.length; k++) values[k] *= s;
  }
  return { indices, values };
}

/** The documents × vocabulary tf-idf matrix, one unit row per document (empty rows stay 0). */
export function tfidfMatrix(termLists: string[][], vocab: Vocabulary): Csr {
  const rows = termLists.map((terms) => tfidfVector(terms, vocab));
  const indptr = new Int32Array(rows.length + 1);
  rows.forEach((row, r) => (indptr[r + 1] = indptr[r] + row.indices.length));
  const indices = new Int32Array(indptr[rows.length]);
  const values = new Float64Array(indptr[rows.length]);
  rows.forEach((row, r) => {
    indices.set(row.indices, indptr[r]);
    values.set(row.values, indptr[r]);
  });
  return { rows: rows.length, cols: vocab.terms.length, indptr, indices, values };
}
