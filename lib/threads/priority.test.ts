import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

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
