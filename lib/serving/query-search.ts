// A parsed capability query (lib/selection/query-language.ts) answered from the read model: the
// filters (parameters and field terms) and exclusions as a mask over sample rows, then each
// concept retrieved by hybrid search (lib/retrieval/hybrid.ts: dense similarities from the
// vector store fused with the lexical index, adaptive cut by default), concepts combined (AND:
// samples every concept retrieved; OR: any group's). Each sample says why it matched.
import type { SampleFilters } from "@/lib/db/queries/embeddings-search";
import { searchConcept } from "@/lib/retrieval/concept-search";
import { parseMetadataFilters } from "@/lib/retrieval/search";
import { centroid } from "@/lib/retrieval/feedback";
import type { ConceptResult, Cut } from "@/lib/retrieval/hybrid";
import { LexicalIndex, type Why } from "@/lib/retrieval/lexical";
import type { ParsedQuery } from "@/lib/selection/query-language";
import { lexicalFor } from "./lexical-store";
import type { ReadModel } from "./read-model";
import { refineRows } from "@/lib/retrieval/approximate";
import { approximateSimilarityByRow, similarityByRow } from "./search";
import type { VectorStore } from "./vector-store";


export interface QueryHit {
  pk: number;
  similarity: number | null;
  why: Why;
}

export interface QueryAnswer {
  hits: QueryHit[];
  /** Whether a sample passes the query's filters and exclusions (what the image side's hits must pass too). */
  allowed: (pk: number) => boolean;
  /** One per concept, in query order; `vector`: the query the cut was made on (its expansion's when expanded). */
  concepts: { text: string; result: Omit<ConceptResult, "rows">; vector: Float32Array | null }[];
}

export interface QuerySearch {
  parsed: ParsedQuery;
  filters: SampleFilters;
  cut: Cut;
  space: string;
  /** The space's vectors of the active model and the concept texts embedded by it (null: no concepts). */
  dense: { store: VectorStore; embed: (texts: string[]) => Promise<Float32Array[]> } | null;
}

/** Rows that contain every term of the text (a phrase: its words and their bigrams). */
function containingAll(index: LexicalIndex, text: string): Uint8Array {
  const out = new Uint8Array(index.size).fill(1);
  for (const t of LexicalIndex.terms(text)) {
    const has = index.containing(t);
    for (let r = 0; r < out.length; r++) out[r] &= has[r];
  }
  return out;
}

/**
 * Each allowed row's similarity to `query`. Under the adaptive cut from the unordered first pass
 * (approximate: made exact where the cut and the answer need it, lib/retrieval/approximate.ts);
 * with an explicit k or threshold exactly, since those read every value.
 */
function denseByRow(model: ReadModel, store: VectorStore, mask: Uint8Array, query: Float32Array, adaptive: boolean): Float32Array {
  if (!query.some((x) => x !== 0)) return new Float32Array(mask.length).fill(NaN);
  return adaptive ? approximateSimilarityByRow(model, store, mask, query) : similarityByRow(model, store, mask, query);
}

interface WhyContext {
  index: LexicalIndex;
  searched: string[];
  perConcept: { dense: Float32Array; terms: string[]; labelled: Uint8Array }[];
  keys: string[];
  expanded: NonNullable<Why["expanded"]>;
}

/**
 * A retrieved sample whose `why` is built on first read: GET /api/samples reads a page of them,
 * the leaderboard none, and building it for each of thousands of hits (the terms of each, an
 * object per concept) was most of a query's short-lived garbage. Serialised (toJSON) and read
 * (`.why`) it is the plain { pk, similarity, why } it replaces; only pk and similarity are own
 * properties (a spread copies those two).
 */
class Hit implements QueryHit {
  #why: Why | undefined;
  readonly #row: number;
  readonly #context: WhyContext;

  constructor(
    readonly pk: number,
    readonly similarity: number | null,
    row: number,
    context: WhyContext,
  ) {
    this.#row = row;
    this.#context = context;
  }

