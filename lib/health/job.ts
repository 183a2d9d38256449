// The health check as background work (the worker's QUEUES.checkHealth job, queued after every
// publishing upload and coalesced to one pending): load the pool in slices (./load-pool.ts),
// compute (./report.ts, pure), store a run for the data version it read, in short statements
// that readers do not see until the run is marked done. A run for the current data version is
// not recomputed. Incremental: benchmarks whose content is unchanged since the previous run keep
// its per-benchmark results (./carry.ts, ./incremental.ts); pool-wide checks are recomputed.
import { dataVersion } from "@/lib/db/data-version";
import { dropHealthRun, finishHealthRun, insertBenchmarkHealth, insertSampleFlags, latestHealthRun, startHealthRun } from "@/lib/db/queries/benchmark-health";
import { configuredPrior } from "@/lib/selection/defaults";
import { loadPool, yieldToOthers } from "./load-pool";
import { carryFrom, type Carry, type CarryMarks } from "./carry";
import { benchmarkFingerprints } from "./incremental";
import { computeHealthOffThread } from "./compute-off-thread";
import { embedderKind } from "@/lib/retrieval/text-embedders";
import { COSINE_DUPLICATE } from "./vector-duplicates";
import { SEVERITY_RANK, type BenchmarkHealth } from "./types";

const INSERT_CHUNK = 500;

/** 1 for each row of the matrix that is not all zeros (a sample with a vector). */
function rowsWithVector(values: Float32Array, dim: number): Uint8Array {
  const out = new Uint8Array(values.length / dim);
  for (let i = 0; i < out.length; i++) for (let k = i * dim; k < (i + 1) * dim && !out[i]; k++) if (values[k] !== 0) out[i] = 1;
  return out;
}

export type HealthRunOutcome =
  | { status: "computed"; dataVersion: number; runId: number; durationMs: number; benchmarks: number; flaggedSamples: number; carried: string[] }
  | { status: "current"; dataVersion: number };

function worstSeverity(b: BenchmarkHealth) {
  return b.flags.reduce<BenchmarkHealth["flags"][number]["severity"] | null>((w, f) => (!w || SEVERITY_RANK[f.severity] > SEVERITY_RANK[w] ? f.severity : w), null);
}

/** force: even for a checked data version; full: carry nothing forward. */
export async function runHealthCheck(opts: { force?: boolean; full?: boolean } = {}): Promise<HealthRunOutcome> {
  const version = await dataVersion();
  const latest = await latestHealthRun();
  if (!opts.force && latest?.dataVersion === version) return { status: "current", dataVersion: version };
  const t0 = performance.now();
  const { input, samplePks, vectors } = await loadPool();
  const hasVector = vectors ? rowsWithVector(vectors.matrix.values, vectors.matrix.dim) : null;
  const fingerprints = benchmarkFingerprints(input, vectors && hasVector ? { model: vectors.model, has: (s) => hasVector[s] === 1 } : null);
  const carry: Carry = latest && !opts.full ? await carryFrom(latest.id, fingerprints, samplePks, input.texts.ids, input.texts.benchmarks) : { benchmarks: new Map(), vectorPairs: [] };
  const changed = carry.benchmarks.size ? Uint8Array.from(input.texts.benchmarks, (b) => (carry.benchmarks.has(b) ? 0 : 1)) : undefined;
  const scan = vectors ? { matrix: vectors.matrix, threshold: COSINE_DUPLICATE[embedderKind(vectors.model)], only: changed } : undefined;
  const report = await computeHealthOffThread({ ...input, vectorPairs: carry.vectorPairs, carried: carry.benchmarks, prior: configuredPrior().value }, scan);
  const checkedAt = new Date().toISOString();
  const marks = (b: BenchmarkHealth): CarryMarks => ({ fingerprint: fingerprints.get(b.name)!, checkedVersion: b.carried?.checkedVersion ?? version, checkedAt: b.carried?.checkedAt ?? checkedAt });
  await yieldToOthers();
  const runId = await startHealthRun(version);
  try {
    await insertBenchmarkHealth(
      runId,
      report.benchmarks.map((b) => ({ benchmark: b.name, nSamples: b.nSamples, nModels: b.nModels, nMeasurements: b.nMeasurements, agreement: b.agreement, flags: b.flags, coverage: b.coverage, stats: { ...b.stats, ...marks(b) }, severity: worstSeverity(b) })),
    );
    for (let i = 0; i < report.sampleFlags.length; i += INSERT_CHUNK) {
      const chunk = report.sampleFlags.slice(i, i + INSERT_CHUNK);
      await insertSampleFlags(runId, chunk.map(({ sample, code, severity, message, suspicion, excludable, evidence }) => ({ samplePk: samplePks[sample], code, severity, message, suspicion, excludable, evidence })));
      await yieldToOthers();
    }
    const durationMs = Math.round(performance.now() - t0);
    await finishHealthRun(runId, durationMs);
    return { status: "computed", dataVersion: version, runId, durationMs, benchmarks: report.benchmarks.length, flaggedSamples: new Set(report.sampleFlags.map((f) => f.sample)).size, carried: [...carry.benchmarks.keys()].sort() };
  } catch (err) {
    await dropHealthRun(runId);
    throw err;
  }
}
