// Where every model is strong and weak across the whole pool: one Plackett–Luce fit per benchmark
// and per frequent tag (lib/ranking/subset-fits.ts), over all models, baseline fixed at 0. Shared
// by every model page and cached per data version (a new upload bumps it, so it is never stale);
// on a miss it fits the batch of the overall leaderboard's computation.
import { servedDataVersion } from "@/lib/db/data-version";
import { computeLeaderboard, type ComputedLeaderboard } from "@/lib/leaderboard/compute";
import type { MeasurementBatch } from "@/lib/ranking/measurements";
import { benchmarkSubsets, topTagSubsets, type SubsetFit } from "@/lib/ranking/subset-fits";
import { SameBatchMemo } from "@/lib/serving/same-batch-memo";
import { cachedSubsetFits } from "@/lib/serving/subset-fit-cache";
import { fitBaseline, resolveQuery } from "@/lib/selection/defaults";
import { defaultLeaderboardQuery } from "@/lib/selection/schema";

/** Tags fitted on their own: the most frequent ones with enough samples to say something. */
export const PROFILE_TAGS = 40;
export const MIN_TAG_SAMPLES = 10;

export interface PoolFits {
  baseline: string;
  benchmarks: SubsetFit[];
  tags: SubsetFit[];
}

const g = globalThis as unknown as {
  __portalPoolFits?: Map<string, Promise<PoolFits>>;
  __portalLastPoolFits?: SameBatchMemo<PoolFits>;
};
const cache = (g.__portalPoolFits ??= new Map());

/**
 * The last fits, by the batch they were made from: a data version that left the whole pool's
 * measurements alone (an embedding job's, a health check's) carries the very same batch over, and
 * its fits are then the same, without hashing every subset's lines again (~0.15 s at 100k samples).
 */
const held = (g.__portalLastPoolFits ??= new SameBatchMemo(1));

function fitPool({ query, loaded: { batch } }: ComputedLeaderboard): PoolFits {
  const baseline = fitBaseline(query, batch.modelNames);
  const key = JSON.stringify([baseline ?? null, query.prior]);
  const last = held.get(key, batch);
  if (last) return last;
  const fits = fitPoolBatch(batch, baseline, query.prior);
  held.set(key, batch, fits);
  return fits;
}

function fitPoolBatch(batch: MeasurementBatch, baseline: string | undefined, prior: number): PoolFits {
  const opts = { baseline, prior };
  const benchmarks = benchmarkSubsets(batch);
  // One call: the batch's lines are hashed once for both kinds of subset.
  const fits = cachedSubsetFits(batch, [...benchmarks, ...topTagSubsets(batch, PROFILE_TAGS, MIN_TAG_SAMPLES)], opts);
  return { baseline: baseline ?? "", benchmarks: fits.slice(0, benchmarks.length), tags: fits.slice(benchmarks.length) };
}

/** Forgets the cached fits of this process (for a database emptied under it, as tests do). */
export function forgetPoolFits(): void {
  cache.clear();
  held.clear();
}

async function poolFitsKey(): Promise<string> {
  const { baseline, prior } = resolveQuery(defaultLeaderboardQuery());
  return JSON.stringify([await servedDataVersion(), baseline, prior]);
}

/** Whether this process holds (or is computing) the pool fits of the served data version: what the warm-up leaves behind. */
export async function poolFitsHeld(): Promise<boolean> {
  return cache.has(await poolFitsKey());
}

export async function poolFits(): Promise<PoolFits> {
  const key = await poolFitsKey();
  let hit = cache.get(key);
  if (!hit) {
    cache.clear();
    hit = computeLeaderboard(defaultLeaderboardQuery()).then(fitPool);
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}
