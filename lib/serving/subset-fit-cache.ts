// Subset fits (a benchmark's, a tag's: lib/ranking/subset-fits.ts) remembered by what they were
// fitted on: the subset's measurement lines (lib/ranking/subset-fingerprint.ts), the baseline and
// the prior. An upload moves the data version, but it touches few benchmarks and tags: the model
// page's pool fits and compare's bars refit only the subsets whose lines changed. Keyed by content,
// an entry is never stale, so the cache is shared by every data version; the least recently used
// entries go first. A refit starts from the θ of the last fit of the same subset (by name, baseline
// and prior): the upload changed a little of it, so Newton needs fewer passes to the same optimum.
import { subsetFingerprints } from "@/lib/ranking/subset-fingerprint";
import { fitSubsets, type Subset, type SubsetFit } from "@/lib/ranking/subset-fits";
import type { MeasurementBatch } from "@/lib/ranking/measurements";

/** About 40 benchmarks + 40 tags of the pool, and compare's per chosen model set, for a few versions. */
const ENTRIES = 2000;
/** Warm starts: one per subset name, baseline and prior (compare's chosen model sets share them). */
const STARTS = 500;

const g = globalThis as unknown as { __portalSubsetFits?: Map<string, SubsetFit>; __portalSubsetStarts?: Map<string, ReadonlyMap<string, number>> };
const cache = (g.__portalSubsetFits ??= new Map());
const starts = (g.__portalSubsetStarts ??= new Map());

/** Forgets the remembered fits (tests empty the database under the process). */
export function forgetSubsetFits(): void {
  cache.clear();
  starts.clear();
}

/** How many subset fits are remembered (what a warm-up left behind). */
export const rememberedSubsetFits = (): number => cache.size;

function touch<V>(map: Map<string, V>, key: string): V | undefined {
  const hit = map.get(key);
  if (hit) {
    map.delete(key);
    map.set(key, hit);
  }
  return hit;
}

/** fitSubsets(b, subsets, opts), fitting only the subsets not fitted before on the same lines. */
export function cachedSubsetFits(b: MeasurementBatch, subsets: Subset[], opts: { baseline?: string; prior: number }): SubsetFit[] {
  const keys = subsetFingerprints(b, subsets).map((print) => JSON.stringify([print, opts.baseline ?? null, opts.prior]));
  const startKey = (s: Subset) => JSON.stringify([s.name, opts.baseline ?? null, opts.prior]);
  const out: (SubsetFit | undefined)[] = keys.map((key) => touch(cache, key));
  const missing = out.flatMap((hit, i) => (hit ? [] : [i]));
  const fitted = fitSubsets(
    b,
    missing.map((i) => subsets[i]),
    { ...opts, warmStart: (s) => touch(starts, startKey(s)) },
  );
  missing.forEach((i, j) => {
    out[i] = fitted[j];
    cache.set(keys[i], fitted[j]);
    if (fitted[j].theta) starts.set(startKey(subsets[i]), fitted[j].theta!);
  });
  while (cache.size > ENTRIES) cache.delete(cache.keys().next().value!);
  while (starts.size > STARTS) starts.delete(starts.keys().next().value!);
  return out as SubsetFit[];
}
