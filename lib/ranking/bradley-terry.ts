/**
 * Bradley-Terry on pairwise-broken choices (Bradley & Terry 1952; Zermelo 1929):
 * each top-1 choice (i, L, w) is broken into the pairs "i beats j" for every j ∈ L, each with
 * weight w (rank breaking, Azari Soufiani et al. 2013). Unlike Plackett-Luce this *does*
 * expand winner × loser pairs, by definition; the pairs are aggregated at once into the
 * sufficient statistic W_ij = Σ weight of "i beats j", so memory is O(n²) whatever the data size
 * and the fit costs O(n²) per pass. The BT log-likelihood
 *
 *   ℓ(θ) = Σ_{i≠j} W_ij [θ_i − log(e^{θ_i} + e^{θ_j})]
 *
 * is the Plackett-Luce likelihood of the choices (i, {j}, W_ij), so the same Newton fitter,
 * convergence criterion, prior and identifiability rules apply (./plackett-luce.ts).
 */
import type { ChoiceEvents } from './choices';

export interface BrokenPairs {
  /** aggregated choices (i, {j}, W_ij), a single pseudo-sample */
  choices: ChoiceEvents;
  /** number of (winner, loser) pairs with positive weight before aggregation */
  nPairs: number;
}

export function breakIntoPairs(c: ChoiceEvents, weight: Float64Array = c.weight): BrokenPairs {
  const n = c.nModels;
  const w2 = new Float64Array(n * n);
  let nPairs = 0;
  for (let e = 0; e < c.winner.length; e++) {
    const w = weight[e];
    if (!(w > 0)) continue;
    const row = c.winner[e] * n;
    const s = c.set[e];
    for (let q = c.setStart[s]; q < c.setEnd[s]; q++) w2[row + c.entries[q]] += w;
    nPairs += c.setEnd[s] - c.setStart[s];
  }
  let m = 0;
  for (let k = 0; k < w2.length; k++) if (w2[k] > 0) m++;
  const winner = new Int32Array(m);
  const set = new Int32Array(m);
  const wt = new Float64Array(m);
  for (let k = 0, e = 0; k < w2.length; k++) {
    if (!(w2[k] > 0)) continue;
    winner[e] = Math.floor(k / n);
    set[e] = k % n;
    wt[e++] = w2[k];
  }
  const blockOffsets = new Int32Array(n + 1);
  const entries = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    entries[j] = j;
    blockOffsets[j + 1] = j + 1;
  }
  return {
    choices: {
      nModels: n,
      nSamples: 1,
      blockOffsets,
      entries,
      setStart: entries.slice(),
      setEnd: blockOffsets.slice(1),
      winner,
      set,
      weight: wt,
      sample: new Int32Array(m),
      sampleOffsets: Int32Array.of(0, m),
      nChoiceSetEntries: 2 * m,
      duplicates: 0,
      invalidPairwise: 0,
    },
    nPairs,
  };
}
