// Leaderboards react to the health check: which of a selection's samples are flagged (in a
// benchmark with a warning or critical flag about the benchmark itself, or flagged themselves), and with exclude_flagged
// the samples to keep. A duplicate group keeps its first copy (lib/health/sample-flags.ts).
import { flaggedAmong, latestHealthRun } from "@/lib/db/queries/benchmark-health";
import type { Severity } from "@/lib/db/queries/benchmark-health";
import { freshOrLast } from "@/lib/db/fresh-or-last";

/** A short key of a list of sample pks (count, sum and a rolling hash): equal lists, equal keys. */
function selectionKey(pks: readonly number[]): string {
  let h = 0;
  let sum = 0;
  for (const pk of pks) {
    h = (Math.imul(h, 31) + pk) | 0;
    sum += pk;
  }
  return `${pks.length}:${sum}:${h}`;
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
}

export async function checkSelection(pks: number[], excludeFlagged: boolean): Promise<CheckedSelection> {
  const run = await freshOrLast("health-run", () => latestHealthRun());
  if (!run) return { pks, health: null };
  // Keyed by run and selection: a repeated selection is answered while a background job holds the database.
  const rows = await freshOrLast(`health-flags:${run.id}:${selectionKey(pks)}`, () => flaggedAmong(run.id, pks));
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
  return { pks: excludeFlagged ? pks.filter((pk) => !drop.has(pk)) : pks, health };
}
