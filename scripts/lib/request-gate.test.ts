// The request gate (request-gate.mjs) as `npm start` uses it: preloaded with --import into a real
// HTTP server process, whose handler stands in for Next.js (it sleeps, and counts how many run).
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { QUEUE_HEADER as HANDLER_QUEUE_HEADER } from "@/lib/api/handler";
import { bypasses, QUEUE_HEADER } from "./request-gate.mjs";

const GATE = path.join(import.meta.dirname, "request-gate-preload.mjs");

// Each request sleeps ?ms=… (default 150), then answers the order it started in and the most
// handlers that ever ran at once; /stats answers the gate's counters.
const SERVER = `
const http = require("node:http");
let running = 0, most = 0, started = 0;
const srv = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname === "/stats") return res.end(JSON.stringify(globalThis[Symbol.for("portal.requestGate")]));
  const order = ++started;
  running++; most = Math.max(most, running);
  setTimeout(() => { running--; res.end(JSON.stringify({ order, most, id: url.searchParams.get("id"), queue: req.headers["x-portal-queue-ms"] })); }, Number(url.searchParams.get("ms") ?? 150));
});
srv.listen(0, "127.0.0.1", () => console.log(srv.address().port));
`;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
});

/** The JSON lines the server process wrote after its port (the gate's log). */
let logged: Record<string, unknown>[] = [];

