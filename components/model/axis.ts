// Score axes of the charts: whole-number bounds around the scores and 0, with integer ticks.

/** [lo, hi]: the scores and 0, padded by half a unit, rounded out to whole numbers. */
export function scoreDomain(scores: number[]): [number, number] {
  return [Math.floor(Math.min(0, ...scores) - 0.5), Math.ceil(Math.max(0, ...scores) + 0.5)];
}

/** Integer ticks (every 1, 2, … units, at most ~8), always including 0. */
export function scoreTicks([lo, hi]: [number, number]): number[] {
  const step = Math.max(1, Math.ceil((hi - lo) / 8));
  const out: number[] = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) out.push(t);
  return out;
}
