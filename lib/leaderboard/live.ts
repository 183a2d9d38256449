// Live leaderboards for pages, with the two expected failures turned into states a page shows
// instead of an error page: the semantic index is still being built (503 "unavailable"), or a
// parameter is invalid (400, 404).
import { ApiError } from "@/lib/api/errors";
import { activeEmbedder, pendingEmbeddings } from "@/lib/retrieval/active";
import { defaultLeaderboardQuery, type LeaderboardQuery } from "@/lib/selection/schema";
import { liveLeaderboard, type LiveLeaderboard } from "./compute";

export type LiveFailure =
  | { ok: false; kind: "not-ready"; message: string; pending: number; embedder: string | null }
  | { ok: false; kind: "bad-request"; message: string };

export type LiveOutcome<T> = { ok: true; value: T } | LiveFailure;

/**
 * How long a count of samples waiting for vectors is shown before it is counted again. It is an
 * anti-join over the whole pool, and the home page shows it on every view; the count falls while
 * an embedding run writes batches without moving the data version, so it is not remembered per
 * version but for this long. (/api/health and the refresh job count afresh.)
 */
const PENDING_SHOWN_MS = 2000;
const g = globalThis as unknown as { __portalPendingShown?: { at: number; count: Promise<number> } };

function recentPendingEmbeddings(): Promise<number> {
  const now = Date.now();
  const memo = g.__portalPendingShown;
  if (memo && now - memo.at < PENDING_SHOWN_MS) return memo.count;
  const count = pendingEmbeddings();
  g.__portalPendingShown = { at: now, count };
  count.catch(() => (g.__portalPendingShown = undefined));
  return count;
}

/** The embedder serving capability queries (null while none is ready) and the samples still waiting for its vectors (counted at most every 2 s). */
export async function semanticIndexStatus(): Promise<{ embedder: string | null; pending: number }> {
  const active = await activeEmbedder().catch(() => null);
  const embedder = active?.name ?? null;
  return { embedder, pending: await recentPendingEmbeddings() };
}

export async function tryLive<T>(run: () => Promise<T>): Promise<LiveOutcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === "unavailable") {
      const { embedder, pending } = await semanticIndexStatus();
      return { ok: false, kind: "not-ready", message: err.message, pending, embedder };
    }
    if (err.code === "bad_request" || err.code === "not_found") return { ok: false, kind: "bad-request", message: err.message };
    throw err;
  }
}

export function computeLive(q: LeaderboardQuery): Promise<LiveOutcome<LiveLeaderboard>> {
  return tryLive(() => liveLeaderboard(q));
}

/** The leaderboard over every sample with the default aggregation (the home page's). */
export function overallLeaderboard(): Promise<LiveLeaderboard> {
  return liveLeaderboard(defaultLeaderboardQuery());
}
