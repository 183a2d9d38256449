// The process group of `npm start`: a crashed child is restarted with back-off, children die with
// their parent even when it is killed with SIGKILL, and a busy port is said plainly.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { ensurePortFree } from "./port-check";
import { supervise } from "./supervisor";
import { alive } from "./data-dir-lock";


async function until(what: string, fn: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!fn()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("npm start's process group", () => {
  it("restarts a crashed child after a back-off, and not after stop()", async () => {
    const logs: string[] = [];
    const s = supervise("crashy", process.execPath, ["-e", "setTimeout(() => process.exit(3), 100)"], process.env, (m) => logs.push(m));
    const firstPid = s.current().proc.pid;
    await until("a restart", () => s.current().proc.pid !== firstPid);
    expect(logs[0]).toBe("crashy exited unexpectedly (code 3); restarting in 1 s");
    await until("a second failure", () => logs.length >= 2);
    expect(logs[1]).toMatch(/restarting in 2 s/);
    await s.stop();
    const stoppedPid = s.current().proc.pid;
    await new Promise((r) => setTimeout(r, 2500));
    expect(s.current().proc.pid).toBe(stoppedPid);
  });

  it("takes its children down when the parent is killed with SIGKILL", async () => {
    // A parent that starts a long-lived child the way `npm start` does and prints the child's pid.
    const parentScript = `
      import { startChild, tsxArgs } from "./scripts/lib/processes.ts";
      const c = startChild("sleeper", ...tsxArgs("-e", "setInterval(() => {}, 1000)"), process.env);
      console.log("child " + c.proc.pid);
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", parentScript], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    parent.stdout.on("data", (d: Buffer) => (out += d.toString()));
    await until("the child's pid", () => /child \d+/.test(out));
    const childPid = Number(/child (\d+)/.exec(out)![1]);
    expect(alive(childPid)).toBe(true);
    parent.kill("SIGKILL");
    await until("the orphan to exit", () => !alive(childPid), 10_000);
  });

  it("says plainly that the port is taken", async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, r));
    const port = (busy.address() as { port: number }).port;
    await expect(ensurePortFree(port)).rejects.toThrow(`port ${port} is already in use (another \`npm start\``);
    busy.close();
    await expect(ensurePortFree(port)).resolves.toBeUndefined();
  });
});
