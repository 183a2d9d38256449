import { expect, test } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// `npm start` keeps its data across restarts, stops cleanly on Ctrl-C, and starts fresh with the
// demo data when DATA_DIR is deleted. This spec runs its own portal processes.
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
  return { proc, log: () => out, base };
}

async function stopPortal(p: Portal): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => p.proc.once("exit", (code) => resolve(code)));
  p.proc.kill("SIGINT");
  return exited;
}

async function counts(p: Portal) {
  return (await (await fetch(`${p.base}/api/health`)).json()).counts as { samples: number; models: number; measurements: number };
}

test("restart keeps the data; deleting DATA_DIR starts fresh with the demo data; Ctrl-C stops cleanly", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-restart-"));
  try {
    const first = await startPortal(dataDir);
    expect(first.log()).toContain("importing the demo data set");
    const c1 = await counts(first);
    expect(c1.samples).toBeGreaterThanOrEqual(480);
    expect(await stopPortal(first)).toBe(0);
    expect(first.log()).toContain("[start] stopped");

    const second = await startPortal(dataDir);
    expect(second.log()).not.toContain("importing the demo data set");
    expect(await counts(second)).toEqual(c1);
    expect(await stopPortal(second)).toBe(0);

    rmSync(dataDir, { recursive: true, force: true });
    const third = await startPortal(dataDir);
    expect(third.log()).toContain("importing the demo data set");
    expect(await counts(third)).toEqual(c1);
    expect(await stopPortal(third)).toBe(0);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
