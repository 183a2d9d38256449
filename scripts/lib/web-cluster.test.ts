// npm start's web server with WEB_PROCESSES > 1 (web-cluster.mjs): the servers share one port and
// all answer; a stop reaches each of them and waits for them; a server that dies takes the group
// down (so the supervisor restarts it); a primary killed outright leaves no server behind. A tiny
// HTTP server stands in for `next start` (same arguments, same signals).
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./bench-http";
import { alive } from "./data-dir-lock";
import { singleThreadedGc, webArgs } from "./processes";

const CLUSTER = path.join(import.meta.dirname, "web-cluster.mjs");

// Answers its pid (and, at /argv, its V8/node flags; at /busy, after holding its event loop 600 ms
// as a long capability query would); on SIGTERM it waits 300 ms ("finishing requests") and exits 0.
const FAKE_NEXT = `
const http = require("node:http");
const [cmd, flag, port] = process.argv.slice(2);
if (cmd !== "start" || flag !== "-p") process.exit(9);
const server = http.createServer((req, res) => {
  if (req.url === "/busy") for (const t = Date.now(); Date.now() - t < 600; );
  res.end(req.url === "/argv" ? JSON.stringify(process.execArgv) : String(process.pid));
});
server.listen(Number(port));
process.on("SIGTERM", () => server.close(() => setTimeout(() => process.exit(0), 300)));
`;

const started: ChildProcess[] = [];
afterEach(() => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill("SIGKILL");
  started.length = 0;
});

async function until<T>(what: string, fn: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startCluster(n: number, execArgv: string[] = []): Promise<{ proc: ChildProcess; port: number; exited: Promise<number | null>; servers: number[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), "web-cluster-"));
  const fake = path.join(dir, "next.cjs");
  writeFileSync(fake, FAKE_NEXT);
  const port = await freePort();
  const proc = spawn(process.execPath, [...execArgv, CLUSTER, String(n), fake, "start", "-p", String(port)], { stdio: ["ignore", "inherit", "pipe"] });
  started.push(proc);
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  // Connections are handed out in turn: n × 4 fresh connections reach every server.
  const servers = await until(`${n} servers answering on one port`, async () => {
    const pids = new Set<number>();
    for (let i = 0; i < n * 4; i++) {
      const r = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: "close" } }).then((x) => x.text(), () => null);
      if (r) pids.add(Number(r));
    }
    return pids.size === n ? [...pids] : null;
  });
  return { proc, port, exited, servers };
}

