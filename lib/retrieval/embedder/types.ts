// The shape every text embedder has. Its own module so that the embedders (minilm.ts) and the
// selection between them (index.ts) both depend on it instead of on each other.

export const EMBEDDING_DIMS = 384;

export interface Embedder {
  /** e.g. `minilm:all-MiniLM-L6-v2` or `fallback-lsa-v1:1a2b3c4d`. */
  readonly name: string;
  readonly dims: 384;
  readonly kind: "minilm" | "fallback";
  /** Unit-length vectors (cosine = dot product), one per text, in order. */
  embed(texts: string[]): Promise<Float32Array[]>;
}
