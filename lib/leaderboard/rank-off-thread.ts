// The worker's ranker for saved leaderboards (./refresh.ts): a refresh fits with bootstrap
// intervals, 100 refits of the selection. On a whole 100k-sample pool that is minutes of
// synchronous CPU, which on the worker's main thread blocked its event loop: an upload processed
// beside it lost its database connections ("connection timeout"), and Ctrl-C waited for the
// fits. Large batches are ranked in a thread (lib/threads/off-thread.ts); small ones here: a thread
// costs ~0.4 s to start (tsx and the ranking modules load in it), more than a 25k-line benchmark's
// whole refresh blocks the loop (0.5-0.9 s; .scratch measurements, load ~4.6). Same answer either
// way (the same code on a copy of the batch).
import { rank } from "@/lib/ranking/leaderboard";
import type { LeaderboardResult, RankMethod, RankOptions } from "@/lib/ranking/leaderboard-types";
import { measurementCount, type MeasurementBatch } from "@/lib/ranking/measurements";
import { runOffThread } from "@/lib/threads/off-thread";

/** Batches with at least this many measurement lines are ranked in a thread (see the note in the module's header). */
export const OFF_THREAD_MEASUREMENTS = 50_000;

export function rankOffThread(method: RankMethod, batch: MeasurementBatch, options: RankOptions, minMeasurements = OFF_THREAD_MEASUREMENTS): Promise<LeaderboardResult> {
  if (measurementCount(batch) < minMeasurements) return Promise.resolve(rank(method, batch, options));
  // Reused groups and choices (options.prepared) are not sent: the thread builds its own.
  return runOffThread(new URL("./rank-thread-run.ts", import.meta.url), { method, batch, options: { ...options, prepared: undefined } }, "a saved leaderboard's ranking");
}
