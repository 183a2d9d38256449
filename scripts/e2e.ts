// End-to-end tests: starts the portal exactly as `npm start` does, on a fresh temporary DATA_DIR
// and free ports, creates an upload token, runs Playwright against it, and stops everything.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawn, spawnSync } from "node:child_process";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitForHealth(url: string, timeoutMs: number, portal: { exitCode: number | null }): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (portal.exitCode !== null) throw new Error(`the portal exited with code ${portal.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`the portal did not answer ${url} within ${timeoutMs / 1000} s`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "portal-e2e-"));
const [webPort, dbPort] = [await freePort(), await freePort()];
// The portal's per-request and per-job log lines would bury Playwright's report: warnings and
// errors only, unless LOG_LEVEL says otherwise.
const env: NodeJS.ProcessEnv = { LOG_LEVEL: "warn", ...process.env, DATA_DIR: dataDir, PORT: String(webPort), EMBEDDED_DB_PORT: String(dbPort) };
delete env.DATABASE_URL;
const bin = (n: string) => path.join(process.cwd(), "node_modules", ".bin", n);

const portal = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env, stdio: "inherit" });
let code = 1;
try {
  await waitForHealth(`http://127.0.0.1:${webPort}/api/health`, 600_000, portal);
  // The embedded database has a password: its URL is in the running portal's discovery file.
  const dbUrl = (JSON.parse(readFileSync(path.join(dataDir, "portal.json"), "utf8")) as { databaseUrl: string }).databaseUrl;
  const token = spawnSync(bin("tsx"), ["scripts/token.ts", "create", "e2e"], { env, encoding: "utf8" });
  if (token.status !== 0) throw new Error(`token creation failed: ${token.stderr}`);
  const tokenValue = token.stdout.trim().split("\n").pop() ?? "";
  const pw = spawnSync(bin("playwright"), ["test", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...env, E2E_BASE_URL: `http://127.0.0.1:${webPort}`, E2E_TOKEN: tokenValue, E2E_DATABASE_URL: dbUrl },
  });
  code = pw.status ?? 1;
} catch (err) {
  console.error(`[e2e] ${(err as Error).message}`);
} finally {
  portal.kill("SIGTERM");
  await new Promise((r) => portal.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
