// Leaderboards react to the health check: which of a selection's samples are flagged (in a
// benchmark with a warning or critical flag about the benchmark itself, or flagged themselves), and with exclude_flagged
// the samples to keep. A duplicate group keeps its first copy (lib/health/sample-flags.ts).
import { createHash } from "node:crypto";
import { flaggedInRun, type SelectionFlagRow, type Severity } from "@/lib/db/queries/benchmark-health";
import { memoByVersion } from "@/lib/db/version-memo";
import { currentHealthRun } from "./current-run";

/** The flagged samples of a run by pk, read once per run and data version (new samples of a flagged benchmark count). */
function flagsOfRun(runId: number): Promise<Map<number, SelectionFlagRow>> {
  return memoByVersion(`health-flags:${runId}`, async () => new Map((await flaggedInRun(runId)).map((r) => [r.samplePk, r])));
}

/** The flag rows of the selected samples, in sample order. */
async function flaggedAmong(runId: number, pks: readonly number[]): Promise<SelectionFlagRow[]> {
  const flags = await flagsOfRun(runId);
  if (flags.size === 0) return [];
  const rows: SelectionFlagRow[] = [];
  for (const pk of pks) {
    const row = flags.get(pk);
    if (row) rows.push(row);
  }
  return rows.sort((a, b) => a.samplePk - b.samplePk);
}

/** Sample ids listed in an answer at most; the counts are always complete. */
export const LISTED_SAMPLES = 20;

export interface SelectionHealth {
  /** data version of the health check read */
  data_version: number;
  /** benchmarks of the selection flagged as a whole (warning or critical), and how many selected samples each */
  flagged_benchmarks: { name: string; severity: Severity; n_samples: number }[];
  /** selected samples flagged themselves (wrong key, duplicate copy, empty input), outside those benchmarks too */
  flagged_samples: { count: number; ids: string[] };
  /** what exclude_flagged=true left out; null when it was not asked */
  excluded: { benchmarks: string[]; samples: number; sample_ids: string[] } | null;
}

export interface CheckedSelection {
  /** the samples to rank */
  pks: number[];
  /** null before any health check */
  health: SelectionHealth | null;
  /** the health run read (null before any) */
  runId: number | null;
  /** flagDigest of the run's flags among the samples checked */
  flags: string;
}

/**
 * What a run flags among `pks`, as one string: each flagged selected sample with its benchmark's
 * severity and whether it is flagged itself (equal strings: the run flags the selection alike).
 */
export function flagDigest(rows: readonly SelectionFlagRow[]): string {
  return createHash("sha256")
    .update(JSON.stringify(rows.map((r) => [r.samplePk, r.benchmarkSeverity ?? null, r.sampleFlagged])))
    .digest("base64url");
}

/** flagDigest of what run `runId` (null: none) flags among `pks`. */
export async function flagDigestAmong(runId: number | null, pks: readonly number[]): Promise<string> {
  return flagDigest(runId === null ? [] : await flaggedAmong(runId, pks));
}

export async function checkSelection(pks: number[], excludeFlagged: boolean): Promise<CheckedSelection> {
  const run = await currentHealthRun();
  if (!run) return { pks, health: null, runId: null, flags: flagDigest([]) };
  const rows = await flaggedAmong(run.id, pks);
  const benchmarks = new Map<string, { severity: Severity; n: number }>();
  const own: string[] = [];
  for (const r of rows) {
    if (r.benchmarkSeverity) {
      const b = benchmarks.get(r.benchmark) ?? { severity: r.benchmarkSeverity, n: 0 };
      b.n++;
      benchmarks.set(r.benchmark, b);
    }
    if (r.sampleFlagged) own.push(r.sampleId);
  }
  const drop = new Set(rows.map((r) => r.samplePk));
  const health: SelectionHealth = {
    data_version: run.dataVersion,
    flagged_benchmarks: [...benchmarks].map(([name, b]) => ({ name, severity: b.severity, n_samples: b.n })),
    flagged_samples: { count: own.length, ids: own.slice(0, LISTED_SAMPLES) },
    excluded: excludeFlagged ? { benchmarks: [...benchmarks.keys()], samples: drop.size, sample_ids: rows.slice(0, LISTED_SAMPLES).map((r) => r.sampleId) } : null,
  };
  return { pks: excludeFlagged ? pks.filter((pk) => !drop.has(pk)) : pks, health, runId: run.id, flags: flagDigest(rows) };
}
