// The rendered-page cache (page-cache.mjs) on a real HTTP server. The handler stands in for Next.js:
// it writes its page in several chunks (strings and bytes, as a stream does) and marks the request
// with the state it "rendered from", as lib/web/page-cache.ts does; the state is what the test sets.
// The last test runs it as `npm start` does: preloaded with the request gate into a server process.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CACHE_HEADER, cacheable, createPageCache, PAGE_CACHE_KEY } from "./page-cache.mjs";

interface Shared {
  als: { getStore(): { stamp: string | null; uncacheable: boolean; maxAgeMs?: number; repeatedOnly?: boolean } | undefined };
  freshStamp?: () => Promise<string | null>;
  heldStamp?: () => string | null;
}
const shared = () => (globalThis as unknown as Record<symbol, Shared>)[PAGE_CACHE_KEY];

let state = "v1";
/** The state the next poll reads (freshStamp) when it differs from what the process holds. */
let polled: string | null = null;
let renders = 0;
let server: http.Server | undefined;
let clock = 0;

async function start(opts: { maxBytes?: number; ttlMs?: number; maxEntryBytes?: number } = {}) {
  const pages = createPageCache({ maxBytes: opts.maxBytes ?? 1 << 20, ttlMs: opts.ttlMs ?? 60_000, maxEntryBytes: opts.maxEntryBytes, now: () => clock });
  shared().freshStamp = async () => polled ?? state;
  shared().heldStamp = () => state;
  server = http.createServer((req, res) => {
    void pages.serve(req, res).then((served) => {
      if (served) return;
      pages.capture(req, res, () => {
        const url = new URL(req.url!, "http://x");
        const mark = shared().als.getStore();
        if (mark && url.searchParams.get("mark") !== "no") mark.stamp = state;
        if (mark && url.searchParams.get("uncacheable")) mark.uncacheable = true;
        if (mark && url.searchParams.get("maxAge")) mark.maxAgeMs = Number(url.searchParams.get("maxAge"));
        if (mark && url.searchParams.get("repeated")) mark.repeatedOnly = true;
        const n = ++renders;
        const status = Number(url.searchParams.get("status") ?? 200);
        if (url.searchParams.get("cookie")) res.setHeader("set-cookie", "a=b");
        // writeHead's three forms of headers, as a framework may use any (an array only without setHeader).
        const form = url.searchParams.get("form");
        const type = "text/html; charset=utf-8";
        if (form === "tuples") res.writeHead(status, [["content-type", type], ["x-render", String(n)]]);
        else if (form === "flat") res.writeHead(status, ["content-type", type, "x-render", String(n)]);
        else {
          res.setHeader("content-type", type);
          res.writeHead(status, { "x-render": String(n) });
        }
        setTimeout(() => {
          res.write(`<p>render ${n} of ${url.pathname} at ${state}</p>`);
          res.write(Buffer.from("é€ bytes "));
          // A state that moved while the page rendered (a publish mid-render).
          if (url.searchParams.get("moveTo")) state = url.searchParams.get("moveTo")!;
          res.end(new Uint8Array(Buffer.from("end")));
        }, 5);
      });
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { pages, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function get(base: string, p: string, headers: Record<string, string> = {}) {
  const r = await fetch(base + p, { headers });
  return { status: r.status, body: await r.text(), hit: r.headers.get(CACHE_HEADER), render: r.headers.get("x-render"), type: r.headers.get("content-type") };
}

beforeEach(() => {
  state = "v1";
  polled = null;
  renders = 0;
  clock = 0;
});
afterEach(() => {
  server?.close();
  server?.closeAllConnections();
  server = undefined;
});

describe("page cache", () => {
  it("answers a marked page again with the same bytes and headers, without rendering it", async () => {
    const { base, pages } = await start();
    const a = await get(base, "/models/x");
    const b = await get(base, "/models/x");
    expect(a.body).toBe("<p>render 1 of /models/x at v1</p>é€ bytes end");
    expect(b).toEqual({ ...a, hit: "hit" });
    expect(a.hit).toBeNull();
    expect(renders).toBe(1);
    expect(pages.stats).toMatchObject({ hits: 1, misses: 1, stored: 1, entries: 1 });
  });

  it("replays the headers writeHead was given in each of its forms", async () => {
    const { base } = await start();
    for (const form of ["tuples", "flat"]) {
      const a = await get(base, `/h?form=${form}`);
      const b = await get(base, `/h?form=${form}`);
      expect(a.render).not.toBeNull();
      expect(b).toEqual({ ...a, hit: "hit" });
    }
  });

  it("renders again once a poll reads another state, and keeps the new page", async () => {
    const { base } = await start();
    await get(base, "/");
    polled = "v2"; // the pool moved; this process's model has not caught up yet
    expect((await get(base, "/")).render).toBe("2");
    state = "v2";
    polled = null;
    expect((await get(base, "/")).render).toBe("3");
    expect((await get(base, "/")).hit).toBe("hit");
    expect(renders).toBe(3);
  });

  it("keeps nothing the page did not mark, marked uncacheable, answered other than 200, or with a cookie", async () => {
    const { base, pages } = await start();
    for (const q of ["?mark=no", "?uncacheable=1", "?status=404", "?cookie=1"]) {
      await get(base, `/p${q}`);
      expect((await get(base, `/p${q}`)).hit).toBeNull();
    }
    expect(renders).toBe(8);
    expect(pages.stats.entries).toBe(0);
  });

  it("does not keep a page whose state moved while it rendered", async () => {
    const { base } = await start();
    await get(base, "/?moveTo=v2");
    expect((await get(base, "/?moveTo=v2")).hit).toBeNull();
    expect(renders).toBe(2);
  });

  it("keeps a page per Accept-Encoding and never answers an RSC or prefetch request from it", async () => {
    const { base } = await start();
    await get(base, "/m", { "accept-encoding": "gzip" });
    expect((await get(base, "/m", { "accept-encoding": "identity" })).hit).toBeNull();
    expect((await get(base, "/m", { "accept-encoding": "gzip" })).hit).toBe("hit");
    expect((await get(base, "/m", { "accept-encoding": "gzip", rsc: "1" })).hit).toBeNull();
    expect((await get(base, "/m", { "accept-encoding": "gzip", "next-router-prefetch": "1" })).hit).toBeNull();
    expect(renders).toBe(4);
    expect(cacheable({ method: "GET", url: "/api/leaderboard", headers: {} })).toBe(false);
    expect(cacheable({ method: "HEAD", url: "/", headers: {} })).toBe(false);
    expect(cacheable({ method: "GET", url: "/models/a?q=x", headers: {} })).toBe(true);
  });

  it("forgets a page after its time to live, and the least recently used past its size", async () => {
    const { base, pages } = await start({ ttlMs: 1000, maxBytes: 100 });
    await get(base, "/a");
    clock = 1001;
    expect((await get(base, "/a")).hit).toBeNull();
    await get(base, "/b"); // each page is 42–43 bytes: a, b fit, c pushes out the least recently used
    expect((await get(base, "/a")).hit).toBe("hit");
    await get(base, "/c");
    expect(pages.stats.entries).toBe(2);
    expect((await get(base, "/b")).hit).toBeNull(); // kept again, pushing out a (used before c)
    expect((await get(base, "/c")).hit).toBe("hit");
    expect((await get(base, "/a")).hit).toBeNull();
    expect(pages.stats.bytes).toBeLessThanOrEqual(100);
  });

  it("keeps a page no longer than it asks (relative times), however long the cache would", async () => {
    const { base } = await start({ ttlMs: 60_000 });
    await get(base, "/?maxAge=500");
    await get(base, "/m");
    clock = 400;
    expect((await get(base, "/?maxAge=500")).hit).toBe("hit");
    clock = 501;
    expect((await get(base, "/?maxAge=500")).hit).toBeNull();
    expect((await get(base, "/m")).hit).toBe("hit");
  });

  it("serves nothing when turned off (0 MB)", async () => {
    const { base } = await start({ maxBytes: 0 });
    await get(base, "/");
    expect((await get(base, "/")).hit).toBeNull();
    expect(renders).toBe(2);
  });
});

describe("pages marked repeatedOnly (a capability query's: an open-ended space of URLs)", () => {
  it("are kept once asked for again, so a stream of pages asked for once cannot push out a popular one", async () => {
    const { base, pages } = await start({ maxBytes: 600 });
    // A popular page (kept at its first render) and one of the open-ended kind asked for twice.
    await get(base, "/models/popular");
    expect((await get(base, "/leaderboard?q=again&repeated=1")).hit).toBeNull();
    expect((await get(base, "/leaderboard?q=again&repeated=1")).hit).toBeNull();
    expect(pages.stats).toMatchObject({ stored: 2, entries: 2 });
    expect((await get(base, "/leaderboard?q=again&repeated=1")).hit).toBe("hit");
    // Twenty asked for once each would fill 600 bytes twice over if kept: none is, nothing is pushed out.
    for (let i = 0; i < 20; i++) expect((await get(base, `/leaderboard?q=once-${i}&repeated=1`)).hit).toBeNull();
    expect(pages.stats).toMatchObject({ stored: 2, entries: 2 });
    expect((await get(base, "/models/popular")).hit).toBe("hit");
    expect(renders).toBe(23);
  });

  it("are kept on their first render after a publish when asked for before it", async () => {
    const { base } = await start();
    const url = "/leaderboard?q=m&repeated=1";
    await get(base, url);
    await get(base, url);
    expect((await get(base, url)).hit).toBe("hit");
    state = "v2";
    const after = await get(base, url);
    expect(after.hit).toBeNull();
    expect(after.body).toContain("at v2");
    expect(await get(base, url)).toEqual({ ...after, hit: "hit" });
  });
});

describe("page cache under npm start's request gate", () => {
  let child: ChildProcess | undefined;
  afterEach(() => child?.kill("SIGKILL"));

  it("answers a page it rendered once from the cache, without a turn in the gate", async () => {
    const SERVER = `
const http = require("node:http");
const shared = globalThis[Symbol.for("portal.pageCache")];
shared.freshStamp = async () => "s"; shared.heldStamp = () => "s";
let renders = 0;
const srv = http.createServer((req, res) => {
  if (req.url === "/api/renders") return res.end(String(renders));
  shared.als.getStore().stamp = "s";
  renders++;
  res.end("page " + req.url);
});
srv.listen(0, "127.0.0.1", () => console.log(srv.address().port));`;
    child = spawn(process.execPath, ["--import", path.join(import.meta.dirname, "request-gate-preload.mjs"), "-e", SERVER], { env: { ...process.env, LOG_LEVEL: "info" }, stdio: ["ignore", "pipe", "inherit"] });
    const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
    const base = `http://127.0.0.1:${chunk.toString().split("\n")[0].trim()}`;
    const first = await fetch(`${base}/models/a`);
    const second = await fetch(`${base}/models/a`);
    expect(await first.text()).toBe("page /models/a");
    expect(await second.text()).toBe("page /models/a");
    expect(second.headers.get(CACHE_HEADER)).toBe("hit");
    expect(await (await fetch(`${base}/api/renders`)).text()).toBe("1");
    // The rendered answer's wait for its turn is its own: not replayed with the kept page.
    expect(first.headers.get("server-timing")).toMatch(/^gate;dur=/);
    expect(second.headers.get("server-timing")).toBeNull();
  });
});
