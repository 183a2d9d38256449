// Timing and memory helpers for the ranking benchmark and the tau curve.

/** Median wall time (ms) of `runs` calls after `warmup` untimed ones; returns the last result. */
export function timeMedian<T>(fn: () => T, runs: number, warmup = 1): { ms: number; all: number[]; result: T } {
  let result = fn();
  for (let i = 1; i < warmup; i++) result = fn();
  const all: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    result = fn();
    all.push(performance.now() - t);
  }
  const sorted = [...all].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const ms = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { ms, all, result };
}

export function memory(): string {
  const m = process.memoryUsage();
  const mb = (x: number) => `${(x / 2 ** 20).toFixed(0)} MB`;
  return `rss ${mb(m.rss)}, heap used ${mb(m.heapUsed)}, array buffers ${mb(m.arrayBuffers)}, peak rss ${mb(process.resourceUsage().maxRSS * 1024)}`;
}

export function fmtMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

export function check(label: string, ok: boolean): string {
  return `${ok ? 'OK  ' : 'MISS'} ${label}`;
}
