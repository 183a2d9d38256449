// What the saved-leaderboard page shows: the cached snapshot, or, when the URL changes the
// aggregation or no snapshot exists yet, a live computation of the stored query.
import { ApiError } from "@/lib/api/errors";
import { parseQuery } from "@/lib/api/handler";
import { computeLeaderboard, type LiveLeaderboard } from "@/lib/leaderboard/compute";
import { aggregationSchema, METHOD_LABELS, type LeaderboardQuery } from "@/lib/leaderboard/params";
import { savedQuery, type SavedLeaderboard, type Snapshot } from "@/lib/leaderboard/saved";
import { hasAggregationOverride } from "@/lib/leaderboard/url-state";
import { tryLive, type LiveFailure } from "@/components/leaderboard/live-result";
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
    const stale = Number(snap.dataVersion) !== version;
    return { ok: true, lb, query: stored, source: { kind: "snapshot", refreshing, stale, progress: saved.refreshProgress }, autoRefresh: refreshing };
  }
  let query: LeaderboardQuery = stored;
  if (hasAggregationOverride(sp)) {
    try {
      const agg = parseQuery(sp, aggregationSchema);
      query = { ...stored, ...agg, method: sp.has("method") ? agg.method : stored.method, baseline: agg.baseline ?? stored.baseline };
    } catch (err) {
      if (err instanceof ApiError) return { ok: false, failure: { ok: false, kind: "bad-request", message: err.message } };
      throw err;
    }
  }
  const live = await tryLive(() => computeLeaderboard(query));
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
