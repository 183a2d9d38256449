// What the health check flagged in a leaderboard's selection, and the switch that leaves it out
// (exclude_flagged=true, recomputed live on /leaderboard; /samples lists without them and passes
// its own toggleHref). Shown only when something is flagged or excluded.
import Link from "next/link";
import type { SelectionHealth } from "@/lib/health/selection";
import type { LeaderboardQuery } from "@/lib/selection/schema";
import { leaderboardHref } from "@/lib/selection/url";
import { plural } from "@/lib/format";
import { sampleHref } from "@/lib/samples/links";
import { HealthBadge } from "./health-badge";

export function SelectionHealthNotice({ health, query, toggleHref }: { health: SelectionHealth | null; query: Partial<LeaderboardQuery>; toggleHref?: string }) {
  if (!health) return null;
  const { flagged_benchmarks: benchmarks, flagged_samples: samples, excluded } = health;
  if (!excluded && benchmarks.length === 0 && samples.count === 0) return null;
  const toggle = toggleHref ?? leaderboardHref({ ...query, exclude_flagged: !query.exclude_flagged });
  return (
    <section aria-label="Benchmark health" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="selection-health">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          {excluded ? (
            <>Excluded what the health check flagged: {plural(excluded.samples, "sample")}{excluded.benchmarks.length > 0 && <> including every sample of {excluded.benchmarks.join(", ")}</>}.</>
          ) : (
            <>
              This selection contains {benchmarks.length > 0 && <>{plural(benchmarks.reduce((n, b) => n + b.n_samples, 0), "sample")} of {plural(benchmarks.length, "flagged benchmark")}</>}
              {benchmarks.length > 0 && samples.count > 0 && " and "}
              {samples.count > 0 && plural(samples.count, "flagged sample")}.{" "}
              <span className="text-xs">
                Counted are the flags that &quot;Exclude flagged&quot; would act on (warnings and worse; of a group of duplicates, every copy but the first): a benchmark&apos;s health page lists every flag, notes and first copies too.
              </span>
            </>
          )}
        </p>
        <Link href={toggle} role="switch" aria-checked={query.exclude_flagged === true} className="inline-flex items-center gap-2 rounded-md border border-amber-300 bg-white px-3 py-1 font-medium text-amber-900 shadow-sm hover:bg-amber-100" data-testid="exclude-flagged">
          <span aria-hidden className={`inline-block h-3 w-6 rounded-full ${query.exclude_flagged ? "bg-amber-600" : "bg-slate-300"}`} />
          Exclude flagged
        </Link>
      </div>
      {benchmarks.length > 0 && (
        <p className="mt-2 flex flex-wrap items-center gap-3">
          {benchmarks.map((b) => (
            <HealthBadge key={b.name} name={b.name} severity={b.severity} />
          ))}
        </p>
      )}
      {samples.ids.length > 0 && !excluded && (
        <p className="mt-1 text-xs text-amber-900">
          Flagged samples: {samples.ids.map((id, i) => (
            <span key={id}>
              {i > 0 && ", "}
              <Link className="underline" href={sampleHref(id)}>{id}</Link>
            </span>
          ))}
          {samples.count > samples.ids.length && ` and ${samples.count - samples.ids.length} more`}.
        </p>
      )}
    </section>
  );
}
