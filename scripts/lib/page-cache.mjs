// The rendered-page cache of `npm start`'s web servers (installed with the request gate,
// request-gate.mjs): a page that says it is a function of the pool's state alone (the home page,
// a model's page; from the second request for its URL, a sample's page, a capability leaderboard, a
// comparison; lib/web/page-cache.ts `cacheThisPage`) is kept as the bytes it was sent as, under
// the state stamp it was rendered from, and the next request for the same URL is answered with
// those bytes while a fresh poll of the state reads the same stamp, without a turn in the gate.
// Rendering one of those pages costs 25–45 ms of a web server's CPU at 100k samples (React's two
// passes over a ~100 KB page), and a crowd asks for the same few of them again and again.
//
// What a page is kept under: the URL and the Accept-Encoding it was asked with (Next.js compresses
// per request); only plain document GETs (no RSC or router-prefetch headers, which Next.js answers
// with other bytes), answered 200 without Set-Cookie. Kept at most WEB_PAGE_CACHE_TTL_S, or less
// when the page asks (one that shows relative times, "3 minutes ago", is kept a minute: they age by
// that much at most), and WEB_PAGE_CACHE_MB in all (least recently used dropped first); 0 MB turns
// the cache off. The page's CSP nonce is replayed with its bytes, header and markup alike: a kept
// page is the same response again, and nothing is added to it after it was rendered.
//
// How the page and this module meet (the page runs in Next.js's bundle, this in the preload): an
// AsyncLocalStorage on globalThis (Symbol.for("portal.pageCache")) whose store the page marks with
// its stamp, and the two functions the app registers there: `freshStamp()` (the state now, from a
// poll at most a couple of seconds old, or the one the process holds when the database is too slow
// to say; null when the process's read model is behind) and `heldStamp()` (the state the process's
// read model answers from now, without polling; null when it is behind).
import { AsyncLocalStorage } from "node:async_hooks";

export const PAGE_CACHE_KEY = Symbol.for("portal.pageCache");
/** The response header saying a page came from the cache. */
export const CACHE_HEADER = "x-portal-page-cache";

/** Request headers with which Next.js answers a page URL with other bytes (RSC payloads, prefetches, server actions). */
const VARYING = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-url", "next-action"];
/** Response headers not replayed: per connection, per response, or recomputed. */
const DROPPED = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "server-timing", CACHE_HEADER]);

const pathOf = (url) => (url ?? "/").split("?", 1)[0];

/** Whether a request may be answered from (and stored into) the page cache. */
export function cacheable(req) {
  if (req.method !== "GET") return false;
  const path = pathOf(req.url);
  if (path.startsWith("/api/") || path.startsWith("/_next/") || path === "/metrics") return false;
  return !VARYING.some((h) => req.headers[h] !== undefined);
}

/** Header name → value from writeHead's headers argument: an object, [[name, value], …] or a flat [name, value, …]. */
function headerObject(h) {
  if (!h) return {};
  if (!Array.isArray(h)) return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
  const out = {};
  if (Array.isArray(h[0])) for (const [k, v] of h) out[String(k).toLowerCase()] = v;
  else for (let i = 0; i + 1 < h.length; i += 2) out[String(h[i]).toLowerCase()] = h[i + 1];
  return out;
}

/** URLs (cache keys) of `repeatedOnly` pages the cache remembers having rendered, the last this many. */
const SEEN_KEYS = 16_384;

/**
 * A page marked `repeatedOnly` is kept from its URL's second render on. Capability leaderboards and
 * comparisons are mostly asked for once each, ~180 KB apiece: kept on their first render, under
 * bench:load they filled the 24 MB within seconds and pushed out the model pages a crowd asks for
 * again and again (174 of 358 answered from the cache, the rest rendered again). Those URLs are
 * remembered apart from the pages (the last SEEN_KEYS, whatever the pool's state), so such a page
 * asked for before a publish is kept on its first render after it.
 */
