// The stored health as the API answers it (spec/api.md §"Benchmark health"): the newest finished
// run, whether it is behind the data (a newer one is being computed), and per sample its flags.
import { ApiError } from "@/lib/api/errors";
import type { CarryMarks } from "./carry";
import { servedDataVersion } from "@/lib/db/data-version";
import { memoByVersion } from "@/lib/db/version-memo";
import { currentHealthRun } from "./current-run";
import {
  findBenchmarkHealth,
  flagsOfSample,
  listBenchmarkHealth,
  listFlaggedSamples,
  type BenchmarkHealthRow,
  type HealthRunRow,
  type Severity,
} from "@/lib/db/queries/benchmark-health";

export interface ApiBenchmarkHealth {
  name: string;
  n_samples: number;
  n_models: number;
  n_measurements: number;
  agreement: { tau: number; ci: [number, number]; n_shared: number } | null;
  flags: { code: string; severity: Severity; message: string }[];
  computed_at: string;
  /** the worst flag's severity, null without flags */
  severity: Severity | null;
  n_flagged_samples: number;
  /**
   * When and from which data version the per-benchmark checks were computed: an unchanged
   * benchmark keeps an earlier run's (lib/health/incremental.ts); agreement is always this run's.
   */
  checks: { data_version: number; computed_at: string } | null;
}

export interface ApiSampleFlag {
  code: string;
  severity: Severity;
  message: string;
  evidence: Record<string, unknown>;
}

export interface ApiBenchmarkDetail extends ApiBenchmarkHealth {
  flagged_samples: { id: string; flags: ApiSampleFlag[] }[];
  coverage: { model: string; samples: number; share: number }[];
  stats: object;
}

export interface HealthStatus {
  data_version: number | null;
  /** "pending": never computed; "stale": the data changed since, a check is queued */
  status: "current" | "stale" | "pending";
}

/** Runs stored before incremental checks have no marks. */
function checksOf(stats: Partial<CarryMarks>): ApiBenchmarkHealth["checks"] {
  return stats.checkedVersion !== undefined && stats.checkedAt ? { data_version: stats.checkedVersion, computed_at: stats.checkedAt } : null;
}

function toApi(row: BenchmarkHealthRow, run: HealthRunRow): ApiBenchmarkHealth {
  const a = row.agreement;
  return {
    name: row.benchmark,
    n_samples: row.nSamples,
    n_models: row.nModels,
    n_measurements: row.nMeasurements,
    agreement: a ? { tau: a.tau, ci: a.ci, n_shared: a.nShared } : null,
    flags: row.flags,
    computed_at: run.computedAt,
    severity: row.severity,
    n_flagged_samples: row.nFlaggedSamples,
    checks: checksOf(row.stats as Partial<CarryMarks>),
  };
}

async function status(run: HealthRunRow | null): Promise<HealthStatus> {
  if (!run) return { data_version: null, status: "pending" };
  return { data_version: run.dataVersion, status: run.dataVersion === (await servedDataVersion()) ? "current" : "stale" };
}

export async function listHealth(): Promise<{ benchmarks: ApiBenchmarkHealth[] } & HealthStatus> {
  const run = await currentHealthRun();
  // A finished run never changes: its rows are remembered with it.
  const rows = run ? await memoByVersion(`health-list:${run.id}`, () => listBenchmarkHealth(run.id)) : [];
  return { benchmarks: rows.map((r) => toApi(r, run!)), ...(await status(run)) };
}

export const DEFAULT_FLAGGED_SAMPLES = 100;

export async function benchmarkHealth(name: string, limit = DEFAULT_FLAGGED_SAMPLES): Promise<ApiBenchmarkDetail & HealthStatus> {
  const run = await currentHealthRun();
  const row = run ? await findBenchmarkHealth(run.id, name) : null;
  if (!run || !row) throw new ApiError("not_found", run ? `No benchmark "${name}" in the health check` : `No health check has run yet; benchmark "${name}" is waiting for one`);
  const flagged = new Map<string, ApiSampleFlag[]>();
  for (const f of await listFlaggedSamples(run.id, name, limit)) {
    const list = flagged.get(f.id) ?? [];
    list.push({ code: f.code, severity: f.severity, message: f.message, evidence: f.evidence });
    flagged.set(f.id, list);
  }
  return {
    ...toApi(row, run),
    flagged_samples: [...flagged].map(([id, flags]) => ({ id, flags })),
    coverage: row.coverage,
    stats: row.stats,
    ...(await status(run)),
  };
}

/** A sample's flags in the newest health check, worst first ([] before any check). */
export async function sampleFlags(samplePk: number): Promise<ApiSampleFlag[]> {
  const run = await currentHealthRun();
  if (!run) return [];
  return (await flagsOfSample(run.id, samplePk)).map((f) => ({ code: f.code, severity: f.severity, message: f.message, evidence: f.evidence }));
}
