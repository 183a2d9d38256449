// How a leaderboard score and its interval are written. Each method's scale has its own units and
// a fixed number of decimals, so a Plackett–Luce log-strength never reads like a percentage and a
// column of scores lines up:
//
//   scale         decimals  sign                       example
//   log-strength  2         "+" / "−" (relative to 0)  "+1.23", "0.00", "−0.40"
//   elo           0         "+" / "−" (relative to 0)  "+152"
//   percent       1         plain, with "%"            "52.3%"
//   fraction      3         plain                      "0.734"
//
// An interval is its two endpoints in brackets, each written exactly like a score on the same
// scale ("[−0.12, +0.40]"), so a reader sees at once whether it crosses the baseline.
import type { ScoreScale } from "@/lib/ranking/leaderboard-types";
import { MISSING, withMinus } from "./numbers";

export interface ScaleInfo {
  /** Column header of the score. */
  label: string;
  /** One sentence on how to read the number. */
  explain: string;
  /** Whether the baseline is pinned at 0 on this scale. */
  baselineZero: boolean;
}

export function scaleInfo(scale: string): ScaleInfo {
  switch (scale) {
    case "log-strength":
      return { label: "Score (log-strength)", explain: "log-strength relative to the baseline (0); +1 multiplies the odds of being preferred by e ≈ 2.7", baselineZero: true };
    case "elo":
      return { label: "Score (Elo points)", explain: "Elo points relative to the baseline (0); +400 means 10:1 odds", baselineZero: true };
    case "percent":
      return { label: "Win rate vs baseline (%)", explain: "percentage of pairwise comparisons won against the baseline (the baseline itself is 50)", baselineZero: false };
    default:
      return { label: "Score (0–1)", explain: "average normalised per-sample score or Borda fraction, 0 (worst) to 1 (best); not relative to the baseline", baselineZero: false };
  }
}

const DECIMALS: Record<ScoreScale, number> = { "log-strength": 2, elo: 0, percent: 1, fraction: 3 };

function decimals(scale: string): number {
  return DECIMALS[scale as ScoreScale] ?? DECIMALS.fraction;
}

/** Signed on the relative scales (log-strength, Elo), plain on the absolute ones; a value that rounds to 0 is "0.00". */
export function formatScore(v: number | null | undefined, scale: string = "log-strength"): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return MISSING;
  const s = v.toFixed(decimals(scale));
  if (Number(s) === 0) return (0).toFixed(decimals(scale)) + (scale === "percent" ? "%" : "");
  if (scale === "percent") return `${withMinus(s)}%`;
  if (scaleInfo(scale).baselineZero) return v > 0 ? `+${s}` : withMinus(s);
  return withMinus(s);
}

export function formatCi(ci: [number, number] | null | undefined, scale: string = "log-strength"): string {
  if (!ci) return MISSING;
  return `[${formatScore(ci[0], scale)}, ${formatScore(ci[1], scale)}]`;
}

export function ciMethodLabel(ciMethod: string, resamples?: number, analyticVariance?: string | null): string {
  if (ciMethod === "bootstrap") return `95% bootstrap intervals over samples${resamples ? ` (${resamples} resamples)` : ""}`;
  if (ciMethod === "analytic") {
    return analyticVariance === "cluster-robust"
      ? "95% analytic intervals, cluster-robust by sample (sandwich variance)"
      : "95% analytic intervals (observed information)";
  }
  return "no intervals for this method";
}
