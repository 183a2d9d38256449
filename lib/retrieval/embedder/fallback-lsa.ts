// Offline fallback embedder: latent semantic analysis (Deerwester, Dumais, Furnas, Landauer &
// Harshman 1990, "Indexing by latent semantic analysis", JASIS 41(6)). Documents become unit
// sublinear tf-idf rows of A (tfidf.ts); a rank-k truncated SVD A ≈ U_k Σ_k V_kᵀ
// (randomized-svd.ts) puts words that occur in similar documents close together, so a query
// word that only appears in some samples' tags ("virology") lands near questions about viruses.
// Any text, query or sample, is embedded by fold-in: e = normalise(a · V_k · Σ_k^{-p}), a its
// tf-idf row; p = sigmaPower (0 gives documents U_kΣ_k, the classical LSA document space).
import { randomizedSvd } from "./randomized-svd";
import { PrefixIndex } from "./prefix-expansion";
import { mulberry32 } from "./prng";
import { decodeLsa, encodeLsa, fitIdOf, type LsaParts } from "./lsa-serialize";
import { buildVocabulary, tfidfMatrix, tfidfVector, type Vocabulary } from "./tfidf";
import { textTerms } from "./text-terms";

export const LSA_DIMS = 384;
export const LSA_VERSION = "fallback-lsa-v1";

export interface LsaOptions {
  /** Latent dimensions (≤ 384; fewer when the corpus has fewer). */
  rank: number;
  oversample: number;
  powerIterations: number;
  seed: number;
  minDf: number;
  maxVocabulary: number;
  bigrams: boolean;
  sigmaPower: number;
  /** Larger pools are fitted on a seeded sample of this many documents (fit time grows with N). */
  maxFitDocs: number;
}

export const DEFAULT_LSA_OPTIONS: LsaOptions = {
  rank: 384,
  oversample: 10,
  powerIterations: 2,
  seed: 1,
  minDf: 2,
  maxVocabulary: 30_000,
  bigrams: true,
  sigmaPower: 0,
  maxFitDocs: 20_000,
};

export class LsaModel {
  /** `fallback-lsa-v1:<fit id>`; record it with every vector so vectors of different fits never mix. */
  readonly name: string;
  readonly fitId: string;
  readonly dims = LSA_DIMS;
  private readonly vocabulary: Vocabulary;
  private prefixIndex: PrefixIndex | null = null;

  constructor(
    readonly parts: LsaParts,
    bytes: Uint8Array = encodeLsa(parts),
  ) {
    this.fitId = fitIdOf(bytes);
    this.name = `${LSA_VERSION}:${this.fitId}`;
    this.vocabulary = { terms: parts.terms, index: new Map(parts.terms.map((t, i) => [t, i])), idf: parts.idf };
  }

  get options(): LsaOptions {
    return this.parts.params as unknown as LsaOptions;
  }

  /**
   * Unit vectors of length 384 (latent dimensions first, zero padding after). A text sharing no
   * word, nor a long prefix of one (prefix-expansion.ts), with the vocabulary gets all zeros:
   * callers must treat a zero vector as "no match", not rank by it.
   */
  embed(texts: string[]): Float32Array[] {
    const { k, projection } = this.parts;
    const bigrams = this.options.bigrams;
    const acc = new Float64Array(k);
    return texts.map((text) => {
      const { indices, values } = tfidfVector(this.indexTerms(text, bigrams), this.vocabulary);
      acc.fill(0);
      for (let p = 0; p < indices.length; p++) {
        const w = values[p];
        const row = indices[p] * k;
        for (let c = 0; c < k; c++) acc[c] += w * projection[row + c];
      }
      let norm = 0;
      for (let c = 0; c < k; c++) norm += acc[c] * acc[c];
      const out = new Float32Array(LSA_DIMS);
      if (norm > 0) {
        const s = 1 / Math.sqrt(norm);
        for (let c = 0; c < k; c++) out[c] = acc[c] * s;
      }
      return out;
    });
  }

  /** The text's terms; when the vocabulary knows none of them, prefix neighbours of its words. */
  private indexTerms(text: string, bigrams: boolean): string[] {
    const terms = textTerms(text, bigrams);
    if (terms.some((t) => this.vocabulary.index.has(t))) return terms;
    this.prefixIndex ??= new PrefixIndex(this.parts.terms);
    return terms.filter((t) => !t.includes(" ")).flatMap((t) => this.prefixIndex!.expand(t));
  }

  /** Which words of `text` the model knows; lets a UI say why a query matched nothing. */
  knownTerms(text: string): { known: string[]; unknown: string[] } {
    const terms = textTerms(text, false);
    return {
      known: terms.filter((t) => this.vocabulary.index.has(t)),
      unknown: terms.filter((t) => !this.vocabulary.index.has(t)),
    };
  }
}

/** Seeded choice of `m` of `n` indices, kept in their original order. */
function sampleIndices(n: number, m: number, seed: number): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  const uniform = mulberry32(seed ^ 0x5bd1e995);
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(uniform() * (n - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, m).sort((a, b) => a - b);
}

/**
 * Which of `n` documents (by position) fitLsa fits on: null for all of them, else the seeded
 * `maxFitDocs` it samples. Fitting on exactly those documents, in that order, gives the same model,
 * so a caller can read only them.
 */
export function fitDocumentIndices(n: number, options: Partial<Pick<LsaOptions, "maxFitDocs" | "seed">> = {}): number[] | null {
  const { maxFitDocs, seed } = { ...DEFAULT_LSA_OPTIONS, ...options };
  return n > maxFitDocs ? sampleIndices(n, maxFitDocs, seed) : null;
}

/** Fit tf-idf and the rank-k LSA basis on `docs` (see sampleDocument). Deterministic in (docs, opts). */
export function fitLsa(docs: string[], options: Partial<LsaOptions> = {}): LsaModel {
  const o = { ...DEFAULT_LSA_OPTIONS, ...options };
  // Explicit key order: the options are hashed into the fit id.
  const params: LsaOptions = {
    rank: Math.min(o.rank, LSA_DIMS),
    oversample: o.oversample,
    powerIterations: o.powerIterations,
    seed: o.seed,
    minDf: o.minDf,
    maxVocabulary: o.maxVocabulary,
    bigrams: o.bigrams,
    sigmaPower: o.sigmaPower,
    maxFitDocs: o.maxFitDocs,
  };
  const chosen = fitDocumentIndices(docs.length, params);
  const fitDocs = chosen ? chosen.map((i) => docs[i]) : docs;
  const termLists = fitDocs.map((d) => textTerms(d, params.bigrams));
  const vocab = buildVocabulary(termLists, params);
  const a = tfidfMatrix(termLists, vocab);
  const svd = randomizedSvd(a, params);

  const projection = new Float32Array(vocab.terms.length * svd.k);
  for (let t = 0; t < vocab.terms.length; t++) {
    for (let c = 0; c < svd.k; c++) {
      projection[t * svd.k + c] = svd.v[t * svd.k + c] * Math.pow(svd.sigma[c], -params.sigmaPower);
    }
  }
  return new LsaModel({
    params: { ...params },
    nDocs: fitDocs.length,
    k: svd.k,
    terms: vocab.terms,
    idf: vocab.idf,
    projection,
  });
}

export function serializeLsa(model: LsaModel): Uint8Array {
  return encodeLsa(model.parts);
}

export function deserializeLsa(bytes: Uint8Array): LsaModel {
  return new LsaModel(decodeLsa(bytes), bytes);
}
