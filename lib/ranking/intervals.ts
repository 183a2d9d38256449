/**
 * Intervals for leaderboard scores.
 *   - Wald interval from the observed information: s_i ± z_{0.975} √Var(θ_i − θ_b), z = 1.95996.
 *   - Bootstrap percentile interval (Efron & Tibshirani 1993, ch. 13): the 2.5% and 97.5%
 *     quantiles (linear interpolation between order statistics, Hyndman & Fan type 7).
 *   - Rank intervals in the style of LMArena's "rank (upper bound)" (Chiang et al. 2024,
 *     Chatbot Arena, sec. 5): best_i = 1 + #{j : lo_j > hi_i}, models that are clearly better;
 *     worst_i = #ranked − #{j : hi_j < lo_i}, all but the models that are clearly worse.
 */
export const Z95 = 1.959963984540054;

export function waldIntervals(scores: Float64Array, variance: Float64Array): { lo: Float64Array; hi: Float64Array } {
  const lo = new Float64Array(scores.length);
  const hi = new Float64Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const h = Z95 * Math.sqrt(variance[i]);
    lo[i] = scores[i] - h;
    hi[i] = scores[i] + h;
  }
  return { lo, hi };
}

/** Type-7 quantile of an ascending-sorted array. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const k = Math.floor(h);
  return k + 1 < n ? sorted[k] + (h - k) * (sorted[k + 1] - sorted[k]) : sorted[n - 1];
}

/** Rank (1 + number of strictly greater scores) for finite scores; NaN otherwise. */
export function competitionRanks(scores: Float64Array): Float64Array {
  const ranks = new Float64Array(scores.length).fill(NaN);
  for (let i = 0; i < scores.length; i++) {
    if (!Number.isFinite(scores[i])) continue;
    let r = 1;
    for (let j = 0; j < scores.length; j++) if (scores[j] > scores[i]) r++;
    ranks[i] = r;
  }
  return ranks;
}

/** [best, worst] plausible rank from per-model intervals; NaN where an interval is missing. */
export function rankIntervals(lo: Float64Array, hi: Float64Array): { best: Float64Array; worst: Float64Array } {
  const n = lo.length;
  const ok = (i: number) => Number.isFinite(lo[i]) && Number.isFinite(hi[i]);
  let ranked = 0;
  for (let i = 0; i < n; i++) if (ok(i)) ranked++;
  const best = new Float64Array(n).fill(NaN);
  const worst = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    if (!ok(i)) continue;
    let above = 0;
    let below = 0;
    for (let j = 0; j < n; j++) {
      if (j === i || !ok(j)) continue;
      if (lo[j] > hi[i]) above++;
      if (hi[j] < lo[i]) below++;
    }
    best[i] = 1 + above;
    worst[i] = ranked - below;
  }
  return { best, worst };
}
