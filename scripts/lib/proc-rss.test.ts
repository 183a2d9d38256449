import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { postmasterPid, sampleCpu, sampleRss } from "./proc-rss";

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

  it("counts a separate database server's processes under db when given its pid (a native server)", async () => {
    // A stand-in server: a parent that spawns a busy child, as a postmaster does its backends.
    const server = spawn(process.execPath, ["-e", `const c = require("node:child_process").spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }); process.on("SIGTERM", () => { c.kill(); process.exit(); }); setInterval(() => {}, 1000)`], { stdio: "ignore" });
    const dir = mkdtempSync(path.join(tmpdir(), "proc-rss-"));
    try {
      await new Promise((resolve) => server.once("spawn", resolve));
      writeFileSync(path.join(dir, "postmaster.pid"), `${server.pid}\n${dir}\n`);
      expect(postmasterPid(dir)).toBe(server.pid);
      const before = sampleCpu(process.pid, server.pid);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const after = sampleCpu(process.pid, server.pid);
      // The busy child's CPU counts (a loaded machine still gives it some of 1.5 s), this process's does not.
      expect(after.db - before.db).toBeGreaterThan(0.1);
    } finally {
      server.kill();
      await new Promise((resolve) => server.once("exit", resolve));
    }
    expect(postmasterPid(dir)).toBeNull();
    rmSync(dir, { recursive: true, force: true });
  });
});
