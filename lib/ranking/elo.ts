/**
 * Online Elo over pairwise-broken choices (Elo 1978; as in LMArena's online Elo, Chiang et al.
 * 2024, which used K = 4): for every pair "i beats j" with weight w, in a fixed order,
 *
 *   E_i = 1 / (1 + 10^{(R_j − R_i)/400}),   R_i += K w (1 − E_i),   R_j −= K w (1 − E_i).
 *
 * Order: events by sample index, then as built (./choices.ts: groups by kind and key, tiers
 * best first, then pairwise lines in input order); within an event, losers best-first. Elo is
 * order-dependent, which is why it is offered for comparison and never as the default.
 * A pairwise line with p_a gives "a beats b" with weight p_a then "b beats a" with 1 − p_a.
 * Ratings start at `initial` (1000); models without any comparison are NaN.
 */
import type { ChoiceEvents } from './choices';

export const ELO_K = 4;
export const ELO_INITIAL = 1000;

export function eloRatings(
  c: ChoiceEvents,
  opts: { k?: number; initial?: number; sampleWeight?: Float64Array } = {},
): Float64Array {
  const k = opts.k ?? ELO_K;
  const r = new Float64Array(c.nModels).fill(opts.initial ?? ELO_INITIAL);
  const seen = new Uint8Array(c.nModels);
  for (let e = 0; e < c.winner.length; e++) {
    const w = c.weight[e] * (opts.sampleWeight ? opts.sampleWeight[c.sample[e]] : 1);
    if (!(w > 0)) continue;
    const i = c.winner[e];
    const s = c.set[e];
    seen[i] = 1;
    for (let q = c.setStart[s]; q < c.setEnd[s]; q++) {
      const j = c.entries[q];
      seen[j] = 1;
      const expected = 1 / (1 + Math.pow(10, (r[j] - r[i]) / 400));
      const delta = k * w * (1 - expected);
      r[i] += delta;
      r[j] -= delta;
    }
  }
  for (let m = 0; m < c.nModels; m++) if (!seen[m]) r[m] = NaN;
  return r;
}
