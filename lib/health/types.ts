// The health check's results, as the API (spec/api.md §"Benchmark health") and pages show them.
import type { Agreement } from "./agreement";
import type { ScoredAnswer } from "./answer-match";
import type { ModelCoverage } from "./coverage";

export type Severity = "info" | "warning" | "critical";

export const SEVERITY_RANK: Record<Severity, number> = { info: 1, warning: 2, critical: 3 };

export interface HealthFlag {
  code: string;
  severity: Severity;
  message: string;
}

export interface BenchmarkStats {
  /** models with score or unit-test outcomes on the benchmark */
  outcomeModels: number;
  atFloor: number;
  atCeiling: number;
  /** samples measured on ≥ 2 models with outcomes, and those on which every model ties */
  outcomeSamples: number;
  degenerate: number;
  /** the first TIED_LISTED of the degenerate samples' ids, in pool order (absent in runs stored before it was kept) */
  tiedSamples?: string[];
  negativeDiscrimination: number;
  duplicated: number;
  answers: { matching: number; scoredWrong: number; examples: ScoredAnswer[] };
}

export interface BenchmarkHealth {
  name: string;
  nSamples: number;
  nModels: number;
  nMeasurements: number;
  agreement: Agreement | null;
  flags: HealthFlag[];
  coverage: ModelCoverage[];
  stats: BenchmarkStats;
  /** the previous run's per-benchmark results kept for an unchanged benchmark (./incremental.ts); null: computed now */
  carried: { checkedVersion: number; checkedAt: string } | null;
}

export interface SampleFlag extends HealthFlag {
  /** sample index in the batch */
  sample: number;
  /** orders a benchmark's flagged samples within one severity, larger first */
  suspicion: number;
  /** left out by exclude_flagged (a duplicate group keeps its first copy) */
  excludable: boolean;
  evidence: Record<string, unknown>;
}

export interface HealthReport {
  benchmarks: BenchmarkHealth[];
  sampleFlags: SampleFlag[];
}

/** Worst first, then by code, so a list of flags reads the same every time. */
export function sortFlags<F extends HealthFlag>(flags: F[]): F[] {
  return flags.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || a.code.localeCompare(b.code));
}

/** A benchmark unchanged since the previous run: its per-benchmark results, kept (./incremental.ts). */
export interface CarriedBenchmark {
  fingerprint: string;
  nModels: number;
  coverage: ModelCoverage[];
  stats: BenchmarkStats;
  /** data version and time the per-benchmark checks were computed at */
  checkedVersion: number;
  checkedAt: string;
  /** PER_BENCHMARK_CODES flags of its samples, by sample index of the new run */
  sampleFlags: SampleFlag[];
}

/** How many of a benchmark's samples on which every model ties its health lists by id. */
export const TIED_LISTED = 50;
