// Score axes of the charts: round tick steps (1, 2, 2.5 or 5 × 10^k) covering a domain, and tick
// labels with just the decimals the step needs, signed when scores are relative to a baseline.
import { withMinus } from "./numbers";

export type Domain = [number, number];

/** Ticks a round step apart from at or below `lo` to at or above `hi` (about `target` of them), and the decimals they need. */
export function niceTicks([lo, hi]: Domain, target = 6): { ticks: number[]; decimals: number } {
  const raw = Math.max(hi - lo, 1e-9) / target;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * mag;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  // Multiplying the index (rather than adding steps) keeps 0.1 + 0.2-style drift out of the labels.
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)));
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9) + (Math.abs(step / mag - 2.5) < 1e-9 ? 1 : 0));
  return { ticks, decimals };
}

/** The scores and 0, padded by half a unit: the span of a chart whose bars start at the baseline (0). */
export function zeroDomain(scores: number[]): Domain {
  return [Math.min(0, ...scores) - 0.5, Math.max(0, ...scores) + 0.5];
}

/** A tick label: "+1.5", "0", "−2" (signed) or "0.25" (plain). */
export function formatTick(v: number, decimals: number, signed: boolean): string {
  const s = v.toFixed(decimals);
  if (Number(s) === 0) return (0).toFixed(decimals);
  return `${signed && v > 0 ? "+" : ""}${withMinus(s)}`;
}
