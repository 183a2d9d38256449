// The health check's computation (./report.ts computeHealth: per-benchmark fits, wrong keys,
// duplicates) runs in a worker thread (lib/threads/off-thread.ts). At 100k samples it is tens of
// seconds of synchronous CPU; on the worker's main thread it blocked the event loop so long that
// the same process's other jobs lost their database connections (an upload processed beside it
// failed with "connection timeout" twice and waited minutes: bench:load --pool 100000).
import { runOffThread } from "@/lib/threads/off-thread";
import type { HealthInput } from "./report";
import type { HealthReport } from "./types";

export function computeHealthOffThread(input: HealthInput): Promise<HealthReport> {
  return runOffThread(new URL("./compute-thread-run.ts", import.meta.url), input, "the health check's computation");
}
