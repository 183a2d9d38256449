// The health check as background work (the worker's QUEUES.checkHealth job, queued after every
// publishing upload and coalesced to one pending): load the pool in slices (./load-pool.ts),
// compute (./report.ts, pure), store a run for the data version it read, in short statements
// that readers do not see until the run is marked done. A run for the current data version is
// not recomputed.
import { dataVersion } from "@/lib/db/data-version";
import { dropHealthRun, finishHealthRun, insertBenchmarkHealth, insertSampleFlags, latestHealthRun, startHealthRun } from "@/lib/db/queries/benchmark-health";
import { configuredPrior } from "@/lib/selection/defaults";
import { loadPool, yieldToOthers } from "./load-pool";
import { computeHealth } from "./report";
import { embedderKind } from "@/lib/retrieval/text-embedders";
import { COSINE_DUPLICATE, scanVectorPairs } from "./vector-duplicates";
import { SEVERITY_RANK, type BenchmarkHealth } from "./types";

const INSERT_CHUNK = 500;

export type HealthRunOutcome =
  | { status: "computed"; dataVersion: number; runId: number; durationMs: number; benchmarks: number; flaggedSamples: number }
  | { status: "current"; dataVersion: number };

function worstSeverity(b: BenchmarkHealth) {
  return b.flags.reduce<BenchmarkHealth["flags"][number]["severity"] | null>((w, f) => (!w || SEVERITY_RANK[f.severity] > SEVERITY_RANK[w] ? f.severity : w), null);
}

export async function runHealthCheck(opts: { force?: boolean } = {}): Promise<HealthRunOutcome> {
  const version = await dataVersion();
  const latest = await latestHealthRun();
  if (!opts.force && latest?.dataVersion === version) return { status: "current", dataVersion: version };
  const t0 = performance.now();
  const { input, samplePks, vectors } = await loadPool();
  const vectorPairs = vectors ? await scanVectorPairs(vectors.matrix, COSINE_DUPLICATE[embedderKind(vectors.model)], undefined, yieldToOthers) : [];
  const report = computeHealth({ ...input, vectorPairs, prior: configuredPrior().value });
  await yieldToOthers();
  const runId = await startHealthRun(version);
  try {
    await insertBenchmarkHealth(
      runId,
      report.benchmarks.map((b) => ({ benchmark: b.name, nSamples: b.nSamples, nModels: b.nModels, nMeasurements: b.nMeasurements, agreement: b.agreement, flags: b.flags, coverage: b.coverage, stats: b.stats, severity: worstSeverity(b) })),
    );
    for (let i = 0; i < report.sampleFlags.length; i += INSERT_CHUNK) {
      const chunk = report.sampleFlags.slice(i, i + INSERT_CHUNK);
      await insertSampleFlags(runId, chunk.map(({ sample, code, severity, message, suspicion, excludable, evidence }) => ({ samplePk: samplePks[sample], code, severity, message, suspicion, excludable, evidence })));
      await yieldToOthers();
    }
    const durationMs = Math.round(performance.now() - t0);
    await finishHealthRun(runId, durationMs);
    return { status: "computed", dataVersion: version, runId, durationMs, benchmarks: report.benchmarks.length, flaggedSamples: new Set(report.sampleFlags.map((f) => f.sample)).size };
  } catch (err) {
    await dropHealthRun(runId);
    throw err;
  }
}
