// Where every model is strong and weak across the whole pool: one Plackett–Luce fit per benchmark
// and per frequent tag (lib/compare/subset-fits.ts), over all models, baseline fixed at 0. Shared
// by every model page and cached per data version (a new upload bumps it, so it is never stale).
import { env } from "@/lib/env";
import { dataVersion } from "@/lib/db/data-version";
import { configuredBaseline } from "@/lib/leaderboard/compute";
import { loadBatch } from "@/lib/leaderboard/load-batch";
import { selectionSchema } from "@/lib/leaderboard/params";
import { DEFAULT_PRIOR } from "@/lib/ranking/prior";
import { retrieve } from "@/lib/retrieval/retrieve";
import { benchmarkSubsets, fitSubsets, topTagSubsets, type SubsetFit } from "@/lib/compare/subset-fits";

/** Tags fitted on their own: the most frequent ones with enough samples to say something. */
export const PROFILE_TAGS = 40;
export const MIN_TAG_SAMPLES = 10;

export interface PoolFits {
  baseline: string;
  benchmarks: SubsetFit[];
  tags: SubsetFit[];
}

const g = globalThis as unknown as { __portalPoolFits?: Map<string, Promise<PoolFits>> };
const cache = (g.__portalPoolFits ??= new Map());

async function computePoolFits(): Promise<PoolFits> {
  const retrieval = await retrieve(selectionSchema.parse({}));
  const { batch } = await loadBatch(retrieval.samples.map((s) => s.pk));
  const wanted = configuredBaseline();
  const baseline = batch.modelNames.includes(wanted) ? wanted : undefined;
  const opts = { baseline, prior: env().PL_PRIOR ?? DEFAULT_PRIOR };
  return {
    baseline: baseline ?? "",
    benchmarks: fitSubsets(batch, benchmarkSubsets(batch), opts),
    tags: fitSubsets(batch, topTagSubsets(batch, PROFILE_TAGS, MIN_TAG_SAMPLES), opts),
  };
}

export async function poolFits(): Promise<PoolFits> {
  const key = JSON.stringify([await dataVersion(), configuredBaseline(), env().PL_PRIOR ?? null]);
  let hit = cache.get(key);
  if (!hit) {
    cache.clear();
    hit = computePoolFits();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}
