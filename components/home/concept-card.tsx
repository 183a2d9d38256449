// A saved concept leaderboard as a card: title, what it selects, its top 3 from the cached
// snapshot ("computing…" until the worker has one), and when that snapshot was computed.
import Link from "next/link";
import type { SavedLeaderboard, Snapshot } from "@/lib/leaderboard/saved";
import { Badge } from "@/components/ui/badge";
import { formatScore, relativeTime } from "@/lib/format";
import { describeFilters } from "@/components/leaderboard/retrieval-summary";

export type SavedWithSnapshot = SavedLeaderboard & { snapshot: Snapshot | null };

export function conceptSubtitle(s: SavedWithSnapshot): string {
  const filters = describeFilters({ benchmark: s.filters.benchmark ?? [], task: s.filters.task ?? [], tag: s.filters.tag ?? [], meta: s.filters.meta ?? [] });
  if (s.query) return `“${s.query}”${filters ? ` among ${filters}` : ""}`;
  return s.description || filters || "every sample";
}

/** `badge`: shown in the card's footer (a benchmark's health). */
export function ConceptCard({ s, badge }: { s: SavedWithSnapshot; badge?: React.ReactNode }) {
  const snap = s.snapshot?.result;
  const leaders = snap ? snap.models.filter((m) => m.rank !== null).slice(0, 3) : [];
  return (
    <li className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-indigo-300 hover:shadow" data-testid="concept-card" data-slug={s.slug}>
      <h3 className="font-semibold text-slate-900">
        <Link href={`/leaderboards/${s.slug}`} className="after:absolute after:inset-0 after:rounded-lg hover:text-indigo-700">
          {s.title}
        </Link>
      </h3>
      <p className="mt-0.5 truncate text-xs text-slate-500">{conceptSubtitle(s)}</p>
      {snap ? (
        <ol className="mt-3 space-y-1 text-sm">
          {leaders.map((m) => (
            <li key={m.model} className="flex items-baseline gap-2">
              <span className="w-4 font-semibold tabular-nums text-slate-500">{m.rank}</span>
              <span className={`min-w-0 flex-1 truncate ${m.rank === 1 ? "font-semibold text-slate-900" : "text-slate-700"}`}>{m.model}</span>
              <span className="tabular-nums text-slate-600">{formatScore(m.score, snap.scale)}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
          <span aria-hidden className="inline-block h-2 w-2 animate-pulse rounded-full bg-amber-400" />
          computing…
        </p>
      )}
      <p className="mt-auto flex flex-wrap items-center gap-2 pt-3 text-xs text-slate-500">
        {s.snapshot ? <span>{snap?.n_samples} samples · {relativeTime(s.snapshot.computedAt)}</span> : <span>no snapshot yet</span>}
        {(s.refreshQueuedAt || s.refreshStartedAt) && <Badge tone="amber">refreshing</Badge>}
        {badge}
      </p>
    </li>
  );
}
