// Lexical search over the pool's sample texts, in memory: BM25F (Robertson, Zaragoza & Taylor
// 2004, "Simple BM25 extension to multiple weighted fields", CIKM), i.e. BM25 over a weighted
// term frequency in which a term in a tag or the task name counts FIELD_WEIGHT times more than in
// the question text:
//   tf̃(t,d) = Σ_f w_f · tf_f(t,d),   leñ(d) = Σ_f w_f · len_f(d)
//   score(q,d) = Σ_{t∈q} idf(t) · tf̃ (k1 + 1) / (tf̃ + k1 (1 − b + b · leñ(d) / avgleñ))
//   idf(t) = ln(1 + (N − n_t + 0.5) / (n_t + 0.5))
// Terms are the offline embedder's (text-terms.ts: stopwords out, S-stemmed, adjacent bigrams),
// so "computer security" is one term as well as two. Postings keep which fields a term occurs
// in, which is what a hit's explanation shows.
import { textTerms } from "./embedder/text-terms";
import { PrefixIndex } from "./embedder/prefix-expansion";

export const FIELDS = ["tag", "task", "benchmark", "metadata", "input", "reference"] as const;
export type LexicalField = (typeof FIELDS)[number];
/** Tags and task names say what a sample tests; body text mostly says something else. */
const FIELD_WEIGHT: Record<LexicalField, number> = { tag: 5, task: 5, benchmark: 3, metadata: 2, input: 1, reference: 1 };
const K1 = 1.2;
const B = 0.75;

export interface LexicalDoc {
  input: string;
  reference?: string | null;
  tags: readonly string[];
  task: string | null;
  benchmark: string | null;
  metadata: readonly string[];
}

interface Postings {
  rows: number[];
  tf: number[];
  /** Bit i set: the term occurs in FIELDS[i]. */
  fields: number[];
}

export interface TermMatch {
  term: string;
  fields: LexicalField[];
}

/** Why a retrieved sample matched (GET /api/samples `why`). */
export interface Why {
  /** Cosine similarity to each concept per embedding space (null: no vector). */
  similarity: Record<string, number | null>;
  /** Query terms found in the sample, and where. */
  terms: TermMatch[];
  /** Whether a concept names one of the sample's tags or its task. */
  labelled: boolean;
  /**
   * The concepts answered by an expanded query (feedback.ts): their similarity above is to the
   * expanded query, not to the words typed, and the added terms count in `terms`.
   */
  expanded?: { concept: string; added_terms: string[]; feedback_samples: number }[];
}

export class LexicalIndex {
  private readonly postings = new Map<string, Postings>();
  /** Rows by a whole tag or task name, lower-cased ("other" is a stopword but a tag too). */
  private readonly labels = new Map<string, number[]>();
  private readonly length: Float32Array;
  private readonly avgLength: number;
  /** The single-word terms, sorted; built on the first prefix lookup. */
  private words: PrefixIndex | null = null;

  constructor(docs: readonly LexicalDoc[]) {
    this.length = new Float32Array(docs.length);
    docs.forEach((doc, row) => {
      const tf = new Map<string, { tf: number; fields: number }>();
      const add = (field: LexicalField, text: string | null | undefined) => {
        if (!text) return;
        const bit = 1 << FIELDS.indexOf(field);
        for (const t of textTerms(text)) {
          const e = tf.get(t) ?? { tf: 0, fields: 0 };
          e.tf += FIELD_WEIGHT[field];
          e.fields |= bit;
          tf.set(t, e);
          this.length[row] += FIELD_WEIGHT[field];
        }
      };
      for (const label of new Set([...doc.tags, ...(doc.task ? [doc.task] : [])].map(labelKey))) {
        const rows = this.labels.get(label);
        if (rows) rows.push(row);
        else this.labels.set(label, [row]);
      }
      for (const tag of doc.tags) add("tag", tag);
      add("task", doc.task);
      add("benchmark", doc.benchmark);
      for (const m of doc.metadata) add("metadata", m);
      add("input", doc.input);
      add("reference", doc.reference);
      for (const [term, e] of tf) {
        let p = this.postings.get(term);
        if (!p) this.postings.set(term, (p = { rows: [], tf: [], fields: [] }));
        p.rows.push(row);
        p.tf.push(e.tf);
        p.fields.push(e.fields);
      }
    });
    this.avgLength = docs.length ? this.length.reduce((a, b) => a + b, 0) / docs.length : 1;
  }

  get size(): number {
    return this.length.length;
  }

  /** Distinct index terms of a query text (unigrams and bigrams). */
  static terms(text: string): string[] {
    return [...new Set(textTerms(text))];
  }

  /** BM25F score of each row for the terms (0 where none occurs). */
  score(terms: readonly string[]): Float32Array {
    const out = new Float32Array(this.size);
    const n = this.size;
    for (const t of terms) {
      const p = this.postings.get(t);
      if (!p) continue;
      const idf = Math.log(1 + (n - p.rows.length + 0.5) / (p.rows.length + 0.5));
      for (let j = 0; j < p.rows.length; j++) {
        const r = p.rows[j];
        const tf = p.tf[j];
        out[r] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.length[r]) / this.avgLength));
      }
    }
    return out;
  }

  /** The single-word index terms starting with `prefix`, in order. */
  withPrefix(prefix: string): string[] {
    this.words ??= new PrefixIndex([...this.postings.keys()]);
    return this.words.withPrefix(prefix);
  }

  /** 1 for the rows containing the term, in any field. */
  containing(term: string): Uint8Array {
    const out = new Uint8Array(this.size);
    for (const r of this.postings.get(term)?.rows ?? []) out[r] = 1;
    return out;
  }

  /** 1 for the rows where the term is in a tag or the task name. */
  labelled(term: string): Uint8Array {
    const out = new Uint8Array(this.size);
    const p = this.postings.get(term);
    const labels = (1 << FIELDS.indexOf("tag")) | (1 << FIELDS.indexOf("task"));
    if (p) for (let j = 0; j < p.rows.length; j++) if (p.fields[j] & labels) out[p.rows[j]] = 1;
    return out;
  }

  /** The rows with a tag or task named exactly `text` (case and spacing aside). */
  namedBy(text: string): readonly number[] {
    return this.labels.get(labelKey(text)) ?? [];
  }

  /** Which of the terms occur in the row, and in which fields. */
  explain(row: number, terms: readonly string[]): TermMatch[] {
    const out: TermMatch[] = [];
    for (const t of terms) {
      const p = this.postings.get(t);
      const j = p ? binarySearch(p.rows, row) : -1;
      if (j >= 0) out.push({ term: t, fields: FIELDS.filter((_, i) => p!.fields[j] & (1 << i)) });
    }
    return out;
  }
}

const labelKey = (s: string) => s.normalize("NFKC").toLowerCase().trim().replace(/\s+/g, " ");

function binarySearch(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === x) return mid;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
