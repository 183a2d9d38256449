import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { sampleCpu, sampleRss } from "./proc-rss";

describe("npm start's processes read from /proc", () => {
  it("counts the CPU time a process uses (the start process's own under db)", () => {
    const before = sampleCpu(process.pid);
    const t0 = process.cpuUsage();
    // Busy until this process has used 300 ms of CPU, however loaded the machine is.
    for (let x = 0; ; x++) {
      const used = process.cpuUsage(t0);
      if ((used.user + used.system) / 1000 >= 300) break;
      Math.sqrt(x);
    }
    const after = sampleCpu(process.pid);
    expect(after.db - before.db).toBeGreaterThanOrEqual(0.25);
    expect(after.db - before.db).toBeLessThan(5);
    expect(after.web).toBe(0);
  });

  it("reads the resident memory of the start process", () => {
    expect(sampleRss(process.pid).db).toBeGreaterThan(10 * 2 ** 20);
  });

  it("finds a child by its parent pid and counts it under its role (a worker by its command line)", async () => {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "workers/index.ts"], { stdio: "ignore" });
    try {
      await new Promise((resolve) => child.once("spawn", resolve));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rss = sampleRss(process.pid);
      expect(rss.worker).toBeGreaterThan(5 * 2 ** 20);
      expect(rss.web).toBe(0);
    } finally {
      child.kill();
    }
  });
});
