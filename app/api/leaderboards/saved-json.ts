// The JSON form of a saved leaderboard (GET /api/leaderboards and /api/leaderboards/{slug}):
// its stored query, its latest snapshot with computed_at, and whether a newer one is being computed.
import type { SavedLeaderboard, Snapshot } from "@/lib/leaderboard/saved";

type Saved = SavedLeaderboard & { snapshot: Snapshot | null };

export function savedSummaryJson(s: Saved, dataVersion: number) {
  const snap = s.snapshot;
  return {
    slug: s.slug,
    title: s.title,
    description: s.description,
    query: s.query,
    filters: s.filters,
    method: s.method,
    k: s.k,
    threshold: s.threshold,
    baseline: s.baseline,
    computed_at: snap ? new Date(snap.computedAt).toISOString() : null,
    /**
     * Newer data exists that can change the snapshot. A snapshot computed at an older data version
     * is not stale when every later upload left its selection alone (incremental refresh).
     */
    stale: snap ? s.snapshotVersion !== dataVersion : true,
    refreshing: s.refreshQueuedAt !== null || s.refreshStartedAt !== null,
    refresh_progress: s.refreshProgress,
    leaders: snap ? snap.result.models.filter((m) => m.rank !== null).slice(0, 3).map((m) => ({ model: m.model, rank: m.rank, score: m.score })) : [],
  };
}

export function savedDetailJson(s: Saved, dataVersion: number) {
  const snap = s.snapshot;
  const { leaders, ...summary } = savedSummaryJson(s, dataVersion);
  void leaders;
  return {
    ...summary,
    snapshot: snap
      ? {
          ...snap.result,
          computed_at: new Date(snap.computedAt).toISOString(),
          data_version: Number(snap.dataVersion),
          embedder: snap.embedderName,
          duration_ms: snap.durationMs,
        }
      : null,
  };
}
