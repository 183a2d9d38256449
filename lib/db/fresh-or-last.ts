// Small reads on the request path that must not queue behind a background transaction: on the
// embedded database one open transaction holds the only session, and every query waits for it. A
// read through freshOrLast answers fresh when the database answers within `waitMs`, and otherwise
// with the value the same key last read (the read goes on and refreshes it when it completes).
// Only a key never read before waits for the database.
const g = globalThis as unknown as { __portalLastReads?: Map<string, unknown> };
const last = (g.__portalLastReads ??= new Map());

/** Keys remembered at most (oldest forgotten first): keys carry versions and selections. */
const MAX_KEYS = 1000;

function remember(key: string, value: unknown): void {
  last.delete(key);
  last.set(key, value);
  if (last.size > MAX_KEYS) last.delete(last.keys().next().value!);
}

/** How long a request waits for a small read before it uses the last value (the read model's grace). */
export const FRESH_WAIT_MS = 1000;

export async function freshOrLast<T>(key: string, read: () => Promise<T>, waitMs = FRESH_WAIT_MS): Promise<T> {
  const pending = read().then((value) => {
    remember(key, value);
    return value;
  });
  if (!last.has(key)) return pending;
  // A late read that fails only leaves the last value in place; the caller already has an answer.
  pending.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(last.get(key) as T), waitMs);
  });
  try {
    return await Promise.race([pending, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Forgets every last value of this process (for a database emptied under it, as tests do). */
export function forgetLastReads(): void {
  last.clear();
}
