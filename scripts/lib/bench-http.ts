// The web server of a benchmark: a production `next start` on a free loopback port against a given
// database, timed GET requests to it, and a clean stop.
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { buildIsStale } from "./build-state";
import { run, startChild, stopChild, type Child } from "./processes";

const bin = (root: string, name: string) => path.join(root, "node_modules", ".bin", name);

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds the app when it has no production build (or when `force`), as `npm start` does. A build
 * older than the sources is used as it is, with a warning: the figures then describe that build.
 */
export async function ensureBuild(root: string, force: boolean, log: (msg: string) => void): Promise<void> {
  const state = buildIsStale(root);
  if (force || !existsSync(path.join(root, ".next", "BUILD_ID"))) {
    log(`building the web app (${force ? "--build" : state.reason})`);
    await run("build", bin(root, "next"), ["build"], { ...process.env, NEXT_TELEMETRY_DISABLED: "1" });
  } else if (state.stale) {
    log(`warning: the production build is older than the sources; pass --build to measure the current code`);
  }
}

export interface BenchServer {
  base: string;
  stop(): Promise<void>;
}

/** `next start` on 127.0.0.1:port with `env`; resolves once it answers HTTP (bounded wait). */
export async function startServer(root: string, env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<BenchServer> {
  const port = await freePort();
  const child: Child = startChild("web", bin(root, "next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    ...env,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: "1",
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void child.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error("the web server exited before answering");
    try {
      // Any answer will do: a missing route is a 404 that touches neither the database nor the cache.
      await fetch(`${base}/api/bench-ready-probe`);
      break;
    } catch {
      if (Date.now() > deadline) {
        await stopChild(child);
        throw new Error(`the web server did not answer within ${timeoutMs / 1000} s`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { base, stop: () => stopChild(child) };
}

export interface Timed {
  ms: number;
  status: number;
  body: { cached?: boolean; n_samples?: number; retrieval?: { n_retrieved?: number } } & Record<string, unknown>;
}

/** One GET, timed from sending to the last byte of the parsed JSON body. */
export async function timedGet(url: string): Promise<Timed> {
  const t0 = performance.now();
  const res = await fetch(url);
  const text = await res.text();
  const ms = performance.now() - t0;
  let body: Timed["body"] = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text.slice(0, 200) };
  }
  return { ms, status: res.status, body };
}
