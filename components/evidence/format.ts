// Number formats shared by the evidence, model and compare views (no server imports: client
// components use them too).

/** A Plackett–Luce log-strength relative to the baseline: "+1.23", "−0.40", "0.00". */
export function formatScore(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  const s = Math.abs(v).toFixed(2);
  return v > 0.005 ? `+${s}` : v < -0.005 ? `−${s}` : "0.00";
}

export function formatCi(ci: [number, number] | null | undefined): string {
  if (!ci) return "—";
  return `${formatScore(ci[0])} … ${formatScore(ci[1])}`;
}

/** A probability as a percentage: "73%" (one decimal below 1% and above 99%). */
export function formatPercent(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return "—";
  const x = p * 100;
  return `${x < 1 || x > 99 ? x.toFixed(1) : x.toFixed(0)}%`;
}

/** A measured value as stored, shortened only when it has many decimals. */
export function formatValue(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "—";
  return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(4)));
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? word : many}`;
}
