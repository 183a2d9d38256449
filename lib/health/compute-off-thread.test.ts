import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { healthInputFromLines } from "@/scripts/lib/health-data";
import { plantedPool } from "@/test/health-pool";
import { computeHealthOffThread } from "./compute-off-thread";
import { computeHealth } from "./report";

describe("the health check's compute thread", () => {
  it("reports exactly what the computation reports on this thread (the input and report cross intact)", async () => {
    const input = healthInputFromLines(plantedPool());
    const [off, here] = [await computeHealthOffThread(input), computeHealth(input)];
    expect(off.sampleFlags.length).toBeGreaterThan(0);
    expect(off).toEqual(here);
  });

  it("reports in a process launched as npm start launches the worker (its exit-with-parent preload stays out of the thread)", async () => {
    const child = spawn(process.execPath, ["--import", "./scripts/lib/exit-with-parent.mjs", "--import", "tsx", "test/fixtures/health-thread-child.ts"], {
      env: { ...process.env, PORTAL_PARENT_PIPE: "1" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.stdin.end();
    expect({ code, out: out.trim(), err: err.slice(-500) }).toMatchObject({ code: 0, out: expect.stringMatching(/^flags [1-9]/) });
  }, 60_000);
});