async function serve(env: Record<string, string>): Promise<string> {
  child = spawn(process.execPath, ["--import", GATE, "-e", SERVER], { env: { ...process.env, LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  logged = [];
  let rest = "";
  child.stdout!.on("data", (d: Buffer) => {
    const lines = (rest + d.toString()).split("\n");
    rest = lines.pop()!;
    for (const l of lines) if (l.startsWith("{")) logged.push(JSON.parse(l));
  });
  return `http://127.0.0.1:${chunk.toString().trim()}`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("request gate", () => {
  it("runs WEB_ACTIVE_REQUESTS at once, the rest in arrival order, and refuses past WEB_QUEUE with 503 + Retry-After", async () => {
    const base = await serve({ WEB_ACTIVE_REQUESTS: "2", WEB_QUEUE: "3" });
    const answers: Promise<Response>[] = [];
    for (let id = 1; id <= 6; id++) {
      answers.push(fetch(`${base}/api/x?id=${id}`));
      await sleep(20); // arrival order is the order sent
    }
    const res = await Promise.all(answers);
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 503]);
    const refused = res[5];
    expect(refused.headers.get("retry-after")).toBe("2");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const error = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.error.code).toBe("overloaded");
    expect(error.error.message).toMatch(/3 requests waiting/);
    const done = (await Promise.all(res.slice(0, 5).map((r) => r.json()))) as { order: number; most: number; id: string }[];
    expect(done.map((d) => d.id)).toEqual(["1", "2", "3", "4", "5"]);
    expect(done.map((d) => d.order)).toEqual([1, 2, 3, 4, 5]);
    expect(Math.max(...done.map((d) => d.most))).toBe(2);
    const stats = (await (await fetch(`${base}/stats`)).json()) as Record<string, number>;
    expect(stats).toMatchObject({ active: 1, queued: 0, refused: 1, limit: 2, queueLimit: 3 });
    expect(stats.admitted).toBe(6); // the five, and /stats itself
  });

  it("lets the health check, /metrics, static files and uploads past a full queue", async () => {
    const base = await serve({ WEB_ACTIVE_REQUESTS: "1", WEB_QUEUE: "10" });
    const slow = [fetch(`${base}/page?ms=600`), fetch(`${base}/page?ms=600`)];
    await sleep(50);
    for (const p of ["/api/health", "/metrics", "/_next/static/chunks/a.js"]) {
      const t0 = performance.now();
      expect((await fetch(`${base}${p}?ms=0`)).status).toBe(200);
      expect(performance.now() - t0, p).toBeLessThan(400);
    }
    const t0 = performance.now();
    expect((await fetch(`${base}/api/uploads?ms=0`, { method: "POST", body: "x" })).status).toBe(200);
    expect(performance.now() - t0).toBeLessThan(400);
    await Promise.all(slow);
    expect(bypasses("GET", "/api/uploads")).toBe(false);
    expect(bypasses("POST", "/api/leaderboards")).toBe(false);
    expect(bypasses("GET", "/api/health?x=1")).toBe(true);
  });

  it("drops a request whose client hung up while it waited, and refuses one that waited too long", async () => {
    const base = await serve({ WEB_ACTIVE_REQUESTS: "1", WEB_QUEUE: "10", WEB_QUEUE_WAIT_MS: "300" });
    const first = fetch(`${base}/page?ms=500&id=first`);
    await sleep(50);
    const abort = new AbortController();
    const gone = fetch(`${base}/page?ms=0&id=gone`, { signal: abort.signal }).catch(() => "aborted");
    await sleep(50);
    abort.abort();
    const late = fetch(`${base}/page?ms=0&id=late`);
    expect(await gone).toBe("aborted");
    expect((await first).status).toBe(200);
    const tooLate = await late;
    expect(tooLate.status).toBe(503);
    // A page gets a page, in the site's look, that tries again after Retry-After by itself.
    expect(tooLate.headers.get("content-type")).toMatch(/^text\/html/);
    expect(tooLate.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = await tooLate.text();
    expect(html).toMatch(/\(waited over 0.3 s for a turn\)/);
    expect(html).toMatch(/<meta http-equiv="refresh" content="2">/);
    expect(html).toMatch(/<h1>The portal is busy<\/h1>/);
    const stats = (await (await fetch(`${base}/stats`)).json()) as Record<string, number>;
    expect(stats).toMatchObject({ dropped: 1, refused: 1 });
    // The gone request never reached the handler: the next one is the second ever started.
    const next = (await (await fetch(`${base}/page?ms=0`)).json()) as { order: number };
    expect(next.order).toBe(2);
  });

  it("names its wait header as the API handler reads it (the gate is plain JS, preloaded without the app's modules)", () => {
    expect(QUEUE_HEADER).toBe(HANDLER_QUEUE_HEADER);
  });

  it("logs each page it gates with its duration and its wait, each request it turns away, and tells API routes their wait", async () => {
    const base = await serve({ WEB_ACTIVE_REQUESTS: "1", WEB_QUEUE: "1" });
    const first = fetch(`${base}/models/a?ms=300&secret=q`);
    await sleep(50);
    const second = fetch(`${base}/api/x?ms=0&id=2`, { headers: { "x-portal-queue-ms": "999999" } });
    await sleep(50);
    const third = await fetch(`${base}/compare?ms=0`);
    expect(third.status).toBe(503);
    const [, api] = await Promise.all([first, second]);
    // A page that waits for its turn behind a slow one.
    const slow = fetch(`${base}/models/c?ms=300`);
    await sleep(50);
    await fetch(`${base}/models/b?ms=0`).then((r) => r.arrayBuffer());
    await slow;
    const waited = Number(((await api.json()) as { queue: string }).queue);
    expect(waited).toBeGreaterThanOrEqual(150);
    expect(waited).toBeLessThan(5000);
    // The client is told the same wait (Server-Timing), and one that ran at once a wait near 0.
    const timing = api.headers.get("server-timing") ?? "";
    expect(timing).toMatch(/^gate;dur=[\d.]+;desc="wait for a turn"$/);
    expect(Math.abs(Number(/dur=([\d.]+)/.exec(timing)![1]) - waited)).toBeLessThanOrEqual(1);
    expect(Number(/dur=([\d.]+)/.exec((await first).headers.get("server-timing") ?? "")?.[1])).toBeLessThan(100);
    await sleep(100);
    const page = logged.find((l) => l.path === "/models/a")!;
    expect(page).toMatchObject({ level: "info", component: "page", method: "GET", status: 200, msg: "request" });
    expect(page.duration_ms as number).toBeGreaterThanOrEqual(250);
    expect(page.queue_ms as number).toBeLessThan(100);
    // A page that waited for its turn: the wait is queue_ms, not part of duration_ms.
    const waitedPage = logged.find((l) => l.path === "/models/b")!;
    expect(waitedPage.queue_ms as number).toBeGreaterThanOrEqual(150);
    expect(waitedPage.duration_ms as number).toBeLessThan(150);
    expect(JSON.stringify(page)).not.toContain("secret");
    expect(typeof page.time).toBe("string");
    expect(logged.find((l) => l.path === "/compare")).toMatchObject({ level: "warn", component: "page", status: 503, error_code: "overloaded", msg: "request turned away" });
    // The API route logs itself; it is told its wait (the client's own header was replaced).
    expect(logged.some((l) => l.path === "/api/x")).toBe(false);
  });

  it("refuses a malformed setting at start", async () => {
    const proc = spawn(process.execPath, ["--import", GATE, "-e", "0"], { env: { ...process.env, WEB_ACTIVE_REQUESTS: "two" }, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    proc.stderr!.on("data", (d: Buffer) => (err += d.toString()));
    const [code] = (await once(proc, "exit")) as [number];
    expect(code).not.toBe(0);
    expect(err).toMatch(/WEB_ACTIVE_REQUESTS must be an integer/);
  });
});
