import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { threadNice } from "@/test/fixtures/thread-nice";
import { runOffThread } from "./off-thread";
import { IDLE_NICE, idleWorkNice, lowerIdleWork } from "./priority";

describe("lowerProcessPriority", () => {
  it("lowers every thread of the process, not only the calling one (Linux keeps nice per thread)", () => {
    const file = path.resolve("lib/threads/priority.ts");
    // A child process: lowering this test worker's own threads could not be undone without privilege.
    const script = `
      const { readdirSync, readFileSync } = require("node:fs");
      const { lowerProcessPriority } = require(${JSON.stringify(file)});
      const nices = () => readdirSync("/proc/self/task").map((t) => Number(readFileSync("/proc/self/task/" + t + "/stat", "utf8").split(") ")[1].split(" ")[16]));
      const before = nices();
      const changed = lowerProcessPriority(7);
      console.log(JSON.stringify({ before, after: nices(), changed }));`;
    const out = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "-e", script], { encoding: "utf8" }).trim().split("\n").at(-1)!);
    // Node starts several threads (V8's platform workers, libuv's) before any code runs.
    expect(out.before.length).toBeGreaterThan(1);
    expect(out.before.filter((n: number) => n < 7).length).toBeGreaterThan(1);
    expect(out.changed).toBe(out.before.length);
    expect(out.after.every((n: number) => n === 7)).toBe(true);
  });
});

describe("a computation's thread at IDLE_NICE", () => {
  const probe = new URL("../../test/fixtures/thread-nice.ts", import.meta.url);

  it.skipIf(process.platform !== "linux")("runs at IDLE_NICE when asked, while the thread that started it keeps its own", async () => {
    const before = threadNice();
    expect(before).toBeLessThan(IDLE_NICE);
    expect(await runOffThread<number>(probe, null, "probe", { nice: IDLE_NICE })).toBe(IDLE_NICE);
    expect(threadNice()).toBe(before);
    // Not asked: the starting thread's own, inherited.
    expect(await runOffThread<number>(probe, null, "probe")).toBe(before);
  }, 30_000);

  it("is asked for only once the worker has lowered its priority (a test or a script waits for its computations)", () => {
    expect(idleWorkNice()).toBeUndefined();
    lowerIdleWork();
    expect(idleWorkNice()).toBe(IDLE_NICE);
  });
});
