// What a new health run carries forward from the previous one (./incremental.ts decides what may
// be): the per-benchmark results of benchmarks whose fingerprint is unchanged, their samples'
// per-benchmark flags, and the near-duplicate-by-meaning pairs between two such benchmarks (only
// pairs touching a changed benchmark are scanned again, ./vector-duplicates.ts).
import { listBenchmarkHealth, listRunFlags } from "@/lib/db/queries/benchmark-health";
import { PER_BENCHMARK_CODES } from "./incremental";
import type { CarriedBenchmark } from "./types";
import type { BenchmarkStats } from "./types";
import type { VectorPair } from "./vector-duplicates";

/** What the job stores in a benchmark's stats beside the statistics, to carry them later. */
export interface CarryMarks {
  fingerprint: string;
  checkedVersion: number;
  checkedAt: string;
}

export interface Carry {
  benchmarks: Map<string, CarriedBenchmark>;
  vectorPairs: VectorPair[];
}

export async function carryFrom(runId: number, fingerprints: ReadonlyMap<string, string>, samplePks: readonly number[], ids: readonly string[], benchmarks: readonly string[]): Promise<Carry> {
  const benchmarksOut = new Map<string, CarriedBenchmark>();
  for (const row of await listBenchmarkHealth(runId)) {
    const stats = row.stats as BenchmarkStats & Partial<CarryMarks>;
    if (!stats.fingerprint || stats.fingerprint !== fingerprints.get(row.benchmark)) continue;
    const { fingerprint, checkedVersion, checkedAt, ...rest } = stats;
    benchmarksOut.set(row.benchmark, { fingerprint, nModels: row.nModels, coverage: row.coverage, stats: rest, checkedVersion: checkedVersion!, checkedAt: checkedAt!, sampleFlags: [] });
  }
  const indexOfPk = new Map(samplePks.map((pk, i) => [pk, i]));
  const indexOfId = new Map(ids.map((id, i) => [id, i]));
  const vectorPairs: VectorPair[] = [];
  for (const f of await listRunFlags(runId)) {
    const s = indexOfPk.get(f.samplePk);
    const kept = s === undefined ? undefined : benchmarksOut.get(benchmarks[s]);
    if (s === undefined || !kept) continue;
    if (PER_BENCHMARK_CODES.has(f.code)) kept.sampleFlags.push({ ...f, sample: s });
    const other = indexOfId.get(f.evidence.similar_to as string);
    // Each pair is stored on both samples; the one on the lower index is carried once.
    if (f.code === "near_duplicate" && typeof f.evidence.cosine === "number" && other !== undefined && other > s && benchmarksOut.has(benchmarks[other])) {
      vectorPairs.push({ a: s, b: other, cosine: f.evidence.cosine });
    }
  }
  return { benchmarks: benchmarksOut, vectorPairs };
}
