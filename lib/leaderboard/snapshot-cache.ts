// Snapshots of saved leaderboards never change once stored: a refresh stores a new one under a new
// id and points the saved leaderboard at it. So each process keeps the parsed snapshots it has
// read, by id, and the home page and saved-leaderboard pages fetch only the small
// saved_leaderboards rows plus the snapshots they have not seen yet, instead of every current
// snapshot's JSON on every view. Bounded (least recently used out); the same under any number of
// web servers, since an id always names the same content.
import { loadSnapshots, type SnapshotRow } from "@/lib/db/queries/snapshots";

const MAX_SNAPSHOTS = 256;
// On globalThis: Next.js bundles this module once per layer (pages, route handlers), and a map per
// copy would read and keep each snapshot once per layer.
const g = globalThis as unknown as { __portalSnapshots?: Map<number, SnapshotRow<unknown>> };
const cache = (g.__portalSnapshots ??= new Map<number, SnapshotRow<unknown>>());

/** The snapshots of these ids (missing ids absent), from this process's cache where it holds them. */
export async function cachedSnapshots<Result>(ids: readonly number[]): Promise<Map<number, SnapshotRow<Result>>> {
  const missing = ids.filter((id) => !cache.has(id));
  if (missing.length > 0) for (const [id, snap] of await loadSnapshots<Result>(missing)) cache.set(id, snap);
  const out = new Map<number, SnapshotRow<Result>>();
  for (const id of ids) {
    const snap = cache.get(id);
    if (!snap) continue;
    // Re-inserted: the Map's order is the order of last use, oldest first.
    cache.delete(id);
    cache.set(id, snap);
    out.set(id, snap as SnapshotRow<Result>);
  }
  for (const id of cache.keys()) {
    if (cache.size <= MAX_SNAPSHOTS) break;
    cache.delete(id);
  }
  return out;
}

/** Forgets every cached snapshot (tests: ids start over after a reset). */
export function forgetSnapshots(): void {
  cache.clear();
}
