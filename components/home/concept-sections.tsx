// The saved leaderboards on the home page: capability concepts (semantic queries and user-saved
// ones) as cards, per-benchmark ones in a second grid. The home page shows every capability (the
// ones people saved, newest last) and the first HOME_CARDS benchmarks, with a link to all of them:
// a pool's benchmarks only grow, and at 40 the page was 205 KB, most of it these cards twice, as
// markup and as React's payload. /leaderboards shows them all.
import Link from "next/link";
import { EmptyState } from "@/components/ui/states";
import { ConceptCard, type SavedWithSnapshot } from "./concept-card";
import type { Severity } from "@/lib/db/queries/benchmark-health";
import { SeverityBadge } from "@/components/health/health-badge";

export function splitSaved(saved: SavedWithSnapshot[]) {
  const isBenchmark = (s: SavedWithSnapshot) => !s.query && s.slug.startsWith("benchmark-");
  return {
    concepts: saved.filter((s) => s.slug !== "overall" && !isBenchmark(s)),
    benchmarks: saved.filter(isBenchmark),
  };
}

/** How many benchmark cards the home page shows. */
export const HOME_CARDS = 12;

export function CapabilityCards({ saved, allLink = true, wide = false }: { saved: SavedWithSnapshot[]; allLink?: boolean; wide?: boolean }) {
  const { concepts } = splitSaved(saved);
  return (
    <section aria-labelledby="concepts-heading">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="concepts-heading" className="text-lg font-semibold text-slate-900">
          Capabilities
        </h2>
        {allLink && (
          <Link href="/leaderboards" className="text-sm font-medium text-indigo-700 hover:underline">
            All saved leaderboards →
          </Link>
        )}
      </div>
      {concepts.length === 0 ? (
        <EmptyState title="No saved capabilities yet">
          Run a{" "}
          <Link href="/query" className="underline">
            query
          </Link>{" "}
          and save it as a concept leaderboard.
        </EmptyState>
      ) : (
        <ul className={`grid gap-3 sm:grid-cols-2 ${wide ? "lg:grid-cols-3" : ""}`} data-testid="concept-cards">
          {concepts.map((s) => (
            <ConceptCard key={s.slug} s={s} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** `health`: each benchmark's worst health flag (null: healthy), from the newest health check. */
export function BenchmarkCards({ saved, health, limit }: { saved: SavedWithSnapshot[]; health?: ReadonlyMap<string, Severity | null>; limit?: number }) {
  const { benchmarks: all } = splitSaved(saved);
  if (all.length === 0) return null;
  const benchmarks = limit === undefined ? all : all.slice(0, limit);
  return (
    <section aria-labelledby="benchmarks-heading">
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id="benchmarks-heading" className="text-lg font-semibold text-slate-900">
          Benchmarks
        </h2>
        {benchmarks.length < all.length && (
          <Link href="/leaderboards#benchmarks-heading" className="text-sm font-medium text-indigo-700 hover:underline" data-testid="all-benchmarks">
            All {all.length} benchmark leaderboards →
          </Link>
        )}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {benchmarks.map((s) => {
          const name = s.filters.benchmark?.length === 1 ? s.filters.benchmark[0] : null;
          return <ConceptCard key={s.slug} s={s} badge={name !== null && health?.has(name) ? <SeverityBadge severity={health.get(name) ?? null} /> : undefined} />;
        })}
      </ul>
    </section>
  );
}
