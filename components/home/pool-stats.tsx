// The pool at a glance: samples, models, measurements, benchmarks, and the embedder serving
// capability queries (saying plainly when it is the offline LSA fallback).
import { getPoolStats } from "@/lib/db/queries/pool-stats";
import { activeEmbedder, pendingEmbeddings } from "@/lib/retrieval/active";
import { Badge } from "@/components/ui/badge";
import { formatCount, isFallbackEmbedder } from "@/components/leaderboard/format";

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={`stat-${label}`}>
        {formatCount(value)}
      </dd>
    </div>
  );
}

export async function PoolStats() {
  const [stats, active] = await Promise.all([getPoolStats(), activeEmbedder().catch(() => null)]);
  const pending = await pendingEmbeddings();
  return (
    <section aria-label="The pool">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="samples" value={stats.samples} />
        <Stat label="models" value={stats.models} />
        <Stat label="measurements" value={stats.measurements} />
        <Stat label="benchmarks" value={stats.benchmarks} />
      </dl>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="embedder">
        <span>Semantic search:</span>
        {!active?.name ? (
          <Badge tone="amber">not ready</Badge>
        ) : isFallbackEmbedder(active.name) ? (
          <Badge tone="amber">offline LSA fallback, not MiniLM</Badge>
        ) : (
          <Badge tone="indigo">MiniLM</Badge>
        )}
        <span className="font-mono">{active?.name ?? "—"}</span>
        {pending > 0 && <Badge tone="amber">index being built: {formatCount(pending)} samples pending</Badge>}
      </p>
    </section>
  );
}
