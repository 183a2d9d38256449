// Recomputing a saved leaderboard's snapshot (the worker's refresh job): the live computation with
// bootstrap intervals over samples, stored and swapped in atomically. Idempotent: a snapshot of
// the current data version is not recomputed; nor is one whose selection and data are unchanged
// (same input digest: the query retrieves the same samples, with the same measurements), which is
// kept and marked current instead; nor one of a capability query that nothing published since can
// reach (lib/leaderboard/reach.ts: no new sample clears its cut, no selected sample got new
// results) — so an upload refits only the saved leaderboards it reached. A snapshot also counts as
// current only against the health run its flags were read from: a later run queues its refresh,
// which keeps it when the run flags its selection alike.
import { dataVersion } from "@/lib/db/data-version";
import { clearRefresh, listStaleSlugs, markRefreshProgress, markRefreshQueued } from "@/lib/db/queries/saved-leaderboards";
import { latestHealthRun } from "@/lib/db/queries/benchmark-health";
import { keepSnapshot, slugsFlaggedByOtherRun, snapshotBasis, swapSnapshot } from "@/lib/db/queries/snapshots";
import { currentModel } from "@/lib/serving/current";
import { enqueue, QUEUES } from "@/lib/queue";
import { pendingEmbeddings, activeEmbedder } from "@/lib/retrieval/active";
import { recomputeLeaderboard, type LiveLeaderboard } from "./compute";
import { rankOffThread } from "./rank-off-thread";
import { reachedBy } from "./reach";
import { getSavedLeaderboard, savedQuery } from "./saved";

export type RefreshOutcome =
  | { status: "refreshed"; snapshotId: number; durationMs: number }
  /** The selection and its data are what the current snapshot was computed from: kept, no fit. */
  | { status: "unchanged"; snapshotId: number; durationMs: number }
  /** Nothing published since the snapshot clears its query's cut or touches what it selected: kept, no retrieval, no fit. */
  | { status: "unreached"; snapshotId: number; durationMs: number }
  | { status: "current" | "missing" | "waiting-for-embeddings" };

export async function refreshSnapshot(slug: string): Promise<RefreshOutcome> {
  const saved = await getSavedLeaderboard(slug);
  if (!saved) return { status: "missing" };
  const version = await dataVersion();
  const kept = saved.currentSnapshotId;
  const basis = kept ? await snapshotBasis(kept) : null;
  const healthRun = (await latestHealthRun())?.id ?? null;
  if (kept && saved.snapshotVersion === version && basis?.healthRun === healthRun) return { status: "current" };
  if (saved.query) {
    // A capability query over a half-embedded pool would miss samples; the embed job enqueues
    // every refresh again when it finishes.
    const active = await activeEmbedder();
    if (!active.embedder || (await pendingEmbeddings()) > 0) return { status: "waiting-for-embeddings" };
  }
  await markRefreshProgress(slug, 0.05, true);
  const t0 = performance.now();
  // Not "refreshing" forever when a step fails: the page shows the old snapshot again, and the
  // job's retries or the next catch-up try anew.
  const orClear = async <T>(step: () => Promise<T>): Promise<T> => {
    try {
      return await step();
    } catch (err) {
      await clearRefresh(slug);
      throw err;
    }
  };
  if (kept && basis?.reach) {
    const reach = basis.reach;
    const model = await orClear(() => currentModel());
    const health = { from: basis.healthRun, to: healthRun };
    if ((await orClear(() => reachedBy(reach, model, health))) === null && (await keepSnapshot(slug, kept, model.version, undefined, healthRun))) {
      if (model.version !== (await dataVersion())) await queueRefreshes([slug]);
      return { status: "unreached", snapshotId: kept, durationMs: Math.round(performance.now() - t0) };
    }
  }
  const previous = basis?.inputDigest ?? null;
  const recompute = (unlessDigest: string | null) => orClear(() => recomputeLeaderboard(savedQuery(saved), "bootstrap", unlessDigest, rankOffThread));
  let outcome = await recompute(previous);
  let answeredAt: number;
  let result: RefreshOutcome;
  if (outcome.status === "unchanged" && kept && (await keepSnapshot(slug, kept, outcome.dataVersion, outcome.reach, outcome.healthRun))) {
    // E.g. an upload to other subjects: the query retrieves the same samples with the same data.
    answeredAt = outcome.dataVersion;
    result = { status: "unchanged", snapshotId: kept, durationMs: Math.round(performance.now() - t0) };
  } else {
    // (Unchanged, but another refresh swapped in a snapshot meanwhile: computed to be sure.)
    if (outcome.status === "unchanged") outcome = await recompute(null);
    if (outcome.status !== "computed") throw new Error("a recomputation without a digest to match always computes");
    const { leaderboard } = outcome;
    await markRefreshProgress(slug, 0.9, false);
    const snapshotId = await swapSnapshot<LiveLeaderboard>(slug, {
      dataVersion: leaderboard.data_version,
      embedderName: leaderboard.retrieval.embedder,
      method: leaderboard.method,
      nSamples: leaderboard.n_samples,
      nMeasurements: leaderboard.n_measurements,
      durationMs: Math.round(performance.now() - t0),
      result: leaderboard,
      inputDigest: outcome.inputDigest,
      reach: outcome.reach,
      healthRun: outcome.healthRun,
    });
    answeredAt = leaderboard.data_version;
    result = { status: "refreshed", snapshotId, durationMs: Math.round(performance.now() - t0) };
  }
  // Publishes while this ran carried nothing forward (the snapshot was not current then), and the
  // read model may have answered from the version before one: when the pool moved on, the
  // leaderboard is queued again (at most one refresh waits per leaderboard).
  if (answeredAt !== (await dataVersion())) await queueRefreshes([slug]);
  return result;
}

async function queueRefreshes(slugs: string[]): Promise<void> {
  await markRefreshQueued(slugs);
  for (const slug of slugs) await enqueue(QUEUES.refreshLeaderboard, { slug }, { singletonKey: slug });
}

/**
 * After health run `runId` finished: queues a refresh of every saved leaderboard whose snapshot read
 * its flags from another run (each keeps its snapshot unless the new flags touch its selection).
 */
export async function enqueueHealthRefreshes(runId: number): Promise<string[]> {
  const slugs = await slugsFlaggedByOtherRun(runId);
  if (slugs.length) await queueRefreshes(slugs);
  return slugs;
}

/** Queues a refresh of every saved leaderboard whose snapshot is older than the data. */
export async function enqueueStaleRefreshes(): Promise<string[]> {
  const slugs = await listStaleSlugs(await dataVersion());
  if (slugs.length === 0) return [];
  await queueRefreshes(slugs);
  return slugs;
}
