// Latency summaries for benchmarks: nearest-rank percentiles and a plain-text table.

/** Nearest-rank percentile (p in [0, 100]) of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

export interface LatencyRow {
  label: string;
  n: number;
  median: number;
  p95: number;
  max: number;
  note?: string;
}

export function latencyRow(label: string, ms: readonly number[], note?: string): LatencyRow {
  return { label, n: ms.length, median: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(...ms), note };
}

const fmt = (x: number) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toFixed(1)) : "–");

/** Rows as an aligned table: label, n, median, p95, max (ms), note. */
export function latencyTable(rows: readonly LatencyRow[]): string {
  const header = ["", "n", "median ms", "p95 ms", "max ms", ""];
  const cells = rows.map((r) => [r.label, String(r.n), fmt(r.median), fmt(r.p95), fmt(r.max), r.note ?? ""]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 || i === c.length - 1 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join("  ").trimEnd();
  return [line(header), ...cells.map(line)].join("\n");
}
