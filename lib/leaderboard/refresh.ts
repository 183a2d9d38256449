// Recomputing a saved leaderboard's snapshot (the worker's refresh job): the live computation with
// bootstrap intervals over samples, stored and swapped in atomically. Idempotent: a snapshot of
// the current data version is not recomputed.
import { dataVersion } from "@/lib/db/data-version";
import { clearRefresh, listStaleSlugs, markRefreshProgress, markRefreshQueued } from "@/lib/db/queries/saved-leaderboards";
import { swapSnapshot } from "@/lib/db/queries/snapshots";
import { enqueue, QUEUES } from "@/lib/queue";
import { pendingEmbeddings, activeEmbedder } from "@/lib/retrieval/active";
import { liveLeaderboard, type LiveLeaderboard } from "./compute";
import { getSavedLeaderboard, savedQuery } from "./saved";

export type RefreshOutcome =
  | { status: "refreshed"; snapshotId: number; durationMs: number }
  | { status: "current" | "missing" | "waiting-for-embeddings" };

export async function refreshSnapshot(slug: string): Promise<RefreshOutcome> {
  const saved = await getSavedLeaderboard(slug);
  if (!saved) return { status: "missing" };
  const version = await dataVersion();
  if (saved.currentSnapshotId && saved.snapshotVersion === version) return { status: "current" };
  if (saved.query) {
    // A capability query over a half-embedded pool would miss samples; the embed job enqueues
    // every refresh again when it finishes.
    const active = await activeEmbedder();
    if (!active.embedder || (await pendingEmbeddings()) > 0) return { status: "waiting-for-embeddings" };
  }
  await markRefreshProgress(slug, 0.05, true);
  const t0 = performance.now();
  let result;
  try {
    result = await liveLeaderboard(savedQuery(saved), { ci: "bootstrap", useCache: false });
  } catch (err) {
    // Not "refreshing" forever: the page shows the old snapshot again, and the job's retries or
    // the next catch-up try anew.
    await clearRefresh(slug);
    throw err;
  }
  await markRefreshProgress(slug, 0.9, false);
  const durationMs = Math.round(performance.now() - t0);
  const snapshotId = await swapSnapshot<LiveLeaderboard>(slug, {
    dataVersion: result.data_version,
    embedderName: result.retrieval.embedder,
    method: result.method,
    nSamples: result.n_samples,
    nMeasurements: result.n_measurements,
    durationMs,
    result,
  });
  // Publishes while this ran carried nothing forward (the snapshot was not current then), and the
  // read model may have answered from the version before one: when the pool moved on, the
  // leaderboard is queued again (at most one refresh waits per leaderboard).
  if (result.data_version !== (await dataVersion())) await queueRefreshes([slug]);
  return { status: "refreshed", snapshotId, durationMs };
}

async function queueRefreshes(slugs: string[]): Promise<void> {
  await markRefreshQueued(slugs);
  for (const slug of slugs) await enqueue(QUEUES.refreshLeaderboard, { slug }, { singletonKey: slug });
}

/** Queues a refresh of every saved leaderboard whose snapshot is older than the data. */
export async function enqueueStaleRefreshes(): Promise<string[]> {
  const slugs = await listStaleSlugs(await dataVersion());
  if (slugs.length === 0) return [];
  await queueRefreshes(slugs);
  return slugs;
}
