// The request gate of `npm start`'s web servers (preloaded by request-gate-preload.mjs with
// `node --import`): lets a few requests run at once and queues the rest, first come first served.
//
// Why: Next.js starts every request as it arrives, and on one core the requests in flight then
// share it, each advancing between the others' awaits. Under a crowd every request then takes about
// as long as the work of all of them: with 50 clients a page view that needs 20 ms of CPU waited as
// long as a capability query that needs 100 ms, and the slowest 5% took 2.4× the mean (bench:load:
// p50 0.9 s, p95 3.2 s). With the gate a request waits its turn in the queue, then runs with the
// core to itself: the wait is the same for all, so the tail shrinks to the wait plus the request's
// own work, and the throughput is no lower (fewer requests keep their working set alive at once).
//
// What it does not hold back: the framework's static files, the health check and /metrics (a
// supervisor must see a busy server as alive), and POST /api/uploads (its body streams in at the
// uploader's pace; uploads have their own limits, lib/ingest). A request whose client has gone while
// it waited is dropped; one that waited longer than WEB_QUEUE_WAIT_MS, or that finds WEB_QUEUE
// requests already waiting, answers 503 with Retry-After (deliberate back-pressure, never a crash).
//
// Each request it gates gets one JSON log line when its response closes, as lib/log writes them:
// pages (the API routes log their own, lib/api/handler.ts) with their duration from the moment they
// ran (as the API's) and, apart, their wait for a turn before it (queue_ms), and every request it
// turns away with a 503 (at warn, with why). It tells the API routes their wait in the
// x-portal-queue-ms header (a client's own is removed), and every client the same wait in a
// Server-Timing header (`gate;dur=…`: a browser's developer tools show it; bench:load reads it).
//
// It wraps http.Server's "request" event, which is how `next start` hands a request to Next.js;
// so `next start` itself (its signals, its graceful stop, its process name) stays as it is.
// Its counters are on globalThis (Symbol.for("portal.requestGate")) for /metrics and /api/health.
import http from "node:http";
import { cacheable, createPageCache } from "./page-cache.mjs";

/** A positive integer from the environment (validated by lib/env.ts at start; checked again here). */
function intEnv(name, fallback, min) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer ≥ ${min} (got ${JSON.stringify(raw)})`);
  return v;
}

const ACTIVE = intEnv("WEB_ACTIVE_REQUESTS", 2, 0);
const QUEUE = intEnv("WEB_QUEUE", 512, 0);
const WAIT_MS = intEnv("WEB_QUEUE_WAIT_MS", 15_000, 1);
const PAGE_CACHE_MB = intEnv("WEB_PAGE_CACHE_MB", 24, 0);
const PAGE_CACHE_TTL_S = intEnv("WEB_PAGE_CACHE_TTL_S", 3600, 1);
const RETRY_AFTER_S = 2;
/** The header carrying a request's wait in the gate to the API routes' log line. */
export const QUEUE_HEADER = "x-portal-queue-ms";
/** The Server-Timing metric of a gated response: its wait for a turn, in ms. */
export const GATE_TIMING = "gate";

const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 };
const LOG_LEVEL = LEVELS[process.env.LOG_LEVEL ?? "info"] ?? LEVELS.info;

/** One JSON line on stdout, in lib/log's shape (pino's, with the level's name). */
function stdoutLog(line) {
  if ((LEVELS[line.level] ?? 0) < LOG_LEVEL) return;
  const { level, ...rest } = line;
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, ...rest })}\n`);
}

/** A request URL's path, without its query (which the log lines leave out). */
const pathOf = (url) => (url ?? "/").split("?", 1)[0];
const isApi = (req) => pathOf(req.url).startsWith("/api/");
const ms = (x) => Math.round(x * 10) / 10;

/** Requests the gate lets through at once: they are cheap, or their pace is the client's. */
export function bypasses(method, url) {
  const path = pathOf(url);
  if (path.startsWith("/_next/static/") || path === "/favicon.ico" || path === "/api/health" || path === "/metrics") return true;
  return method === "POST" && (path === "/api/uploads" || path === "/api/uploads/");
}

