import { expect, test } from "./fixtures";
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { childMatching, WEB_SERVER } from "../scripts/lib/proc-rss";
import { alive } from "../scripts/lib/data-dir-lock";

// `npm start` keeps its data across restarts, stops cleanly on Ctrl-C, and starts fresh with the
// demo data when DATA_DIR is deleted; its web server killed with SIGKILL in the middle of a request
// is restarted by the supervisor on the same port, losing nothing acknowledged. This spec runs its
// own portal processes.
test.describe.configure({ timeout: 300_000 });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

interface Portal {
  proc: ChildProcess;
  log: () => string;
  base: string;
  env: NodeJS.ProcessEnv;
}

async function startPortal(dataDir: string): Promise<Portal> {
  const [port, dbPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), EMBEDDED_DB_PORT: String(dbPort) };
  delete env.DATABASE_URL;
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  proc.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  proc.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`portal exited early:\n${out}`);
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`portal not ready:\n${out}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { proc, log: () => out, base, env };
}

async function stopPortal(p: Portal): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => p.proc.once("exit", (code) => resolve(code)));
  p.proc.kill("SIGINT");
  return exited;
}

async function counts(p: Portal) {
  return (await (await fetch(`${p.base}/api/health`)).json()).counts as { samples: number; models: number; measurements: number; benchmarks: number };
}


/** A POST /api/uploads whose body stops after its first line: the web server is mid-request. */
function stalledUpload(p: Portal, token: string): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${p.base}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson", "transfer-encoding": "chunked" },
    });
    req.on("response", (res) => resolve(`answered ${res.statusCode}`));
    req.on("error", (err) => resolve(err.message));
    req.write(JSON.stringify({ type: "sample", id: "restart/stalled", benchmark: "restart", input: "never finished" }) + "\n");
  });
}

/**
 * Kills `npm start`'s web server with SIGKILL while an upload is in flight: the supervisor starts a
 * new one on the same port (no orphan holds it), an upload acknowledged before the kill is still
 * there, and nothing of the interrupted one is visible.
 */
async function killWebMidRequest(p: Portal): Promise<void> {
  // Not spawnSync: a blocked event loop would leave this process's pooled connections to the portal stale.
  const created = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/token.ts", "create", "restart"], { env: p.env });
  const token = created.stdout.trim().split("\n").pop()!;
  const before = await counts(p);
  const line = { type: "score", sample: "restart/acknowledged", model: "restart-model", metric: "accuracy", value: 1 };
  const sample = { type: "sample", id: "restart/acknowledged", benchmark: "restart", input: "kept across a crash" };
  const ack = await fetch(`${p.base}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
    body: `${JSON.stringify(sample)}\n${JSON.stringify(line)}\n`,
  });
  expect(ack.status).toBe(200);
  expect((await ack.json()).status).toBe("done");

  const web = childMatching(p.proc.pid!, WEB_SERVER);
  expect(web, p.log()).not.toBeNull();
  const interrupted = stalledUpload(p, token);
  await new Promise((r) => setTimeout(r, 500));
  process.kill(web!, "SIGKILL");
  expect(await interrupted).toMatch(/socket hang up|ECONNRESET/);
  await expect.poll(() => p.log(), { timeout: 10_000 }).toContain("[start] web exited unexpectedly (signal SIGKILL); restarting in 1 s");
  expect(alive(web!)).toBe(false);
  await expect.poll(() => fetch(`${p.base}/api/health`).then((r) => r.status, () => 0), { timeout: 60_000 }).toBe(200);
  const restarted = childMatching(p.proc.pid!, WEB_SERVER);
  expect(restarted).not.toBeNull();
  expect(restarted).not.toBe(web);
  expect(await counts(p)).toEqual({ samples: before.samples + 1, models: before.models + 1, measurements: before.measurements + 1, benchmarks: before.benchmarks + 1 });
  expect((await fetch(`${p.base}/api/samples/restart/stalled`)).status).toBe(404);
}

test("restart keeps the data; a web server killed mid-request comes back on its port; deleting DATA_DIR starts fresh; Ctrl-C stops cleanly", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-restart-"));
  try {
    const first = await startPortal(dataDir);
    expect(first.log()).toContain("importing the demo data set");
    const demo = await counts(first);
    expect(demo.samples).toBeGreaterThanOrEqual(480);
    await killWebMidRequest(first);
    const c1 = await counts(first);
    expect(await stopPortal(first), first.log().slice(-4000)).toBe(0);
    expect(first.log()).toContain("[start] stopped");

    const second = await startPortal(dataDir);
    expect(second.log()).not.toContain("importing the demo data set");
    expect(await counts(second)).toEqual(c1);
    expect(await stopPortal(second), second.log().slice(-4000)).toBe(0);

    rmSync(dataDir, { recursive: true, force: true });
    const third = await startPortal(dataDir);
    expect(third.log()).toContain("importing the demo data set");
    expect(await counts(third)).toEqual(demo);
    expect(await stopPortal(third), third.log().slice(-4000)).toBe(0);
    expect(third.log()).toContain("[start] stopped");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
