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
import { StringTable } from "./string-table";

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

/**
 * One document's index terms: distinct term ids (of a TermDictionary) with their weighted term
 * frequency and the fields each occurs in, its weighted length and its label keys. Computed once
 * per document text and reusable by later builds over the same dictionary (lib/serving/lexical-store.ts).
 */
export interface DocTerms {
  ids: Int32Array;
  tf: Float32Array;
  fields: Uint8Array;
  length: number;
  labels: readonly string[];
}

/**
 * Term strings ↔ dense ids, shared by the indexes built over one pool so that DocTerms stay valid;
 * held off the heap (string-table.ts): a pool's words and bigrams run into millions.
 */
const SPACE = 0x20;

export class TermDictionary {
  private readonly table = new StringTable();

  id(term: string): number {
    return this.table.id(term);
  }

  find(term: string): number | undefined {
    return this.table.find(term);
  }

  /** The term of id `id`. */
  term(id: number): string {
    return this.table.get(id);
  }

  /** Whether term `id` is a bigram (holds a space): told without decoding it. */
  isBigram(id: number): boolean {
    return this.table.includesUnit(id, SPACE);
  }

  get count(): number {
    return this.table.count;
  }
}

/** The index terms of one document (tf weighted by field; FIELDS order of the bits). */
export function docTerms(doc: LexicalDoc, dict: TermDictionary): DocTerms {
  const at = new Map<number, number>();
  const ids: number[] = [];
  const tf: number[] = [];
  const fields: number[] = [];
  let length = 0;
  const add = (field: LexicalField, text: string | null | undefined) => {
    if (!text) return;
    const bit = 1 << FIELDS.indexOf(field);
    const w = FIELD_WEIGHT[field];
    for (const t of textTerms(text)) {
      const id = dict.id(t);
      let j = at.get(id);
      if (j === undefined) {
        at.set(id, (j = ids.length));
        ids.push(id);
        tf.push(0);
        fields.push(0);
      }
      tf[j] += w;
      fields[j] |= bit;
      length += w;
    }
  };
  for (const tag of doc.tags) add("tag", tag);
  add("task", doc.task);
  add("benchmark", doc.benchmark);
  for (const m of doc.metadata) add("metadata", m);
  add("input", doc.input);
  add("reference", doc.reference);
  const labels = [...new Set([...doc.tags, ...(doc.task ? [doc.task] : [])].map(labelKey))];
  return { ids: Int32Array.from(ids), tf: Float32Array.from(tf), fields: Uint8Array.from(fields), length, labels };
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
  private readonly dict: TermDictionary;
  /** Postings of term id t: rows[start[t] .. start[t + 1]) ascending, with their tf and field bits. */
  private readonly start: Int32Array;
  private readonly rows: Int32Array;
  /** Weighted tf: 16 bits when every one is a whole number below 2^16 (the field weights are whole, so always but for a term repeated tens of thousands of times in one text), else float32; the same values either way. */
  private readonly tf: Uint16Array | Float32Array;
  private readonly fields: Uint8Array;
  /** Rows by a whole tag or task name, lower-cased ("other" is a stopword but a tag too). */
  private readonly labels = new Map<string, number[]>();
  private readonly length: Float32Array;
  private readonly avgLength: number;
  /** The single-word terms, sorted; built on the first prefix lookup. */
  private words: PrefixIndex | null = null;

  /**
   * The index over raw documents, or over documents already split into terms (docTerms over
   * `dict`, reusable between builds): row = position. Postings are laid out once in typed arrays
   * (two passes: counts, then a fill in row order), not as an object per term and document.
   */
  constructor(input: readonly LexicalDoc[] | { terms: readonly DocTerms[]; dict: TermDictionary }) {
    let terms: readonly DocTerms[];
    if (Array.isArray(input)) {
      const dict = new TermDictionary();
      terms = (input as readonly LexicalDoc[]).map((d) => docTerms(d, dict));
      this.dict = dict;
    } else {
      ({ terms, dict: this.dict } = input as { terms: readonly DocTerms[]; dict: TermDictionary });
    }
    const nTerms = this.dict.count;
    const start = new Int32Array(nTerms + 1);
    this.length = new Float32Array(terms.length);
    terms.forEach((doc, row) => {
      for (let j = 0; j < doc.ids.length; j++) start[doc.ids[j] + 1]++;
      this.length[row] = doc.length;
      for (const label of doc.labels) {
        const rows = this.labels.get(label);
        if (rows) rows.push(row);
        else this.labels.set(label, [row]);
      }
    });
    for (let t = 0; t < nTerms; t++) start[t + 1] += start[t];
    const total = start[nTerms];
    this.rows = new Int32Array(total);
    this.tf = terms.every(wholeShortTfs) ? new Uint16Array(total) : new Float32Array(total);
    this.fields = new Uint8Array(total);
    const next = start.slice(0, nTerms);
    terms.forEach((doc, row) => {
      for (let j = 0; j < doc.ids.length; j++) {
        const at = next[doc.ids[j]]++;
        this.rows[at] = row;
        this.tf[at] = doc.tf[j];
        this.fields[at] = doc.fields[j];
      }
    });
    this.start = start;
    this.avgLength = terms.length ? this.length.reduce((a, b) => a + b, 0) / terms.length : 1;
  }

  /** The postings range [from, to) of a term, or null when no row has it. */
  private range(term: string): [number, number] | null {
    const id = this.dict.find(term);
    if (id === undefined || id + 1 >= this.start.length) return null;
    const from = this.start[id];
    const to = this.start[id + 1];
    return to > from ? [from, to] : null;
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
      const range = this.range(t);
      if (!range) continue;
      const [from, to] = range;
      const idf = Math.log(1 + (n - (to - from) + 0.5) / (to - from + 0.5));
      for (let j = from; j < to; j++) {
        const r = this.rows[j];
        const tf = this.tf[j];
        out[r] += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.length[r]) / this.avgLength));
      }
    }
    return out;
  }

  /** The single-word terms of this index (with postings here). */
  private singleWords(): string[] {
    const out: string[] = [];
    for (let id = 0; id + 1 < this.start.length; id++) {
      if (this.start[id + 1] === this.start[id]) continue;
      if (!this.dict.isBigram(id)) out.push(this.dict.term(id));
    }
    return out;
  }

  /** The single-word index terms starting with `prefix`, in order. */
  withPrefix(prefix: string): string[] {
    // Terms of this index only: the dictionary may hold terms of other builds over the pool.
    this.words ??= new PrefixIndex(this.singleWords());
    return this.words.withPrefix(prefix);
  }

  /** 1 for the rows containing the term, in any field. */
  containing(term: string): Uint8Array {
    const out = new Uint8Array(this.size);
    const range = this.range(term);
    if (range) for (let j = range[0]; j < range[1]; j++) out[this.rows[j]] = 1;
    return out;
  }

  /** 1 for the rows where the term is in a tag or the task name. */
  labelled(term: string): Uint8Array {
    const out = new Uint8Array(this.size);
    const range = this.range(term);
    const labels = (1 << FIELDS.indexOf("tag")) | (1 << FIELDS.indexOf("task"));
    if (range) for (let j = range[0]; j < range[1]; j++) if (this.fields[j] & labels) out[this.rows[j]] = 1;
    return out;
  }

  /** The rows with a tag or task named exactly `text` (case and spacing aside). */
  namedBy(text: string): readonly number[] {
    return this.labels.get(labelKey(text)) ?? [];
  }

  /**
   * The postings by row (each row's terms in term-id order): what the index was built from, as
   * runs of `ids`, `tf`, `fields` over rows [start[r], start[r + 1]). An index built from these
   * runs (same dictionary, the rows' lengths and labels) is this one.
   */
  byRow(): { start: Int32Array; ids: Int32Array<ArrayBuffer>; tf: Float32Array<ArrayBuffer>; fields: Uint8Array<ArrayBuffer> } {
    const n = this.size;
    const start = new Int32Array(n + 1);
    for (let j = 0; j < this.rows.length; j++) start[this.rows[j] + 1]++;
    for (let r = 0; r < n; r++) start[r + 1] += start[r];
    const next = start.slice(0, n);
    const ids = new Int32Array(this.rows.length);
    const tf = new Float32Array(this.rows.length);
    const fields = new Uint8Array(this.rows.length);
    for (let t = 0; t + 1 < this.start.length; t++) {
      for (let j = this.start[t]; j < this.start[t + 1]; j++) {
        const at = next[this.rows[j]]++;
        ids[at] = t;
        tf[at] = this.tf[j];
        fields[at] = this.fields[j];
      }
    }
    return { start, ids, tf, fields };
  }

  /** Which of the terms occur in the row, and in which fields. */
  explain(row: number, terms: readonly string[]): TermMatch[] {
    const out: TermMatch[] = [];
    for (const t of terms) {
      const range = this.range(t);
      const j = range ? binarySearch(this.rows, row, range[0], range[1]) : -1;
      if (j >= 0) out.push({ term: t, fields: FIELDS.filter((_, i) => this.fields[j] & (1 << i)) });
    }
    return out;
  }
}

/** Whether every tf of the document fits a Uint16Array exactly. */
function wholeShortTfs(doc: DocTerms): boolean {
  for (let j = 0; j < doc.tf.length; j++) {
    const x = doc.tf[j];
    if (!(x >= 0 && x <= 0xffff && Number.isInteger(x))) return false;
  }
  return true;
}

const labelKey = (s: string) => s.normalize("NFKC").toLowerCase().trim().replace(/\s+/g, " ");

/** The index of x in sorted[from .. to), or −1. */
function binarySearch(sorted: Int32Array, x: number, from: number, to: number): number {
  let lo = from;
  let hi = to - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === x) return mid;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
