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
  /** Per-row memos (memoRowsByVersion): one map of rows per name, for one stamp. */
  rows: Map<string, { stamp: string; byKey: Map<number, unknown> }>;
}

const g = globalThis as unknown as { __portalVersionMemo?: State };
const state: State = (g.__portalVersionMemo ??= { polledAt: 0, entries: new Map(), rows: new Map() });
/** Rows remembered per name at most (oldest forgotten first). */
const MAX_ROWS = 20_000;

const stampKey = (s: PolledStamp) => `${s.dataVersion}:${s.versionAt.getTime()}:${s.healthRun ?? "-"}`;

/** Records what a version poll read (called by the poll itself). */
export function notePolledStamp(stamp: PolledStamp, now = Date.now()): void {
  state.stamp = stampKey(stamp);
  state.polledAt = now;
}

/** Whether the last poll was made for a request RECENT_MS ago at most (expirePolledStamp makes a background one not recent). */
export function polledRecently(now = Date.now()): boolean {
  return state.stamp !== undefined && now - state.polledAt <= RECENT_MS;
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

/**
 * Rows by key (e.g. sample pk) remembered under the current stamp: only the keys not remembered are
 * read, in one call; a key the read does not return is remembered as absent. Without a recent poll
 * every key is read.
 */
export async function memoRowsByVersion<V>(name: string, keys: readonly number[], read: (missing: number[]) => Promise<Map<number, V>>, now = Date.now()): Promise<Map<number, V>> {
  const stamp = state.stamp;
  if (stamp === undefined || now - state.polledAt > RECENT_MS) return read([...keys]);
  let memo = state.rows.get(name);
  if (!memo || memo.stamp !== stamp) state.rows.set(name, (memo = { stamp, byKey: new Map() }));
  const byKey = memo.byKey;
  const missing = [...new Set(keys.filter((k) => !byKey.has(k)))];
  const fresh = missing.length ? await read(missing) : new Map<number, V>();
  // Stored only if the stamp did not move during the read (a newer stamp has its own map).
  if (state.rows.get(name) === memo) {
    for (const k of missing) byKey.set(k, fresh.get(k) ?? null);
    while (byKey.size > MAX_ROWS) byKey.delete(byKey.keys().next().value!);
  }
  const out = new Map<number, V>();
  for (const k of keys) {
    const v = fresh.has(k) ? fresh.get(k) : (byKey.get(k) as V | null | undefined);
    if (v !== null && v !== undefined) out.set(k, v);
  }
  return out;
}

/**
 * Makes the last poll not recent, keeping the values: the next reads go to the database until a
 * request polls again. For polls made in the background (lib/web/warm.ts keepWarm), which no
 * request asked for: trusted as recent, they let a page read values remembered under a stamp
 * polled before, e.g., a health run finished (seen once in e2e: /benchmarks without the new run).
 */
export function expirePolledStamp(): void {
  state.polledAt = -Infinity;
}

/** Forgets every remembered value and the last stamp (a database emptied under the process, as tests do). */
export function forgetVersionMemo(): void {
  state.stamp = undefined;
  state.polledAt = 0;
  state.entries.clear();
  state.rows.clear();
}