export function createPageCache({ maxBytes, ttlMs, maxEntryBytes = 4 << 20, now = () => performance.now() } = {}) {
  /** key → { stamp, status, headers, body, expires }, in least-recently-used order. */
  const entries = new Map();
  /** Keys of repeatedOnly pages rendered before, least recently rendered first. */
  const seen = new Set();
  /** Whether `key` was rendered before (and remember it was now). */
  const renderedBefore = (key) => {
    const before = seen.delete(key);
    seen.add(key);
    if (seen.size > SEEN_KEYS) seen.delete(seen.values().next().value);
    return before;
  };
  const stats = { hits: 0, misses: 0, stored: 0, entries: 0, bytes: 0, limitBytes: maxBytes };
  const als = new AsyncLocalStorage();
  const shared = (globalThis[PAGE_CACHE_KEY] ??= {});
  shared.als = als;
  shared.stats = stats;

  const keyOf = (req) => `${req.url}\n${req.headers["accept-encoding"] ?? ""}`;
  const drop = (key) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    stats.bytes -= e.body.length;
    stats.entries = entries.size;
  };

  /** Answers `res` from the cache when an entry for `req` is of the state a fresh poll reads; false otherwise. */
  const serve = async (req, res) => {
    if (maxBytes <= 0 || !cacheable(req)) return false;
    const key = keyOf(req);
    const e = entries.get(key);
    if (!e) return false;
    if (now() > e.expires) {
      drop(key);
      return false;
    }
    const stamp = shared.freshStamp ? await shared.freshStamp() : null;
    if (stamp === null || stamp !== e.stamp) {
      if (stamp !== null) drop(key);
      return false;
    }
    if (res.destroyed || res.headersSent) return true;
    entries.delete(key);
    entries.set(key, e);
    stats.hits++;
    res.writeHead(e.status, { ...e.headers, "content-length": String(e.body.length), [CACHE_HEADER]: "hit" });
    res.end(e.body);
    return true;
  };

  const store = (key, mark, status, headers, body) => {
    if (body.length > maxEntryBytes || body.length > maxBytes) return;
    drop(key);
    entries.set(key, { stamp: mark.stamp, status, headers, body, expires: now() + Math.min(ttlMs, mark.maxAgeMs ?? Infinity) });
    stats.bytes += body.length;
    stats.stored++;
    while (stats.bytes > maxBytes) drop(entries.keys().next().value);
    stats.entries = entries.size;
  };

  /**
   * Runs `go` (the request's handling) with a store the page can mark, keeping what it writes; when
   * the response has finished, keeps it if the page marked it and the state it was rendered from is
   * still the process's state.
   */
  const capture = (req, res, go) => {
    if (maxBytes <= 0 || !cacheable(req)) return go();
    stats.misses++;
    const key = keyOf(req);
    const mark = { stamp: null, uncacheable: false, maxAgeMs: undefined, repeatedOnly: false };
    const chunks = [];
    let size = 0;
    let written = {};
    const keep = (chunk, encoding) => {
      if (size > maxEntryBytes || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const b = Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      // A copy: the writer may reuse its buffer once write() returns.
      chunks.push(Buffer.from(b));
      size += b.length;
    };
    const { write, end, writeHead } = res;
    res.writeHead = function (status, ...rest) {
      const h = rest.find((x) => typeof x === "object" && x !== null);
      written = { ...written, ...headerObject(h) };
      return writeHead.call(this, status, ...rest);
    };
    res.write = function (chunk, encoding, cb) {
      keep(chunk, encoding);
      return write.call(this, chunk, encoding, cb);
    };
    res.end = function (chunk, encoding, cb) {
      if (typeof chunk !== "function") keep(chunk, encoding);
      return end.call(this, chunk, encoding, cb);
    };
    res.once("finish", () => {
      if (!mark.stamp || mark.uncacheable || res.statusCode !== 200 || size > maxEntryBytes) return;
      const headers = {};
      for (const [k, v] of Object.entries({ ...written, ...res.getHeaders() })) if (!DROPPED.has(k) && v !== undefined) headers[k] = v;
      if (headers["set-cookie"] !== undefined) return;
      const held = shared.heldStamp ? shared.heldStamp() : null;
      if (held !== mark.stamp || (mark.repeatedOnly && !renderedBefore(key))) return;
      store(key, mark, res.statusCode, headers, Buffer.concat(chunks, size));
    });
    return als.run(mark, go);
  };

  return { serve, capture, stats, clear: () => [...entries.keys()].forEach(drop) };
}
