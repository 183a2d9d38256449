// How leaderboard numbers are written: each method's scale gets its own units and precision, so a
// Plackett–Luce log-strength never reads like a percentage. Pure; used by server and client views.

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

function digits(scale: string): number {
  return scale === "elo" ? 0 : scale === "percent" ? 1 : scale === "fraction" ? 3 : 2;
}

/** Signed on relative scales (log-strength, Elo), plain on absolute ones. */
export function formatScore(v: number | null, scale: string): string {
  if (v === null || !Number.isFinite(v)) return "—";
  const s = v.toFixed(digits(scale));
  const zero = Number(s) === 0;
  if (scale === "log-strength" || scale === "elo") return zero ? (0).toFixed(digits(scale)) : v > 0 ? `+${s}` : s.replace("-", "−");
  return scale === "percent" ? `${s}%` : s;
}

export function formatCi(ci: [number, number] | null, scale: string): string {
  if (!ci) return "no interval";
  const d = digits(scale);
  const f = (x: number) => x.toFixed(d).replace("-", "−");
  return `[${f(ci[0])}, ${f(ci[1])}]`;
}

export function formatPercent(p: number | null, d = 0): string {
  return p === null || !Number.isFinite(p) ? "—" : `${(p * 100).toFixed(d)}%`;
}

export function formatCount(n: number): string {
  return n.toLocaleString("en-US");
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

/** Whether an embedder name is the offline LSA fallback rather than MiniLM. */
export function isFallbackEmbedder(name: string | null | undefined): boolean {
  return !!name && name.startsWith("fallback");
}

export function embedderLabel(name: string | null | undefined): string {
  if (!name) return "none";
  return isFallbackEmbedder(name) ? `offline LSA fallback (${name}), not MiniLM` : `${name} (MiniLM sentence embeddings)`;
}

export function formatTime(iso: string | Date): string {
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago" relative to `now`. */
export function relativeTime(iso: string | Date, now = Date.now()): string {
  const t = (typeof iso === "string" ? new Date(iso) : iso).getTime();
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 45) return "just now";
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}
