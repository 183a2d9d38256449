import { describe, expect, it } from "vitest";
import { logger, redirectLogs } from "./log";

describe("logger", () => {
  it("writes one JSON object per line with level name, time, pid and component, to a redirected destination", () => {
    const early = logger("early");
    const lines: string[] = [];
    const restore = redirectLogs({ write: (s: string) => void lines.push(s) }, "info");
    try {
      early.info({ job_id: "j1", duration_ms: 12 }, "job done");
      logger("later").error(new Error("boom"), "failed");
    } finally {
      restore();
    }
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.endsWith("\n"))).toBe(true);
    const [a, b] = lines.map((l) => JSON.parse(l));
    expect(a).toMatchObject({ level: "info", component: "early", pid: process.pid, job_id: "j1", duration_ms: 12, msg: "job done" });
    expect(Number.isNaN(Date.parse(a.time))).toBe(false);
    expect(b).toMatchObject({ level: "error", component: "later", msg: "failed", err: { type: "Error", message: "boom" } });
    expect(b.err.stack).toContain("boom");
  });

  it("drops lines below the level", () => {
    const lines: string[] = [];
    const restore = redirectLogs({ write: (s: string) => void lines.push(s) }, "warn");
    try {
      logger("x").info("not shown");
      logger("x").warn("shown");
    } finally {
      restore();
    }
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual(["shown"]);
  });
});
