import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { Limiter } from "./limiter";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("Limiter", () => {
  it("runs at most `concurrency` tasks at once and starts waiting ones in order", async () => {
    const limiter = new Limiter({ concurrency: 2, queue: 10, retryAfter: 1, what: "fits" });
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((g, i) => limiter.run(async () => (started.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([limiter.active, limiter.queued]).toEqual([2, 2]);
    gates[1].resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0].resolve();
    gates[2].resolve();
    gates[3].resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it("refuses past the queue with a 503 'overloaded' carrying Retry-After, and recovers", async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 1, retryAfter: 3, what: "fits" });
    const gate = deferred();
    const first = limiter.run(() => gate.promise);
    const second = limiter.run(() => "second");
    const refused = await limiter.run(() => "third").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect((refused as ApiError).code).toBe("overloaded");
    expect((refused as ApiError).headers["Retry-After"]).toBe("3");
    gate.resolve();
    await first;
    expect(await second).toBe("second");
    expect(await limiter.run(() => "later")).toBe("later");
  });

  it("frees the slot when a task throws", async () => {
    const limiter = new Limiter({ concurrency: 1, queue: 0, retryAfter: 1, what: "fits" });
    await expect(limiter.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limiter.run(() => 7)).toBe(7);
    expect(limiter.active).toBe(0);
  });

  it("is one per process and kind, shared by every copy of the module (Next.js bundles one per layer)", async () => {
    const first = await import("./limiter");
    vi.resetModules();
    const second = await import("./limiter");
    expect(second.processLimiter).not.toBe(first.processLimiter);
    const opts = { concurrency: 1, queue: 0, retryAfter: 1, what: "test fits (shared)" };
    const a = first.processLimiter(opts);
    const b = second.processLimiter(opts);
    expect(b).toBe(a);
    // one slot for the process: a task through the other copy while one runs is refused, not run beside it
    const gate = deferred();
    const running = a.run(() => gate.promise);
    await expect(b.run(() => 1)).rejects.toMatchObject({ code: "overloaded" });
    gate.resolve();
    await running;
    expect(first.processLimiter({ ...opts, what: "another kind" })).not.toBe(a);
  });
});
