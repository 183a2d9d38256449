import { describe, expect, it } from "vitest";
import { redirectLogs } from "@/lib/log";
import { runJob } from "./run-job";

describe("runJob", () => {
  it("logs a finished job once with its queue, id, attempt and duration, and a failed one with its error, rethrown", async () => {
    const lines: string[] = [];
    const restore = redirectLogs({ write: (s: string) => void lines.push(s) }, "info");
    const seen: unknown[] = [];
    try {
      await runJob("refresh-leaderboard", { id: "job-1", data: { slug: "math" } }, async (d) => {
        seen.push(d);
        await new Promise((r) => setTimeout(r, 20));
      });
      const failed = runJob("process-upload", { id: "job-2", data: null, retryCount: 2 }, async () => {
        throw new Error("spool missing");
      });
      await expect(failed).rejects.toThrow("spool missing");
    } finally {
      restore();
    }
    expect(seen).toEqual([{ slug: "math" }]);
    const [done, fail] = lines.map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(done).toMatchObject({ level: "info", component: "worker", job: "refresh-leaderboard", job_id: "job-1", attempt: 1, msg: "job done" });
    expect(done.duration_ms).toBeGreaterThanOrEqual(15);
    expect(fail).toMatchObject({ level: "error", job: "process-upload", job_id: "job-2", attempt: 3, msg: "job failed", err: { message: "spool missing" } });
  });
});
