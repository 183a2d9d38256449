// Where the numbers come from: method, baseline, how much data, which intervals, which prior,
// which embedder retrieved the samples, and when and how (live or cached snapshot) it was computed.
import Link from "next/link";
import type { LiveLeaderboard } from "@/lib/leaderboard/compute";
import { Badge } from "@/components/ui/badge";
import { ciMethodLabel, embedderLabel, formatCount, formatTime, isFallbackEmbedder, relativeTime } from "@/lib/format";

/** What a method's scores cannot be read as, said where they are shown (the rest is on /about). */
const METHOD_CAVEATS: Record<string, string> = {
  elo: "Elo ratings depend on the order the comparisons are replayed in and have no interval: for comparison with Plackett–Luce only, not a ranking to rely on.",
  mean: "Mean score is absolute (each measurement scaled to 0–1 and averaged), not relative to the baseline, and ignores which models met on which samples.",
  borda: "Borda count is absolute (the share of models beaten per sample), not relative to the baseline.",
};

export type LeaderboardSource =
  | { kind: "live"; note?: string; snapshotHref?: string }
  | {
      kind: "snapshot";
      refreshing: boolean;
      stale: boolean;
      progress: number | null;
      /** The data version it was computed from, and the one up to which it is known current. */
      computedAtVersion: number;
      currentAtVersion: number | null;
    };

/** How fresh a snapshot is, in words: computed from which data, and still current through which. */
function freshness(s: Extract<LeaderboardSource, { kind: "snapshot" }>): string {
  const from = `from data version ${s.computedAtVersion}`;
  if (s.currentAtVersion === null || s.currentAtVersion <= s.computedAtVersion) return from;
  return `${from}; nothing published since (through version ${s.currentAtVersion}) reaches its selection`;
}

function Item({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{term}</dt>
      <dd className="mt-0.5 truncate text-sm text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function Provenance({ lb, methodLabel, source }: { lb: LiveLeaderboard; methodLabel: string; source: LeaderboardSource }) {
  const embedder = lb.retrieval.embedder;
  return (
    <section aria-label="Where these numbers come from" className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
        {source.kind === "live" ? (
          <>
            <Badge tone="indigo">Live</Badge>
            <span className="text-slate-700" data-testid="source">
              Computed live {relativeTime(lb.computed_at)} ({formatTime(lb.computed_at)}){source.note ? ` — ${source.note}` : ""}.
            </span>
            {source.snapshotHref && (
              <Link href={source.snapshotHref} className="text-indigo-700 underline">
                Back to the cached snapshot
              </Link>
            )}
          </>
        ) : (
          <>
            <Badge tone="green">Cached snapshot</Badge>
            <span className="text-slate-700" data-testid="source">
              Computed {relativeTime(lb.computed_at)} ({formatTime(lb.computed_at)}), {freshness(source)}.
            </span>
            {source.refreshing ? (
              <Badge tone="amber">Refresh running{source.progress !== null ? ` (${Math.round(source.progress * 100)}%)` : ""}…</Badge>
            ) : source.stale ? (
              <Badge tone="amber">Newer data exists; a refresh is due</Badge>
            ) : (
              <Badge>Up to date with the pool</Badge>
            )}
          </>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        <Item term="Method" testId="method">{methodLabel}</Item>
        <Item term="Baseline" testId="baseline">{lb.baseline}</Item>
        <Item term="Samples">{formatCount(lb.n_samples)}</Item>
        <Item term="Measurements">{formatCount(lb.n_measurements)}</Item>
        <Item term="Intervals">
          <span title={ciMethodLabel(lb.ci_method, lb.diagnostics.resamples, lb.analytic_variance)}>{lb.ci_method === "none" ? "none" : `95% ${lb.ci_method}`}</span>
        </Item>
        <Item term={embedder ? "Embedder" : "Prior"}>
          {embedder ? (
            <span title={embedderLabel(embedder)}>
              {isFallbackEmbedder(embedder) ? <Badge tone="amber">LSA fallback</Badge> : <Badge tone="indigo">MiniLM</Badge>}
            </span>
          ) : lb.prior !== null ? (
            `${lb.prior} virtual games`
          ) : (
            "—"
          )}
        </Item>
      </dl>
      <p className="mt-2 text-xs text-slate-500">
        {ciMethodLabel(lb.ci_method, lb.diagnostics.resamples, lb.analytic_variance)}
        {lb.prior !== null && ` · prior: ${lb.prior} virtual win and loss per model against a reference at 0`}
        {` · ${formatCount(lb.diagnostics.n_choices)} choice events`}
        {embedder && ` · embedder: ${embedderLabel(embedder)}`} · <Link href="/about" className="underline">how this is computed</Link>
      </p>
      {METHOD_CAVEATS[lb.method] && (
        <p className="mt-1 text-xs text-amber-800" data-testid="method-caveat">
          {METHOD_CAVEATS[lb.method]} <Link href="/about#methods" className="underline">The methods compared</Link>
        </p>
      )}
    </section>
  );
}
