// The saved leaderboards on the home page: capability concepts (semantic queries and user-saved
// ones) as cards, per-benchmark ones in a second grid.
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
export function BenchmarkCards({ saved, health }: { saved: SavedWithSnapshot[]; health?: ReadonlyMap<string, Severity | null> }) {
  const { benchmarks } = splitSaved(saved);
  if (benchmarks.length === 0) return null;
  return (
    <section aria-labelledby="benchmarks-heading">
      <h2 id="benchmarks-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Benchmarks
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {benchmarks.map((s) => {
          const name = s.filters.benchmark?.length === 1 ? s.filters.benchmark[0] : null;
          return <ConceptCard key={s.slug} s={s} badge={name !== null && health?.has(name) ? <SeverityBadge severity={health.get(name) ?? null} /> : undefined} />;
        })}
      </ul>
    </section>
  );
}