  get why(): Why {
    if (this.#why) return this.#why;
    const { index, searched, perConcept, keys, expanded } = this.#context;
    const row = this.#row;
    const similarity: Record<string, number | null> = {};
    perConcept.forEach((c, j) => (similarity[keys[j]] = Number.isFinite(c.dense[row]) ? c.dense[row] : null));
    const why: Why = { similarity, terms: index.explain(row, searched), labelled: perConcept.some((c) => c.labelled[row] === 1) };
    if (expanded.length) why.expanded = expanded;
    return (this.#why = why);
  }

  toJSON(): { pk: number; similarity: number | null; why: Why } {
    return { pk: this.pk, similarity: this.similarity, why: this.why };
  }
}

/** The lists' rows by rank across lists (first of each, then second of each, …), each row once (rows < n). */
export function interleave(lists: number[][], n: number): number[] {
  if (lists.length === 1) return lists[0];
  const seen = new Uint8Array(n);
  const out: number[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let rank = 0; rank < longest; rank++) {
    for (const list of lists) {
      const r = list[rank];
      if (r === undefined || seen[r]) continue;
      seen[r] = 1;
      out.push(r);
    }
  }
  return out;
}

export async function searchQuery(model: ReadModel, s: QuerySearch): Promise<QueryAnswer> {
  const index = await lexicalFor(model);
  const mask = model.samples.mask(s.filters);
  for (const word of s.parsed.exclude) {
    const has = containingAll(index, word);
    for (let r = 0; r < mask.length; r++) if (has[r]) mask[r] = 0;
  }
  // -benchmark:x, -tag:x, …: each field's excluded values leave out the samples they would select.
  const ex = s.parsed.excludeFilters;
  const none = { benchmark: [], task: [], tag: [], meta: [] };
  // One mask per field and per metadata key: a sample matching any excluded term is left out (one
  // mask of several keys would need all of them to match).
  const metaTerms = parseMetadataFilters(ex.meta).map((m) => ({ ...none, meta: [m] }));
  for (const f of [{ ...none, benchmark: ex.benchmark }, { ...none, task: ex.task }, { ...none, tag: ex.tag }, ...metaTerms]) {
    if (f.benchmark.length + f.task.length + f.tag.length + f.meta.length === 0) continue;
    const selected = model.samples.mask(f);
    for (let r = 0; r < mask.length; r++) if (selected[r]) mask[r] = 0;
  }
  const allowed = (pk: number) => {
    const row = model.samples.rowOf.get(pk);
    return row >= 0 && mask[row] === 1;
  };
  const texts = s.parsed.groups.flat().map((c) => c.text);
  if (!s.dense || texts.length === 0) {
    // The passing pks sorted as numbers (pks are distinct), the first k of them made hits.
    let n = 0;
    for (let r = 0; r < mask.length; r++) n += mask[r];
    const pks = new Int32Array(n);
    n = 0;
    for (let r = 0; r < mask.length; r++) if (mask[r]) pks[n++] = model.samples.pk.data[r];
    pks.sort();
    const kept = s.cut.k !== undefined ? pks.subarray(0, s.cut.k) : pks;
    const hits: QueryHit[] = new Array(kept.length);
    for (let i = 0; i < kept.length; i++) hits[i] = { pk: kept[i], similarity: null, why: { similarity: {}, terms: [], labelled: false } };
    return { hits, concepts: [], allowed };
  }
  const { store, embed } = s.dense;
  const vectors = await embed(texts);
  const adaptive = s.cut.k === undefined && s.cut.threshold === undefined;
  const concepts: QueryAnswer["concepts"] = [];
  const perConcept: { dense: Float32Array; terms: string[]; labelled: Uint8Array }[] = [];
  // Per group (of AND-ed concepts), the rows it retrieved in its first concept's order; per group
  // of several concepts how many of them retrieved each row: a row is kept when every concept did.
  const groupRows: number[][] = [];
  let i = 0;
  for (const group of s.parsed.groups) {
    const retrievedBy = group.length > 1 ? new Int32Array(mask.length) : null;
    let groupOrder: number[] = [];
    for (let c = 0; c < group.length; c++) {
      const concept = group[c];
      const candidate = Uint8Array.from(mask);
      for (const phrase of concept.phrases) {
        const has = containingAll(index, phrase);
        for (let r = 0; r < candidate.length; r++) candidate[r] &= has[r];
      }
      const own = Float32Array.from(vectors[i++]);
      const found = searchConcept(
        {
          index,
          text: concept.text,
          // Lazily: a concept answered by its expanded query never reads its own similarities.
          dense: () => denseByRow(model, store, candidate, own, adaptive),
          candidate,
          vectorOf: (row) => store.vectorOf(model.samples.pk.data[row]),
          similarities: (q) => denseByRow(model, store, candidate, q, adaptive),
        },
        s.cut,
      );
      const { rows, ...result } = found.result;
      const vector = found.expansion ? centroid(found.expansion.seeds, (row) => store.vectorOf(model.samples.pk.data[row])) : own;
      concepts.push({ text: concept.text, result, vector });
      perConcept.push({ dense: found.dense, terms: found.terms, labelled: found.labelled });
      if (c === 0) groupOrder = rows;
      if (retrievedBy) for (const r of rows) retrievedBy[r]++;
    }
    groupRows.push(retrievedBy ? groupOrder.filter((r) => retrievedBy[r] === group.length) : groupOrder);
  }
  // OR: the groups' rows interleaved by rank (each group's best, then each one's second, …), each
  // row once. An explicit k then bounds the union as it bounds one concept, and the groups share
  // it: "a OR b" with k = 20 is the 10 best of each, not the 20 of whichever came first.
  const order = interleave(groupRows, mask.length);
  const explicitK = s.cut.k;
  const rows = explicitK !== undefined ? order.slice(0, explicitK) : order;
  // Every concept's similarity is reported, so every expanded one says so.
  const expanded = concepts.flatMap(({ text, result }) => {
    const e = result.report.expansion;
    return e ? [{ concept: text, added_terms: e.terms, feedback_samples: e.feedback_samples }] : [];
  });
  // Every concept's similarity of every hit is reported (the hit's best, and `why`): exact.
  for (const c of perConcept) refineRows(c.dense, rows);
  const searched = [...new Set(perConcept.flatMap((c) => c.terms))];
  const keys = texts.map((text) => (texts.length > 1 ? `${s.space}:${text}` : s.space));
  // `why` is built when read (GET /api/samples reads a page of it; the leaderboard never does),
  // once per hit: the same value as building it here.
  const context: WhyContext = { index, searched, perConcept, keys, expanded };
  const hits: QueryHit[] = new Array(rows.length);
  for (let h = 0; h < rows.length; h++) {
    const row = rows[h];
    let best: number | null = null;
    for (const c of perConcept) {
      const v = c.dense[row];
      if (Number.isFinite(v) && (best === null || v > best)) best = v;
    }
    hits[h] = new Hit(model.samples.pk.data[row], best, row, context);
  }
  return { hits, concepts, allowed };
}
