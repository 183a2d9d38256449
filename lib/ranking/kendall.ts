/**
 * Agreement between two score vectors over the same models (entries that are not finite in
 * either vector are left out).
 *   - Kendall's tau-b (Kendall 1945), which corrects for ties:
 *       τ_b = (n_c − n_d) / √((n_0 − n_1)(n_0 − n_2)),
 *     n_0 = n(n−1)/2, n_c / n_d concordant / discordant pairs, n_1 / n_2 pairs tied in x / y.
 *     O(n²), fine for the ≤ a few hundred models of a leaderboard. NaN if either side is constant.
 *   - Top-k overlap: |top_k(x) ∩ top_k(y)| / k, top by score descending, ties by index.
 */
export function kendallTauB(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const idx: number[] = [];
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) idx.push(i);
  let concordant = 0;
  let discordant = 0;
  let tiedX = 0;
  let tiedY = 0;
  for (let a = 0; a < idx.length; a++) {
    for (let b = a + 1; b < idx.length; b++) {
      const dx = Math.sign(x[idx[a]] - x[idx[b]]);
      const dy = Math.sign(y[idx[a]] - y[idx[b]]);
      if (dx === 0) tiedX++;
      if (dy === 0) tiedY++;
      if (dx * dy > 0) concordant++;
      else if (dx * dy < 0) discordant++;
    }
  }
  const n0 = (idx.length * (idx.length - 1)) / 2;
  const denom = Math.sqrt((n0 - tiedX) * (n0 - tiedY));
  return denom > 0 ? (concordant - discordant) / denom : NaN;
}

function topK(x: ArrayLike<number>, k: number): Set<number> {
  const idx: number[] = [];
  for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i])) idx.push(i);
  idx.sort((a, b) => x[b] - x[a] || a - b);
  return new Set(idx.slice(0, k));
}

export function topKOverlap(x: ArrayLike<number>, y: ArrayLike<number>, k: number): number {
  const a = topK(x, k);
  let both = 0;
  for (const i of topK(y, k)) if (a.has(i)) both++;
  return both / k;
}
