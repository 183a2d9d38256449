// How the embedder behind a capability query is named: plainly saying when it is the offline LSA
// fallback rather than the MiniLM sentence model, since retrieval quality differs a lot.

/** Whether an embedder name is the offline LSA fallback rather than MiniLM. */
export function isFallbackEmbedder(name: string | null | undefined): boolean {
  return !!name && name.startsWith("fallback");
}

export function embedderLabel(name: string | null | undefined): string {
  if (!name) return "none";
  return isFallbackEmbedder(name) ? `offline LSA fallback (${name}), not MiniLM` : `${name} (MiniLM sentence embeddings)`;
}
