import { describe, expect, it } from "vitest";
import { HAND_BACK_MS } from "@/lib/web/shutdown";
import { STOP_GRACE_MS } from "@/scripts/lib/processes";
import { WORKER_STOP_MS } from "./stop-budget";

describe("stop budgets", () => {
  it("let a stopping worker and web server finish before npm start's supervisor kills them, with a second to spare", () => {
    const worker = WORKER_STOP_MS.handBack + WORKER_STOP_MS.queue;
    expect(worker + 1000).toBeLessThanOrEqual(STOP_GRACE_MS);
    expect(HAND_BACK_MS + 1000).toBeLessThanOrEqual(STOP_GRACE_MS);
    // An upload is handed back at its next heartbeat (1 s): the budget leaves room for that.
    expect(WORKER_STOP_MS.handBack).toBeGreaterThanOrEqual(2000);
  });
});
