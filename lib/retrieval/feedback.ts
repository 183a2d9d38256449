// Query expansion by pseudo-relevance feedback, for a concept that no candidate carries as a tag or
// task (the dense side is then the only evidence, and a one-word subject such as "chemistry" rarely
// occurs in the questions about it). Rocchio's update (Rocchio 1971, "Relevance feedback in
// information retrieval", The SMART Retrieval System) with the original query's weight at 0 and the
// top-ranked samples taken as relevant (Buckley, Salton, Allan & Singhal 1994, "Automatic query
// expansion using SMART: TREC 3"):
//   seeds     the FEEDBACK_SEEDS best candidates by BM25F over the concept's terms and their
//             morphological family in the pool (index words sharing the first max(4, ⌈¾·len⌉)
//             characters of a query word: "chemistry" → chemist, "economics" → economy, economist),
//             when at least MIN_LEXICAL_SEEDS candidates contain one; else the best by similarity
//   q'        = (Σ_{d ∈ seeds} v_d) / ‖Σ_{d ∈ seeds} v_d‖
// The adaptive cut (cutoff.ts) is then made on the candidates' similarities to q'. Chosen on
// npm run bench:retrieval (stripped MMLU-Pro, 14 categories as queries): see README.md.
import { refineBest } from "./approximate";
import type { ConceptLexicon } from "./concept-terms";
import type { LexicalIndex } from "./lexical";
import { TopK } from "./top-k";

export const FEEDBACK_SEEDS = 50;
export const MIN_LEXICAL_SEEDS = 10;
/** Family prefixes are at least this long, and words shorter than it get no family ("law"). */
const MIN_FAMILY_PREFIX = 4;

export interface Expansion {
  /** Index terms added to the concept's own (its words' family). */
  terms: string[];
  /** The rows whose mean vector is the expanded query, best first. */
  seeds: number[];
  /** The ranking the seeds were taken from. */
  from: "lexical" | "dense";
}

export interface ExpandInput {
  index: LexicalIndex;
  lexicon: ConceptLexicon;
  /**
   * Similarity of each row to the concept's own embedding (NaN: no candidate or no vector), or a
   * function computing it: called only when it is needed (seeds by similarity), since a concept
   * answered by its expanded query never reads its own similarities (a pass over the pool).
   */
  dense: Float32Array | (() => Float32Array);
  candidate: Uint8Array;
  /** A row's stored (unit) vector, null without one. */
  vectorOf: (row: number) => ArrayLike<number> | null;
  /** Similarity of each candidate row to a query vector (NaN elsewhere). */
  similarities: (query: Float32Array) => Float32Array;
}

export interface Expanded {
  dense: Float32Array;
  lexical: Float32Array;
  expansion: Expansion;
}

/** Index words of the same family as `word` (itself included when indexed). */
export function familyOf(index: LexicalIndex, word: string): string[] {
  if (word.length < MIN_FAMILY_PREFIX) return [];
  return index.withPrefix(word.slice(0, Math.max(MIN_FAMILY_PREFIX, Math.ceil(0.75 * word.length))));
}

/** The similarities of `dense`, computed at most once when given as a function. */
export function denseOf(x: Pick<ExpandInput, "dense">): Float32Array {
  if (typeof x.dense === "function") x.dense = x.dense();
  return x.dense;
}

/** The best `n` candidate rows by `score` (ties by row), among those where `ok` holds: a bounded heap, not a sort of the pool. */
function best(score: ArrayLike<number>, candidate: Uint8Array, ok: (x: number) => boolean, n: number): number[] {
  const top = new TopK(n);
  for (let r = 0; r < candidate.length; r++) if (candidate[r] && ok(score[r])) top.offer(-score[r], r);
  return top.sorted().map((t) => t.pk);
}

/** The FEEDBACK_SEEDS best candidates by similarity, the approximate values among them made exact first (approximate.ts). */
function bestBySimilarity(dense: Float32Array, candidate: Uint8Array): number[] {
  refineBest(dense, candidate, FEEDBACK_SEEDS);
  return best(dense, candidate, Number.isFinite, FEEDBACK_SEEDS);
}

/** Unit mean of the rows' vectors; null when none has a vector or they cancel out. */
export function centroid(rows: readonly number[], vectorOf: ExpandInput["vectorOf"]): Float32Array | null {
  let sum: Float64Array | null = null;
  for (const r of rows) {
    const v = vectorOf(r);
    if (!v) continue;
    sum ??= new Float64Array(v.length);
    for (let i = 0; i < v.length; i++) sum[i] += v[i];
  }
  if (!sum) return null;
  const norm = Math.hypot(...sum);
  return norm > 0 ? Float32Array.from(sum, (x) => x / norm) : null;
}

/** The concept's expanded scores, or null where feedback does not apply (a candidate is labelled, or no seed). */
export function expandConcept(x: ExpandInput): Expanded | null {
  const { index, lexicon, candidate } = x;
  for (let r = 0; r < candidate.length; r++) if (candidate[r] && lexicon.labelled[r]) return null;
  const own = new Set(lexicon.terms);
  const terms = [...new Set(lexicon.terms.filter((t) => !t.includes(" ")).flatMap((w) => familyOf(index, w)))].filter((t) => !own.has(t));
  const lexical = terms.length ? index.score([...lexicon.terms, ...terms]) : lexicon.score;
  const lexicalSeeds = best(lexical, candidate, (s) => s > 0, FEEDBACK_SEEDS);
  const from = lexicalSeeds.length >= MIN_LEXICAL_SEEDS ? "lexical" : "dense";
  const seeds = from === "lexical" ? lexicalSeeds : bestBySimilarity(denseOf(x), candidate);
  const query = centroid(seeds, x.vectorOf);
  if (!query) return null;
  return { dense: x.similarities(query), lexical, expansion: { terms, seeds, from } };
}
