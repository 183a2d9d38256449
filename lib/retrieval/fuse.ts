// Fusing the ranked lists of several embedding spaces by reciprocal-rank fusion (Cormack, Clarke &
// Büttcher 2009, "Reciprocal Rank Fusion outperforms Condorcet and individual Rank Learning Methods"):
//   score(d) = Σ_lists 1 / (K + rank_list(d)),  rank from 1, K = 60 (the paper's constant)
// Why ranks and not scores: MiniLM's text–text cosines and SigLIP's text–image cosines live on
// different scales (SigLIP's are small, ~0.05–0.2 for a match, MiniLM's ~0.3–0.8), and no labelled
// data exists here to calibrate one onto the other. Each list is already cut by its own space's
// calibrated cut-off, so fusion only orders the union; a sample found by both spaces rises.
export const RRF_K = 60;

export interface RankedHit {
  pk: number;
  similarity: number;
}

export interface FusedHit {
  pk: number;
  /** The RRF score. */
  score: number;
  /** The sample's similarity in each space that found it. */
  similarities: Record<string, number>;
}

/** Lists by space name, each best first; the union, best fused score first (ties by pk). */
export function reciprocalRankFusion(lists: Record<string, readonly RankedHit[]>, k = RRF_K): FusedHit[] {
  const byPk = new Map<number, FusedHit>();
  for (const [space, hits] of Object.entries(lists)) {
    hits.forEach((hit, i) => {
      const fused = byPk.get(hit.pk) ?? { pk: hit.pk, score: 0, similarities: {} };
      fused.score += 1 / (k + i + 1);
      fused.similarities[space] = hit.similarity;
      byPk.set(hit.pk, fused);
    });
  }
  return [...byPk.values()].sort((a, b) => b.score - a.score || a.pk - b.pk);
}
