// Small reads on the request path whose answer changes only with the data version or a new health
// run (embedding spaces, the newest fallback fit, the latest health run, model facts): remembered
// under the version stamp that this process's last poll read (lib/serving/current.ts polls once per
// request, at most one poll in flight), so a crowd of requests asks the database once per version
// instead of once per request. On the embedded database every query waits for the one session:
// under 50 clients these reads were half of all statements (issue 17's load profile).
//
// A remembered value is used only while that poll is recent (RECENT_MS): a process that stops
// polling (an idle server, a worker between jobs) reads fresh again. Background jobs read through
// the named queries directly; only request-path callers go through memoByVersion.

/** What identifies one state of the pool: data version, when it was bumped, latest health run. */
export interface PolledStamp {
  dataVersion: number;
  versionAt: Date;
  healthRun: number | null;
}

/** A remembered value is trusted only this long after the poll that keyed it. */
export const RECENT_MS = 2000;
/** Keys remembered at most (oldest forgotten first): some keys carry model lists. */
const MAX_KEYS = 500;

interface Entry {
  stamp: string;
  value: Promise<unknown>;
}

interface State {
  stamp?: string;
  polledAt: number;
  entries: Map<string, Entry>;
}

const g = globalThis as unknown as { __portalVersionMemo?: State };
const state: State = (g.__portalVersionMemo ??= { polledAt: 0, entries: new Map() });

const stampKey = (s: PolledStamp) => `${s.dataVersion}:${s.versionAt.getTime()}:${s.healthRun ?? "-"}`;

/** Records what a version poll read (called by the poll itself). */
export function notePolledStamp(stamp: PolledStamp, now = Date.now()): void {
  state.stamp = stampKey(stamp);
  state.polledAt = now;
}

/**
 * `read()`'s value as remembered under the current stamp, or a fresh read (remembered under it).
 * Without a recent poll it always reads. A failed read is not remembered.
 */
export function memoByVersion<T>(key: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
  const stamp = state.stamp;
  if (stamp === undefined || now - state.polledAt > RECENT_MS) return read();
  const hit = state.entries.get(key);
  if (hit && hit.stamp === stamp) {
    state.entries.delete(key);
    state.entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = read();
  const entry = { stamp, value };
  state.entries.delete(key);
  state.entries.set(key, entry);
  if (state.entries.size > MAX_KEYS) state.entries.delete(state.entries.keys().next().value!);
  value.catch(() => {
    if (state.entries.get(key) === entry) state.entries.delete(key);
  });
  return value;
}

/** Forgets every remembered value and the last stamp (a database emptied under the process, as tests do). */
export function forgetVersionMemo(): void {
  state.stamp = undefined;
  state.polledAt = 0;
  state.entries.clear();
}
