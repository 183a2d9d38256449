// What the saved-leaderboard page shows: the cached snapshot, or, when the URL changes the
// aggregation or no snapshot exists yet, a live computation of the stored query.
import { liveLeaderboard, type LiveLeaderboard } from "@/lib/leaderboard/compute";
import { tryLive, type LiveFailure } from "@/lib/leaderboard/live";
import { savedQuery, type SavedLeaderboard, type Snapshot } from "@/lib/leaderboard/saved";
import { METHOD_LABELS } from "@/lib/selection/methods";
import { tryParseParams } from "@/lib/selection/parse";
import { aggregationSchema, type LeaderboardQuery } from "@/lib/selection/schema";
import { hasAggregationOverride } from "@/lib/selection/url";
import type { LeaderboardSource } from "@/components/leaderboard/provenance";

type Saved = SavedLeaderboard & { snapshot: Snapshot | null };
export type SavedPageData =
  | { ok: true; lb: LiveLeaderboard; query: LeaderboardQuery; source: LeaderboardSource; autoRefresh: boolean }
  | { ok: false; failure: LiveFailure };

export async function savedPageData(saved: Saved, sp: URLSearchParams, version: number): Promise<SavedPageData> {
  const stored = savedQuery(saved);
  const refreshing = saved.refreshQueuedAt !== null || saved.refreshStartedAt !== null;
  if (!hasAggregationOverride(sp) && saved.snapshot) {
    const snap = saved.snapshot;
    const lb = { ...snap.result, computed_at: new Date(snap.computedAt).toISOString() };
    // Current when no later change could alter it, however old (incremental refresh).
    const stale = saved.snapshotVersion !== version;
    const freshness = { computedAtVersion: Number(snap.dataVersion), currentAtVersion: saved.snapshotVersion };
    return { ok: true, lb, query: stored, source: { kind: "snapshot", refreshing, stale, progress: saved.refreshProgress, ...freshness }, autoRefresh: refreshing };
  }
  let query: LeaderboardQuery = stored;
  if (hasAggregationOverride(sp)) {
    const { data: agg, error } = tryParseParams(sp, aggregationSchema);
    if (error !== null) return { ok: false, failure: { ok: false, kind: "bad-request", message: error } };
    query = { ...stored, ...agg, method: sp.has("method") ? agg.method : stored.method, baseline: agg.baseline ?? stored.baseline };
  }
  const live = await tryLive(() => liveLeaderboard(query));
  if (!live.ok) return { ok: false, failure: live };
  const note = saved.snapshot
    ? `not the cached snapshot (${METHOD_LABELS[saved.method]}, bootstrap intervals), because the view was changed`
    : "no cached snapshot yet: the worker is computing one";
  return {
    ok: true,
    lb: live.value,
    query,
    source: { kind: "live", note, snapshotHref: saved.snapshot ? `/leaderboards/${saved.slug}` : undefined },
    autoRefresh: !saved.snapshot,
  };
}
