// The app's side of the rendered-page cache (scripts/lib/page-cache.mjs, installed by `npm start`'s
// web servers with the request gate). A page whose HTML is a function of its URL and the pool's
// state alone (the data version, the latest health run, the saved leaderboards' snapshots and
// refresh state: lib/serving/current.ts `heldStamp`) calls `cacheThisPage()` before it reads
// anything; a section that shows something else that changes (an embedding backlog, a job's
// progress) calls `noPageCache()`, and so does a read that fails (`uncachedOnError`): a section
// streamed after the page's status was sent shows its error with status 200, and an error (the fits'
// queue full, the database away) is not the pool's state. Outside `npm start` (tests, `next dev`)
// these do nothing.
import type { AsyncLocalStorage } from "node:async_hooks";
import { freshStamp, heldStamp } from "@/lib/serving/current";

interface Mark {
  stamp: string | null;
  uncacheable: boolean;
  maxAgeMs?: number;
  repeatedOnly?: boolean;
}

interface Shared {
  als?: AsyncLocalStorage<Mark>;
  freshStamp?: () => Promise<string | null>;
  heldStamp?: () => string | null;
}

const shared = () => (globalThis as Record<symbol, Shared | undefined>)[Symbol.for("portal.pageCache")];

/**
 * This request's page may be kept and served again while the pool's state is the one it is
 * rendered from now; `maxAgeS`: at most this long (a page with relative times), else as long as the
 * cache keeps pages (WEB_PAGE_CACHE_TTL_S); `repeatedOnly`: only once its URL is asked for again (a
 * page of an open-ended space of URLs, such as a capability query's, mostly asked for once: kept at
 * once, such pages would push the popular ones out).
 */
export function cacheThisPage(opts: { maxAgeS?: number; repeatedOnly?: boolean } = {}): void {
  const s = shared();
  const mark = s?.als?.getStore();
  if (!s || !mark) return;
  s.freshStamp ??= freshStamp;
  s.heldStamp ??= heldStamp;
  mark.stamp = heldStamp();
  if (opts.maxAgeS !== undefined) mark.maxAgeMs = opts.maxAgeS * 1000;
  if (opts.repeatedOnly) mark.repeatedOnly = true;
}

/** This request's page shows something the pool's state does not determine: it is not kept. */
export function noPageCache(): void {
  const mark = shared()?.als?.getStore();
  if (mark) mark.uncacheable = true;
}

/** `read`'s value; when it fails, this request's page is not kept (noPageCache) and the error passes on. */
export async function uncachedOnError<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    noPageCache();
    throw err;
  }
}