describe("web-cluster.mjs (WEB_PROCESSES > 1)", () => {
  it("runs N servers on one port, and a SIGTERM stops every one of them before the primary exits 0", async () => {
    const c = await startCluster(2);
    expect(c.servers).toHaveLength(2);
    expect(c.servers).not.toContain(c.proc.pid);
    c.proc.kill("SIGTERM");
    expect(await c.exited).toBe(0);
    for (const pid of c.servers) expect(alive(pid)).toBe(false);
  });

  it("a server that dies takes the group down with exit 1, for the supervisor to restart", async () => {
    const c = await startCluster(2);
    process.kill(c.servers[0], "SIGKILL");
    expect(await c.exited).toBe(1);
    await until("the other server gone", () => !alive(c.servers[1]));
  });

  it("a primary killed with SIGKILL leaves no server holding the port", async () => {
    const c = await startCluster(2);
    c.proc.kill("SIGKILL");
    await c.exited;
    await until("both servers gone", () => c.servers.every((pid) => !alive(pid)));
    const answer = await fetch(`http://127.0.0.1:${c.port}/`).then(() => "answered", () => "refused");
    expect(answer).toBe("refused");
  });

  it("every server runs with the primary's V8 flags (npm start's --single-threaded-gc)", async () => {
    const c = await startCluster(2, ["--single-threaded-gc"]);
    for (let i = 0; i < 4; i++) {
      const argv = await fetch(`http://127.0.0.1:${c.port}/argv`, { headers: { connection: "close" } }).then((r) => r.json());
      expect(argv).toContain("--single-threaded-gc");
    }
    c.proc.kill("SIGTERM");
    expect(await c.exited).toBe(0);
  });

  it("splits connections that arrive together evenly, even while one server is busy", async () => {
    const c = await startCluster(2);
    // One server's event loop held for 600 ms; meanwhile 20 keep-alive clients connect at once.
    const busy = fetch(`http://127.0.0.1:${c.port}/busy`, { headers: { connection: "close" } }).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 100));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
    const get = () =>
      new Promise<string>((resolve, reject) => {
        http.get({ host: "127.0.0.1", port: c.port, path: "/", agent }, (res) => {
          let body = "";
          res.on("data", (d) => (body += d));
          res.on("end", () => resolve(body));
        }).on("error", reject);
      });
    const pids = await Promise.all(Array.from({ length: 20 }, get));
    const busyPid = Number(await busy);
    agent.destroy();
    // The busy server holds one connection more: it gets 9 or 10 of the 20, the other the rest
    // (node:cluster's round-robin gave it none: it could not acknowledge while busy).
    const onBusy = pids.filter((p) => Number(p) === busyPid).length;
    expect(onBusy).toBeGreaterThanOrEqual(9);
    expect(onBusy).toBeLessThanOrEqual(10);
    expect(new Set(pids).size).toBe(2);
    c.proc.kill("SIGTERM");
    expect(await c.exited).toBe(0);
  });

  it("counts a closed connection out: while one client stays connected, new ones go to the other server", async () => {
    const c = await startCluster(2);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const held = await new Promise<number>((resolve, reject) =>
      http.get({ host: "127.0.0.1", port: c.port, path: "/", agent }, (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve(Number(body)));
      }).on("error", reject),
    );
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      seen.push(Number(await fetch(`http://127.0.0.1:${c.port}/`, { headers: { connection: "close" } }).then((r) => r.text())));
      await new Promise((r) => setTimeout(r, 50)); // the server's "closed" message reaches the primary
    }
    // Counted in and out, the other server always has fewer open connections (without counting
    // them out the fifth would alternate).
    expect(seen.every((pid) => pid !== held)).toBe(true);
    agent.destroy();
    c.proc.kill("SIGTERM");
    expect(await c.exited).toBe(0);
  });

  it("refuses a bad process count", async () => {
    const proc = spawn(process.execPath, [CLUSTER, "0", "x"], { stdio: "ignore" });
    const code = await new Promise<number | null>((resolve) => proc.on("exit", resolve));
    expect(code).toBe(2);
  });
});

describe("the web servers' garbage collection (WEB_SINGLE_THREADED_GC)", () => {
  it("is single-threaded by default when every core runs a server, and as set otherwise", () => {
    expect(singleThreadedGc({ WEB_PROCESSES: 2 }, 2)).toBe(true);
    expect(singleThreadedGc({ WEB_PROCESSES: 3, WEB_SINGLE_THREADED_GC: "auto" }, 2)).toBe(true);
    expect(singleThreadedGc({ WEB_PROCESSES: 1 }, 2)).toBe(false);
    expect(singleThreadedGc({ WEB_PROCESSES: 2, WEB_SINGLE_THREADED_GC: "0" }, 2)).toBe(false);
    expect(singleThreadedGc({ WEB_PROCESSES: 1, WEB_SINGLE_THREADED_GC: "1" }, 8)).toBe(true);
  });

  it("puts the flag on the server's command line, before the preloads (NODE_OPTIONS refuses it)", () => {
    const [, on] = webArgs("/portal", { PORT: 3000, WEB_PROCESSES: 2, WEB_SINGLE_THREADED_GC: "1" });
    expect(on[0]).toBe("--single-threaded-gc");
    expect(on.indexOf("--single-threaded-gc")).toBeLessThan(on.findIndex((a) => a.endsWith("web-cluster.mjs")));
    const [, off] = webArgs("/portal", { PORT: 3000, WEB_PROCESSES: 2, WEB_SINGLE_THREADED_GC: "0" });
    expect(off).not.toContain("--single-threaded-gc");
  });
});