const escapeHtml = (t) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page's 503: the site's look in a few lines (answered before Next.js), retrying by itself after Retry-After. */
function busyPage(why) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_S}"><title>Busy · ONEBench portal</title>
<style>body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif;background:#f8fafc;color:#0f172a}main{max-width:36rem;margin:4rem auto;padding:1.5rem;border:1px solid #e2e8f0;border-radius:.5rem;background:#fff}h1{font-size:1.25rem;margin:0 0 .5rem}p{color:#475569;line-height:1.5}</style></head>
<body><main><h1>The portal is busy</h1><p>More people are asking than it can answer right now (${escapeHtml(why)}). This page tries again in ${RETRY_AFTER_S} s by itself.</p></main></body></html>\n`;
}

/**
 * The gate: `admit(req, res, go)` calls `go()` now or when a slot frees (the slot is released when
 * the response closes, finished or aborted), or answers 503 itself.
 */
export function createGate({ active = ACTIVE, queue = QUEUE, waitMs = WAIT_MS, now = () => performance.now(), log = stdoutLog } = {}) {
  const waiting = [];
  const stats = { active: 0, queued: 0, admitted: 0, refused: 0, dropped: 0, waitedMsTotal: 0, limit: active, queueLimit: queue };

  const refuse = (req, res, why, t0) => {
    stats.refused++;
    if (res.headersSent || res.destroyed) return;
    const api = isApi(req);
    log({ level: "warn", component: api ? "api" : "page", method: req.method, path: pathOf(req.url), status: 503, queue_ms: ms(now() - t0), error_code: "overloaded", error_message: why, msg: "request turned away" });
    const message = `The portal is busy (${why}): try again in ${RETRY_AFTER_S} s`;
    res.writeHead(503, {
      "Retry-After": String(RETRY_AFTER_S),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Type": api ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
      ...(api ? {} : { "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" }),
    });
    res.end(api ? JSON.stringify({ error: { code: "overloaded", message } }) : busyPage(why));
  };

  const start = (entry) => {
    stats.active++;
    stats.admitted++;
    const startedAt = now();
    const waited = startedAt - entry.t0;
    stats.waitedMsTotal += waited;
    entry.req.headers[QUEUE_HEADER] = String(Math.round(waited));
    entry.res.setHeader("Server-Timing", `${GATE_TIMING};dur=${ms(waited)};desc="wait for a turn"`);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      stats.active--;
      if (!isApi(entry.req)) {
        const line = { level: "info", component: "page", method: entry.req.method, path: pathOf(entry.req.url), status: entry.res.statusCode, duration_ms: ms(now() - startedAt), queue_ms: ms(waited), msg: "request" };
        log(entry.res.writableFinished ? line : { ...line, aborted: true });
      }
      pump();
    };
    entry.res.once("close", release);
    try {
      entry.go();
    } catch (err) {
      release();
      throw err;
    }
  };

  const pump = () => {
    while (stats.active < active && waiting.length > 0) {
      const entry = waiting.shift();
      stats.queued = waiting.length;
      if (entry.gone) {
        stats.dropped++;
        continue;
      }
      entry.res.off("close", entry.onClose);
      if (now() - entry.t0 > waitMs) refuse(entry.req, entry.res, `waited over ${waitMs / 1000} s for a turn`, entry.t0);
      else start(entry);
    }
  };

  const admit = (req, res, go) => {
    const entry = { req, res, go, t0: now(), gone: false, onClose: null };
    delete req.headers[QUEUE_HEADER];
    if (active === 0 || stats.active < active) return start(entry);
    if (waiting.length >= queue) return refuse(req, res, `${waiting.length} requests waiting`, entry.t0);
    // A client that hangs up while waiting gives its place back (its socket's end closes the response).
    entry.onClose = () => {
      entry.gone = true;
    };
    res.once("close", entry.onClose);
    waiting.push(entry);
    stats.queued = waiting.length;
  };

  return { admit, stats };
}

/**
 * Installs the gate in front of every http.Server "request" event of this process, with the page
 * cache (page-cache.mjs) before it: a page the cache can answer takes no turn.
 */
export function install(gate = createGate(), pages = createPageCache({ maxBytes: PAGE_CACHE_MB * 2 ** 20, ttlMs: PAGE_CACHE_TTL_S * 1000 }), log = stdoutLog) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitThroughGate(event, req, res, ...rest) {
    if (event !== "request" || bypasses(req.method, req.url)) return emit.call(this, event, req, res, ...rest);
    const run = () => gate.admit(req, res, () => pages.capture(req, res, () => emit.call(this, event, req, res, ...rest)));
    if (!cacheable(req)) {
      run();
      return true;
    }
    const t0 = performance.now();
    pages.serve(req, res).then(
      (served) => {
        if (!served) return run();
        log({ level: "info", component: "page", method: req.method, path: pathOf(req.url), status: res.statusCode, duration_ms: ms(performance.now() - t0), queue_ms: 0, cache: "hit", msg: "request" });
      },
      () => run(),
    );
    return true;
  };
  globalThis[Symbol.for("portal.requestGate")] = gate.stats;
  return gate;
}
